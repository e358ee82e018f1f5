import type { Clock } from '../../shared/clock/clock.js';
import type { Tx } from '../../shared/db/database.js';
import { capture, release, reserve } from '../billing/ledger.js';
import type { MessageRow } from './message-row.js';
import type { MoneyEffect } from './message-transitions.js';

/**
 * Reserves a live message's price at accept (balance and the profile's monthly limit, guarded updates in
 * the ledger), in the transaction that stores the message: null when nothing is to be reserved.
 */
export async function reserveMessage(
  tx: Tx,
  clock: Clock,
  input: { companyId: string; profileId: string; service: string; priceOre: number; messageId: string; mode: 'live' | 'test' },
): Promise<string | null> {
  if (input.mode !== 'live' || input.priceOre <= 0) return null;
  const reservation = await reserve(tx, clock, { companyId: input.companyId, profileId: input.profileId, service: input.service, amountOre: input.priceOre, reference: input.messageId });
  return reservation.reservationId;
}

/**
 * Moves a message's money with its state change: `capture` draws its price from its reservation (and closes
 * its own one); `release` gives its own reservation back. A campaign's shared reservation is only drawn
 * from here: the campaign releases what it did not use.
 */
export async function settleMessageMoney(tx: Tx, clock: Clock, row: MessageRow, effect: MoneyEffect): Promise<void> {
  if (effect === null || row.reservation_id === null) return;
  if (effect === 'capture') await capture(tx, clock, { reservationId: row.reservation_id, amountOre: Number(row.price_ore) });
  if (row.own_reservation) await release(tx, clock, { reservationId: row.reservation_id });
}
