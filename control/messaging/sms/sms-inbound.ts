import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import { newId } from '../../../shared/ids/ids.js';
import { recordEvent } from '../../events/event-log.js';
import type { MessageChannel } from '../message-channel.js';
import type { MessageRow } from '../message-row.js';
import { storeInbound } from '../message-accept.js';
import { addSuppression, removeSuppression } from '../suppressions.js';
import { smsUnits } from './sms-units.js';

/** First words that put the sender on the profile's suppression list, and the one that takes it off. */
export const STOP_WORDS: ReadonlySet<string> = new Set(['STOP', 'STOPP', 'AVSLUTT', 'UNSUBSCRIBE']);
export const START_WORD = 'START';

/** The opt-out keyword a text starts with (any case, punctuation after it allowed), or null. */
export function keywordOf(text: string): 'stop' | 'start' | null {
  const first = /^\s*([\p{L}]+)(?=$|[\s\p{P}\p{S}])/u.exec(text)?.[1]?.toUpperCase();
  if (first === undefined) return null;
  if (STOP_WORDS.has(first)) return 'stop';
  return first === START_WORD ? 'start' : null;
}

/**
 * An SMS to one of our numbers: stored as an inbound message of the number's profile (in the number's mode: an
 * SMS to a test number is test traffic), announced as
 * `sms.received`, and a STOP/START keyword applied to the profile's suppression list. An SMS to a number
 * that is not active anywhere is dropped (null).
 */
export async function receiveSms(sql: Sql, clock: Clock, channel: MessageChannel, input: { from: string; to: string; text: string }): Promise<MessageRow | null> {
  return sql.begin(async (tx) => {
    const [number] = await tx<{ id: string; company_id: string; profile_id: string; mode: 'live' | 'test' }[]>`
      select id, company_id, profile_id, mode from phone_numbers where number = ${input.to} and status = 'active'`;
    if (!number) return null;
    const units = smsUnits(input.text || ' ');
    const row = await storeInbound(tx, clock, channel, {
      id: newId('msg', clock), companyId: number.company_id, profileId: number.profile_id, mode: number.mode, from: input.from, to: input.to,
      content: { text: input.text, encoding: units.encoding, units: units.units }, numberId: number.id,
    });
    const keyword = keywordOf(input.text);
    if (keyword === 'stop') await addSuppression(tx, clock, { profileId: number.profile_id, address: input.from, reason: input.text.trim().slice(0, 40), source: 'keyword' });
    if (keyword === 'start') await removeSuppression(tx, number.profile_id, input.from);
    await recordEvent(tx, clock, {
      companyId: number.company_id, profileId: number.profile_id, mode: number.mode, type: 'sms.received', objectId: row.id,
      data: { messageId: row.id, from: input.from, to: input.to, text: input.text, numberId: number.id, receivedAt: new Date(Number(row.created_at_ms)).toISOString(), optOut: keyword },
    });
    return row;
  });
}
