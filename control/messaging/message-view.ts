import type { Metadata } from '../../protocol/api/common.js';
import type { MessageRow } from './message-row.js';

/** The fields every channel's message view has, whatever the channel. */
export interface CommonMessageView {
  id: string;
  state: string;
  profileId: string;
  mode: 'live' | 'test';
  priceOre: number;
  errorCode: string | null;
  errorDesc: string | null;
  externalRef: string | null;
  metadata: Metadata | null;
  createdAt: string;
  updatedAt: string;
}

/** A message's common view: a channel's view adds its own fields to it. */
export function commonView(row: MessageRow): CommonMessageView {
  return {
    id: row.id,
    state: row.state,
    profileId: row.profile_id,
    mode: row.mode,
    priceOre: drawnOre(row),
    errorCode: row.error_code,
    errorDesc: row.error_desc,
    externalRef: row.external_ref,
    metadata: row.metadata,
    createdAt: isoTime(row.created_at_ms)!,
    updatedAt: isoTime(row.updated_at_ms)!,
  };
}

/**
 * What a message costs as far as its customer can see: its price while it is on its way (reserved) and once a
 * carrier took it (drawn), 0 once it ended without being handed over (refused, failed before hand-off,
 * canceled, expired unsent), when nothing was drawn and the reservation went back.
 */
export function drawnOre(row: MessageRow): number {
  const endedUnsent = row.carrier_ref === null && (row.error_code !== null || row.state === 'canceled');
  return endedUnsent ? 0 : Number(row.price_ore);
}

/** A stored millisecond time as ISO 8601; null stays null. */
export function isoTime(ms: number | null): string | null {
  return ms === null ? null : new Date(Number(ms)).toISOString();
}
