/**
 * Pricing and reserving what a call asks for. Everything requested together is priced per started minute
 * and reserved at once, for the minutes asked for or as many whole minutes as the balance (and the
 * profile's monthly limit) reaches; less than one affordable minute starts nothing. Under a test key
 * nothing is reserved and nothing costs (the charges keep the live rates: a test call says what it would cost).
 */
import type { Charge } from '../../../protocol/calls/call-actor.js';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Tx } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { profileRoom, reserve } from '../../billing/ledger.js';

/** Minutes a call is priced and reserved for when it does not say (maxMinutes). */
export const DEFAULT_CALL_MAX_MINUTES = 60;

/** One thing to pay for: a rate per started minute, for at most `maxMinutes` (never beyond the call's minutes). */
export interface ChargeRequest {
  service: string;
  rateOre: number;
  /** null: as long as the call. */
  maxMinutes: number | null;
}

/** Who pays and for how long at most. */
export interface ReserveContext {
  companyId: string;
  profileId: string;
  mode: 'live' | 'test';
  /** The call id, kept on each reservation. */
  reference: string;
  /** Minutes the call may still run (its maxMinutes at creation, its paid minutes left later). */
  minutes: number;
}

/** What `requests` cost for `minutes` minutes of the call. */
function costOf(requests: readonly ChargeRequest[], minutes: number): number {
  return requests.reduce((sum, r) => sum + r.rateOre * Math.min(r.maxMinutes ?? minutes, minutes), 0);
}

/**
 * The charges of a test-key request: nothing is reserved, so nothing is drawn; the live rate stays on each
 * charge for the call's wouldCostOre.
 */
export function testCharges(ctx: Pick<ReserveContext, 'minutes'>, requests: readonly ChargeRequest[]): Charge[] {
  return requests.map((r) => ({ reservationId: null, service: r.service, reservedOre: 0, rateOre: r.rateOre, paidMinutes: Math.min(r.maxMinutes ?? ctx.minutes, ctx.minutes) }));
}

/**
 * Reserves every request in the caller's transaction and returns one Charge per request, in order. Throws
 * insufficient_balance, or profile_limit_reached when the profile's monthly limit is what is short.
 */
export async function reserveCharges(tx: Tx, clock: Clock, ctx: ReserveContext, requests: readonly ChargeRequest[]): Promise<Charge[]> {
  if (ctx.mode === 'test') return testCharges(ctx, requests);
  // The ledger's lock order (ledger.ts): the profile's row, then the company's, which serialises the
  // company's reservations until this transaction ends (FOR NO KEY UPDATE: inserts that merely name the
  // company, which take a key-share lock on it, are not held up).
  const room = await profileRoom(tx, clock, ctx.companyId, ctx.profileId);
  const [company] = await tx<{ balance_ore: number }[]>`select balance_ore from companies where id = ${ctx.companyId} for no key update`;
  if (!company) throw new SentralError('not_found', { message: 'No such company.' });
  const available = Math.min(company.balance_ore, room ?? Number.MAX_SAFE_INTEGER);
  let minutes = ctx.minutes;
  while (minutes > 0 && costOf(requests, minutes) > available) minutes--;
  if (minutes < 1) {
    const limitShort = room !== null && room < costOf(requests, 1) && company.balance_ore >= costOf(requests, 1);
    throw new SentralError(limitShort ? 'profile_limit_reached' : 'insufficient_balance', {
      message: limitShort
        ? 'The profile\'s monthly limit does not cover one minute of this call.'
        : `The balance does not cover one minute of this call (${costOf(requests, 1)} øre per minute).`,
    });
  }
  const charges: Charge[] = [];
  for (const r of requests) {
    const paidMinutes = Math.min(r.maxMinutes ?? minutes, minutes);
    const amountOre = r.rateOre * paidMinutes;
    if (amountOre === 0) {
      charges.push({ reservationId: null, service: r.service, reservedOre: 0, rateOre: r.rateOre, paidMinutes });
      continue;
    }
    const { reservationId } = await reserve(tx, clock, {
      companyId: ctx.companyId,
      profileId: ctx.profileId,
      service: r.service,
      amountOre,
      reference: ctx.reference,
    });
    charges.push({ reservationId, service: r.service, reservedOre: amountOre, rateOre: r.rateOre, paidMinutes });
  }
  return charges;
}

/** Paid minutes a running call has left (its whole reservation while not answered yet); at least 1. */
export function minutesLeft(call: { paidUntil: number | null; paidMinutes: number }, nowMs: number): number {
  if (call.paidUntil === null) return Math.max(1, call.paidMinutes);
  return Math.max(1, Math.ceil((call.paidUntil - nowMs) / 60_000));
}

/**
 * Reserves one request for something added to a running call, named by `reference` (the participant, stream
 * or command id). A retried request finds the open reservation it made before instead of making another
 * (`made` false); one given back meanwhile (the call refused it) is not reused, as its money went back.
 */
export async function reserveOnce(tx: Tx, clock: Clock, ctx: ReserveContext, request: ChargeRequest): Promise<{ charge: Charge; made: boolean }> {
  if (ctx.mode === 'live') {
    const [open] = await tx<{ id: string; reserved_ore: number }[]>`
      select id, reserved_ore from reservations
      where company_id = ${ctx.companyId} and reference = ${ctx.reference} and state = 'open' limit 1`;
    if (open) {
      const paidMinutes = request.rateOre === 0 ? 0 : Math.floor(open.reserved_ore / request.rateOre);
      return { charge: { reservationId: open.id, service: request.service, reservedOre: open.reserved_ore, rateOre: request.rateOre, paidMinutes }, made: false };
    }
  }
  const [charge] = await reserveCharges(tx, clock, ctx, [request]);
  return { charge: charge!, made: charge!.reservationId !== null };
}
