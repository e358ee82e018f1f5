import type { Charge } from '../../../protocol/calls/call-actor.js';
import type { CallEffect } from '../../../protocol/calls/call-actor.js';
import type { PriceItem } from '../../../protocol/calls/call.js';

const MINUTE_MS = 60_000;

/** Started minutes in `ms` of billable time (0 ms counts nothing; 1 ms counts one minute). */
export function startedMinutes(ms: number): number {
  return ms <= 0 ? 0 : Math.ceil(ms / MINUTE_MS);
}

/** The paid time of a charge in ms. */
export function paidMs(charge: Charge): number {
  return charge.paidMinutes * MINUTE_MS;
}

/** What a charge costs for billable time from `startedAt` to `endedAt`, never over its reservation. */
export function settle(charge: Charge, startedAt: number | null, endedAt: number): { durationSeconds: number; countedMinutes: number; priceOre: number } {
  const ms = startedAt === null ? 0 : Math.max(0, endedAt - startedAt);
  const countedMinutes = startedMinutes(ms);
  const priceOre = Math.min(countedMinutes * charge.rateOre, charge.reservedOre);
  return { durationSeconds: Math.floor(ms / 1000), countedMinutes, priceOre };
}

/** The ledger moves that close a charge: capture the price, release the rest (nothing under a test key). */
export function ledgerMoves(charge: Charge, priceOre: number): CallEffect[] {
  if (charge.reservationId === null) return [];
  const moves: CallEffect[] = [];
  if (priceOre > 0) moves.push({ type: 'ledger.capture', reservationId: charge.reservationId, amountOre: priceOre });
  moves.push({ type: 'ledger.release', reservationId: charge.reservationId });
  return moves;
}

/** The line of the call's price for a settled charge: `item` is what it paid for, `id` whose it is. */
export function priceItem(item: string, id: string, charge: Charge, settled: { countedMinutes: number; priceOre: number }): PriceItem {
  return { item, id, minutes: settled.countedMinutes, rateOre: charge.rateOre, priceOre: settled.priceOre };
}

/** In test mode, what the call's items would have drawn live (their minutes at the live rate); null in live mode. */
export function wouldCostOre(mode: 'live' | 'test', items: readonly PriceItem[]): number | null {
  return mode === 'test' ? items.reduce((sum, i) => sum + i.minutes * i.rateOre, 0) : null;
}
