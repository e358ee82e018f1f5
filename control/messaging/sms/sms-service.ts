import type { Clock } from '../../../shared/clock/clock.js';
import type { Db, Tx } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import {
  SMS_MAX_UNITS,
  SMS_SEND_AT_MAX_MS,
  SMS_VALIDITY_MAX_SECONDS,
  type SmsCreate,
  type SmsQuote,
  type SmsQuoteRequest,
} from '../../../protocol/messaging/sms.js';
import type { Profile } from '../../../protocol/api/profiles.js';
import { priceListFor, priceListsFor } from '../../billing/price-list.js';
import { messageOf } from '../message-accept.js';
import type { Admitted, MessageSend } from '../message-channel.js';
import { suppressedPairs } from '../suppressions.js';
import { smsUnits } from './sms-units.js';
import { isTestNumber } from '../../numbers/test-numbers.js';
import { liveNumberError } from '../../numbers/phone-validity.js';

/** The encoding, units and price of a text (more than maxUnits units would be refused by a send). */
export async function quoteSms(db: Db, companyId: string, body: SmsQuoteRequest): Promise<SmsQuote> {
  const units = smsUnits(body.text);
  const prices = await priceListFor(db, companyId);
  return { object: 'sms_quote', ...units, priceOre: units.units * prices.smsUnitOre, maxUnits: SMS_MAX_UNITS };
}

/**
 * The SMS checks of sends whose profile is active with SMS on, in this order: the sender (a number of the
 * profile with SMS on, or a registered sender id; a test number only in test mode), a live recipient that can
 * exist (phone-validity.ts), the recipient (not on the profile's suppression list),
 * the units (at most 10), the schedule and validity. One query of each kind for the whole batch.
 */
export async function admitSms(tx: Tx, clock: Clock, sends: readonly { send: MessageSend<SmsCreate>; profile: Profile }[]): Promise<(Admitted | SentralError)[]> {
  // Three independent lookups, sent at once (one round trip on the transaction's connection).
  const [senders, suppressed, prices] = await Promise.all([
    allowedSenders(tx, sends.map(({ send, profile }) => ({ profileId: profile.id, from: send.body.from }))),
    suppressedPairs(tx, sends.map(({ send, profile }) => ({ profileId: profile.id, address: send.body.to }))),
    priceListsFor(tx, sends.map((s) => s.send.caller.companyId)),
  ]);
  const now = clock.now();
  return sends.map(({ send, profile }, i): Admitted | SentralError => {
    const { caller, body } = send;
    if (!senders[i]) return new SentralError('sender_not_allowed', { param: 'from' });
    if (caller.mode === 'live' && isTestNumber(body.from)) return new SentralError('live_number_required', { param: 'from' });
    const invalid = caller.mode === 'live' ? liveNumberError(body.to, 'to') : null;
    if (invalid) return invalid;
    if (suppressed[i]) return new SentralError('recipient_opted_out', { param: 'to' });
    const units = smsUnits(body.text);
    if (units.units > SMS_MAX_UNITS) {
      return new SentralError('too_many_units', { message: `The text needs ${units.units} SMS units (${units.encoding}); at most ${SMS_MAX_UNITS} are allowed.`, param: 'text' });
    }
    const sendAtMs = body.sendAt === undefined ? null : Date.parse(body.sendAt);
    if (sendAtMs !== null && (Number.isNaN(sendAtMs) || sendAtMs > now + SMS_SEND_AT_MAX_MS)) {
      return new SentralError('invalid_request', { message: 'sendAt must be a time at most 7 days ahead.', param: 'sendAt' });
    }
    const startsAt = Math.max(now, sendAtMs ?? now);
    return {
      blobs: [],
      message: messageOf(send, profile, {
        from: body.from,
        to: body.to,
        content: { text: body.text, encoding: units.encoding, units: units.units },
        priceOre: units.units * prices.get(caller.companyId)!.smsUnitOre,
        sendAtMs: sendAtMs !== null && sendAtMs > now ? sendAtMs : null,
        validUntilMs: startsAt + (body.validitySeconds ?? SMS_VALIDITY_MAX_SECONDS) * 1000,
      }),
    };
  });
}

/** Refuses (sender_not_allowed) a sender that is not a number of the profile with SMS on nor a sender id registered on it. */
export async function assertSender(db: Db, profileId: string, from: string): Promise<void> {
  const [allowed] = await allowedSenders(db, [{ profileId, from }]);
  if (!allowed) throw new SentralError('sender_not_allowed', { param: 'from' });
}

/** For each (profile, from): whether `from` is a number of the profile with SMS on or a sender id registered on it. */
export async function allowedSenders(db: Db, pairs: readonly { profileId: string; from: string }[]): Promise<boolean[]> {
  if (pairs.length === 0) return [];
  const profileIds = db.array(pairs.map((p) => p.profileId));
  const froms = db.array(pairs.map((p) => p.from));
  const rows = await db<{ profile_id: string; sender: string }[]>`
    select profile_id, number as sender from phone_numbers
    where (profile_id, number) in (select * from unnest(${profileIds}::uuid[], ${froms}::text[])) and status = 'active' and sms_enabled
    union all
    select profile_id, sender from sms_senders
    where (profile_id, sender) in (select * from unnest(${profileIds}::uuid[], ${froms}::text[]))`;
  const held = new Set(rows.map((r) => `${r.profile_id} ${r.sender}`));
  return pairs.map((p) => held.has(`${p.profileId} ${p.from}`));
}
