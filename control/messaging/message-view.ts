import type { Metadata } from '../../protocol/api/common.js';
import type { MessageRow } from './message-row.js';

/** The fields every channel's message view has, whatever the channel. */
export interface CommonMessageView {
  id: string;
  state: string;
  profileId: string;
  mode: 'live' | 'test';
  priceOre: number;
  wouldCostOre: number | null;
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
    wouldCostOre: wouldCostOre(row),
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
 * canceled, expired unsent), when nothing was drawn and the reservation went back. 0 in test mode: nothing is
 * ever drawn.
 */
export function drawnOre(row: MessageRow): number {
  return row.mode === 'test' ? 0 : liveOre(row);
}

/** In test mode, what the message would have cost live (the same rule as a live message's price); null in live mode. */
export function wouldCostOre(row: MessageRow): number | null {
  return row.mode === 'test' ? liveOre(row) : null;
}

function liveOre(row: MessageRow): number {
  const endedUnsent = row.carrier_ref === null && (row.error_code !== null || row.state === 'canceled');
  return endedUnsent ? 0 : Number(row.price_ore);
}

/** A batch's total of its messages' prices, and of what they would cost live in test mode (null in live mode). */
export function batchTotals(messages: readonly { priceOre: number; wouldCostOre: number | null }[], mode: 'live' | 'test'): { priceOre: number; wouldCostOre: number | null } {
  return {
    priceOre: messages.reduce((sum, m) => sum + m.priceOre, 0),
    wouldCostOre: mode === 'test' ? messages.reduce((sum, m) => sum + (m.wouldCostOre ?? 0), 0) : null,
  };
}

/** A stored millisecond time as ISO 8601; null stays null. */
export function isoTime(ms: number | null): string | null {
  return ms === null ? null : new Date(Number(ms)).toISOString();
}
