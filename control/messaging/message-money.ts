import type { Clock } from '../../shared/clock/clock.js';
import type { Tx } from '../../shared/db/database.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { captureMany, releaseMany, reserveMany } from '../billing/ledger.js';
import type { MessageRow } from './message-row.js';
import type { MoneyEffect } from './message-machine.js';

/**
 * Reserves live messages' prices at accept (balance and the profile's monthly limit, guarded updates in
 * the ledger), in the transaction that stores them: by message id, its reservation id or its own refusal;
 * a test message or a free one is left out (nothing to reserve).
 */
export async function reserveMessages(
  tx: Tx,
  clock: Clock,
  service: string,
  inputs: readonly { id: string; companyId: string; profileId: string; priceOre: number; mode: 'live' | 'test' }[],
): Promise<Map<string, string | SentralError>> {
  const paid = inputs.filter((input) => input.mode === 'live' && input.priceOre > 0);
  const made = await reserveMany(tx, clock, paid.map((input) => ({ companyId: input.companyId, profileId: input.profileId, service, amountOre: input.priceOre, reference: input.id })));
  return new Map(paid.map((input, i) => {
    const reservation = made[i]!;
    return [input.id, reservation instanceof SentralError ? reservation : reservation.reservationId];
  }));
}

/**
 * Moves messages' money with their state changes, all at once: `capture` draws each one's price from its
 * reservation (and closes its own one); `release` gives its own reservation back. A campaign's shared
 * reservation is only drawn from here: the campaign releases what it did not use.
 */
export async function settleMessagesMoney(tx: Tx, clock: Clock, moves: readonly { row: MessageRow; effect: MoneyEffect }[]): Promise<void> {
  const held = moves.filter((m) => m.effect !== null && m.row.reservation_id !== null);
  await captureMany(tx, clock, held.filter((m) => m.effect === 'capture').map((m) => ({ reservationId: m.row.reservation_id!, amountOre: Number(m.row.price_ore) })));
  await releaseMany(tx, clock, held.filter((m) => m.row.own_reservation).map((m) => m.row.reservation_id!));
}
