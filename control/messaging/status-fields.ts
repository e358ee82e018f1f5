import type { Metadata } from '../../protocol/api/common.js';
import type { MessageRow } from './message-row.js';

/** The fields every channel's status event carries, whatever the channel. */
export interface StatusFields {
  eventId: string;
  mode: 'live' | 'test';
  profileId: string;
  messageId: string;
  priceOre: number;
  externalRef: string | null;
  metadata: Metadata | null;
  /** The campaign that sent it (null for a message sent on its own). */
  campaignId: string | null;
}

/** The common fields of a status event for a message that just moved (`eventId` its event's id). */
export function statusFields(row: MessageRow, eventId: string): StatusFields {
  return { eventId, mode: row.mode, profileId: row.profile_id, messageId: row.id, priceOre: Number(row.price_ore), externalRef: row.external_ref, metadata: row.metadata, campaignId: row.campaign_id };
}
