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
import { findProfiles, viewerOf } from '../../accounts/profiles.js';
import type { PriceList } from '../../../protocol/api/admin.js';
import { priceListFor } from '../../billing/price-list.js';
import type { Channel } from '../channel.js';
import type { MessageRow } from '../message-row.js';
import { acceptMessages, applyMessageEvent, getMessage, type NewMessage } from '../message-store.js';
import { suppressedPairs } from '../suppressions.js';
import { smsUnits } from './sms-units.js';

/** The encoding, units and price of a text (more than maxUnits units would be refused by a send). */
export async function quoteSms(db: Db, companyId: string, body: SmsQuoteRequest): Promise<SmsQuote> {
  const units = smsUnits(body.text);
  const prices = await priceListFor(db, companyId);
  return { object: 'sms_quote', ...units, priceOre: units.units * prices.smsUnitOre, maxUnits: SMS_MAX_UNITS };
}

/** One SMS to accept: who asks, the message id derived from their Idempotency-Key, and the request body. */
export interface SmsSend {
  caller: KeyPrincipal;
  id: string;
  body: SmsCreate;
}

/**
 * Accepts SMS in the caller's transaction (the route's group commit: concurrent requests share it). Each
 * request is checked in this order: the profile (visible to the key, active, `services.sms` on), the sender
 * (a number of the profile with SMS on, or a registered sender id), the recipient (not on the profile's
 * suppression list), the units (at most 10), the schedule and validity; then the message is stored with
 * its reservation and first `sms.status`. Each lookup is one query for the whole batch; each request gets
 * its message or its own error, and one refused request changes nothing for the others. A message already
 * stored under the id (derived from the Idempotency-Key by the route) is returned as it is.
 */
export async function sendSmsBatch(tx: Tx, clock: Clock, channel: Channel, sends: readonly SmsSend[]): Promise<(MessageRow | SentralError)[]> {
  const stored = await tx<MessageRow[]>`select * from messages where id = any(${tx.array(sends.map((s) => s.id))}::text[])`;
  const existing = new Map(stored.map((row) => [row.id, row]));
  const profiles = await findProfiles(tx, sends.map((s) => ({ viewer: viewerOf(s.caller), ref: s.body.profileId })));
  // The sends whose profile was found, and what the profile holds for each of them.
  const found = sends.flatMap((send, i) => (profiles[i] ? [{ send, profileId: profiles[i].id }] : []));
  const senders = await allowedSenders(tx, found.map((f) => ({ profileId: f.profileId, from: f.send.body.from })));
  const suppressed = await suppressedPairs(tx, found.map((f) => ({ profileId: f.profileId, address: f.send.body.to })));
  const facts = new Map(found.map((f, k) => [f.send, { sender: senders[k]!, suppressed: suppressed[k]! }]));
  const prices = new Map<string, PriceList>();
  for (const companyId of new Set(sends.map((s) => s.caller.companyId))) prices.set(companyId, await priceListFor(tx, companyId));
  const now = clock.now();
  const checked = sends.map((send, i): MessageRow | NewMessage | SentralError => {
    const { caller, id, body } = send;
    const before = existing.get(id);
    if (before) return before;
    const profile = profiles[i];
    if (!profile) return new SentralError('not_found', { message: 'No such profile.', param: 'profileId' });
    if (profile.status !== 'active') return new SentralError('profile_archived', { param: 'profileId' });
    if (!profile.services.sms) return new SentralError('service_disabled', { message: 'The profile has SMS switched off (services.sms).', param: 'profileId' });
    if (!facts.get(send)!.sender) return new SentralError('sender_not_allowed', { param: 'from' });
    if (facts.get(send)!.suppressed) return new SentralError('recipient_opted_out', { param: 'to' });
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
      id,
      companyId: caller.companyId,
      profileId: profile.id,
      mode: caller.mode,
      from: body.from,
      to: body.to,
      content: { text: body.text, encoding: units.encoding, units: units.units },
      priceOre: units.units * prices.get(caller.companyId)!.smsUnitOre,
      sendAtMs: sendAtMs !== null && sendAtMs > now ? sendAtMs : null,
      validUntilMs: startsAt + (body.validitySeconds ?? SMS_VALIDITY_MAX_SECONDS) * 1000,
      externalRef: body.externalRef ?? null,
      metadata: body.metadata ?? null,
    };
  });
  const fresh = checked.filter((c): c is NewMessage => !(c instanceof SentralError) && !('channel' in c));
  const accepted = new Map(fresh.map((input, k) => [input, k]));
  const outcomes = await acceptMessages(tx, clock, channel, fresh);
  return checked.map((c) => {
    if (c instanceof SentralError || 'channel' in c) return c;
    const outcome = outcomes[accepted.get(c)!]!;
    return outcome instanceof SentralError ? outcome : outcome.row;
  });
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
