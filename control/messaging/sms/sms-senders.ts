import type { Clock } from '../../../shared/clock/clock.js';
import { newId } from '../../../shared/ids/ids.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { SmsSender } from '../../../protocol/messaging/sms-sender.js';
import type { Db } from '../../../shared/db/database.js';

interface SenderRow {
  id: string;
  profile_id: string;
  sender: string;
  created_at_ms: number;
}

// Most sender ids one profile may register.
const MAX_SENDERS = 100;

/** Registers an alphanumeric sender id on a profile; one already there is sender_taken. */
export async function addSender(db: Db, clock: Clock, input: { companyId: string; profileId: string; sender: string }): Promise<SmsSender> {
  const [{ n } = { n: 0 }] = await db<{ n: number }[]>`select count(*)::int as n from sms_senders where profile_id = ${input.profileId}`;
  if (n >= MAX_SENDERS) throw new SentralError('conflict', { message: `A profile may register at most ${MAX_SENDERS} sender ids.`, param: 'sender' });
  const [row] = await db<SenderRow[]>`
    insert into sms_senders (id, company_id, profile_id, sender, created_at_ms)
    values (${newId('snd', clock)}, ${input.companyId}, ${input.profileId}, ${input.sender}, ${clock.now()})
    on conflict (profile_id, sender) do nothing returning *`;
  if (!row) throw new SentralError('sender_taken', { param: 'sender' });
  return senderView(row);
}

/** A profile's sender ids, oldest first. */
export async function listSenders(db: Db, profileId: string): Promise<SmsSender[]> {
  const rows = await db<SenderRow[]>`select * from sms_senders where profile_id = ${profileId} order by created_at_ms, id`;
  return rows.map(senderView);
}

/** Removes a sender id (by its id or the sender text) from a profile; not_found when it is not there. Scheduled messages from it still go. */
export async function removeSender(db: Db, profileId: string, ref: string): Promise<void> {
  const rows = await db`delete from sms_senders where profile_id = ${profileId} and (id = ${ref} or sender = ${ref}) returning id`;
  if (rows.length === 0) throw new SentralError('not_found', { message: 'No such sender id on this profile.' });
}

function senderView(row: SenderRow): SmsSender {
  return { object: 'sms_sender', id: row.id, sender: row.sender, profileId: row.profile_id, createdAt: new Date(Number(row.created_at_ms)).toISOString() };
}
