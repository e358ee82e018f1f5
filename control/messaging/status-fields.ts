import type { Static } from 'typebox';
import type { statusEventFields } from '../../protocol/messaging/status-event.js';
import type { MessageRow } from './message-row.js';
import { drawnOre, wouldCostOre } from './message-view.js';

/** The fields every channel's status event carries, whatever the channel (protocol/messaging/status-event.ts). */
export type StatusFields = { [K in keyof typeof statusEventFields]: Static<(typeof statusEventFields)[K]> };

/**
 * The common fields of a status event for a message that just moved (`eventId` its event's id); the reason
 * (errorCode, errorDesc) only when `failed` says the message is in one of its channel's failed states.
 */
export function statusFields(row: MessageRow, eventId: string, failed: boolean): StatusFields {
  return {
    eventId,
    mode: row.mode,
    profileId: row.profile_id,
    messageId: row.id,
    priceOre: drawnOre(row),
    wouldCostOre: wouldCostOre(row),
    errorCode: failed ? row.error_code : null,
    errorDesc: failed ? row.error_desc : null,
    externalRef: row.external_ref,
    metadata: row.metadata,
    campaignId: row.campaign_id,
  };
}
