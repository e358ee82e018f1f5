import type { Clock } from '../../../shared/clock/clock.js';
import type { Db, Sql, Tx } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import {
  SMS_MAX_UNITS,
  SMS_SEND_AT_MAX_MS,
  SMS_VALIDITY_MAX_SECONDS,
  type SmsCreate,
  type SmsQuote,
  type SmsQuoteRequest,
} from '../../../protocol/messaging/sms.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import { getProfile, viewerOf } from '../../accounts/profiles.js';
import { priceListFor } from '../../billing/price-list.js';
import type { Channel } from '../channel.js';
import type { MessageRow } from '../message-row.js';
import { acceptMessage, applyMessageEvent, getMessage } from '../message-store.js';
import { isSuppressed } from '../suppressions.js';
import { smsUnits } from './sms-units.js';

/** The encoding, units and price of a text (more than maxUnits units would be refused by a send). */
export async function quoteSms(db: Db, companyId: string, body: SmsQuoteRequest): Promise<SmsQuote> {
  const units = smsUnits(body.text);
  const prices = await priceListFor(db, companyId);
  return { object: 'sms_quote', ...units, priceOre: units.units * prices.smsUnitOre, maxUnits: SMS_MAX_UNITS };
}

/**
 * Accepts an SMS in the caller's transaction: the profile (visible to the key, active, `services.sms` on),
 * the sender (a number of the profile with SMS on, or a registered sender id), the recipient (not on the
 * profile's suppression list), the units (at most 10), the schedule and validity; then the message with
 * its reservation and first `sms.status`. `id` is derived from the Idempotency-Key by the route.
 */
export async function sendSms(tx: Tx, clock: Clock, channel: Channel, caller: KeyPrincipal, id: string, body: SmsCreate): Promise<MessageRow> {
  const [existing] = await tx<MessageRow[]>`select * from messages where id = ${id}`;
  if (existing) return existing;
  const profile = await getProfile(tx, viewerOf(caller), body.profileId).catch((err: unknown) => {
    throw err instanceof SentralError && err.code === 'not_found' ? new SentralError('not_found', { message: 'No such profile.', param: 'profileId' }) : err;
  });
  if (profile.status !== 'active') throw new SentralError('profile_archived', { param: 'profileId' });
  if (!profile.services.sms) throw new SentralError('service_disabled', { message: 'The profile has SMS switched off (services.sms).', param: 'profileId' });
  await assertSender(tx, profile.id, body.from);
  if (await isSuppressed(tx, profile.id, body.to)) throw new SentralError('recipient_opted_out', { param: 'to' });
  const units = smsUnits(body.text);
  if (units.units > SMS_MAX_UNITS) {
    throw new SentralError('too_many_units', { message: `The text needs ${units.units} SMS units (${units.encoding}); at most ${SMS_MAX_UNITS} are allowed.`, param: 'text' });
  }
  const now = clock.now();
  const sendAtMs = body.sendAt === undefined ? null : Date.parse(body.sendAt);
  if (sendAtMs !== null && (Number.isNaN(sendAtMs) || sendAtMs > now + SMS_SEND_AT_MAX_MS)) {
    throw new SentralError('invalid_request', { message: 'sendAt must be a time at most 7 days ahead.', param: 'sendAt' });
  }
  const startsAt = Math.max(now, sendAtMs ?? now);
  const prices = await priceListFor(tx, caller.companyId);
  const { row } = await acceptMessage(tx, clock, channel, {
    id,
    companyId: caller.companyId,
    profileId: profile.id,
    mode: caller.mode,
    from: body.from,
    to: body.to,
    content: { text: body.text, encoding: units.encoding, units: units.units },
    priceOre: units.units * prices.smsUnitOre,
    sendAtMs: sendAtMs !== null && sendAtMs > now ? sendAtMs : null,
    validUntilMs: startsAt + (body.validitySeconds ?? SMS_VALIDITY_MAX_SECONDS) * 1000,
    externalRef: body.externalRef ?? null,
    metadata: body.metadata ?? null,
  });
  return row;
}

/** Cancels a scheduled SMS the caller can see (its reservation back); one on its way or done is message_not_cancelable. */
export async function cancelSms(sql: Sql, clock: Clock, channel: Channel, caller: KeyPrincipal, id: string): Promise<MessageRow> {
  return sql.begin(async (tx) => {
    const row = await getMessage(tx, caller, 'sms', id);
    if (row.state === 'canceled') return row;
    const moved = await applyMessageEvent(tx, clock, channel, id, { type: 'cancel' });
    if (!moved) throw new SentralError('message_not_cancelable', { message: `The message is ${row.state}; only a scheduled message can be canceled.` });
    return moved;
  });
}

/** Refuses (sender_not_allowed) a sender that is not a number of the profile with SMS on nor a sender id registered on it. */
export async function assertSender(db: Db, profileId: string, from: string): Promise<void> {
  const [row] = from.startsWith('+')
    ? await db<{ one: number }[]>`
        select 1 as one from phone_numbers where number = ${from} and profile_id = ${profileId} and status = 'active' and sms_enabled`
    : await db<{ one: number }[]>`select 1 as one from sms_senders where profile_id = ${profileId} and sender = ${from}`;
  if (!row) throw new SentralError('sender_not_allowed', { param: 'from' });
}
