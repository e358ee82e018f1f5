import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { MailboxSimStore } from '../../../carriers/mailbox/mailbox-sim.js';
import type { Db } from '../../../shared/db/database.js';
import { normalNationalId } from '../contacts/contact-fields.js';
import { normalOrganisationNumber } from './organisation-number.js';

interface LetterRow {
  message_id: string;
  subject: string;
  channel: 'digital' | 'print';
  pdf: Buffer;
  delivered_at_ms: number;
  read_at_ms: number | null;
}

/** The simulated mailbox service's store over PostgreSQL (migration 065). */
export function sqlMailboxStore(sql: Sql, clock: Clock): MailboxSimStore {
  return {
    async hasMailbox(recipient) {
      const [row] = await sql<{ one: number }[]>`select 1 as one from sim_mailboxes where recipient = ${recipient}`;
      return row !== undefined;
    },
    async deliver(letter) {
      await sql`
        insert into sim_mailbox_letters (message_id, recipient, channel, subject, pdf, delivered_at_ms)
        values (${letter.messageId}, ${letter.recipient}, ${letter.channel}, ${letter.subject}, ${letter.pdf}, ${clock.now()})
        on conflict (message_id) do nothing`;
      const [row] = await sql<{ channel: 'digital' | 'print' }[]>`select channel from sim_mailbox_letters where message_id = ${letter.messageId}`;
      return row!.channel;
    },
    async eventsAfter(seq, limit) {
      const rows = await sql<{ seq: number; message_id: string; type: 'opened'; at_ms: number }[]>`
        select seq, message_id, type, at_ms from sim_mailbox_events where seq > ${seq} order by seq limit ${limit}`;
      return rows.map((r) => ({ seq: Number(r.seq), messageId: r.message_id, type: r.type, atMs: Number(r.at_ms) }));
    },
  };
}

/** The store key of a recipient given as a national identity number or an organisation number (both checked). */
export function simRecipientKey(input: { nationalId?: string; organisationNumber?: string }): string {
  if (input.nationalId !== undefined) return `nid:${normalNationalId(input.nationalId)}`;
  return `org:${normalOrganisationNumber(input.organisationNumber ?? '')}`;
}

/** Registers a recipient (a repeat keeps the first registration); returns when it was registered. */
export async function registerSimMailbox(db: Db, clock: Clock, recipient: string): Promise<number> {
  await db`insert into sim_mailboxes (recipient, created_at_ms) values (${recipient}, ${clock.now()}) on conflict do nothing`;
  const [row] = await db<{ created_at_ms: number }[]>`select created_at_ms from sim_mailboxes where recipient = ${recipient}`;
  return Number(row!.created_at_ms);
}

/** What a recipient's mailbox holds, newest first. */
export async function simMailboxLetters(db: Db, recipient: string): Promise<LetterRow[]> {
  const [box] = await db<{ one: number }[]>`select 1 as one from sim_mailboxes where recipient = ${recipient}`;
  if (!box) throw new SentralError('mailbox_not_registered');
  return db<LetterRow[]>`
    select message_id, subject, channel, pdf, delivered_at_ms, read_at_ms from sim_mailbox_letters
    where recipient = ${recipient} and channel = 'digital' order by delivered_at_ms desc, message_id desc limit 200`;
}

/** The recipient opens a letter: marked read once, with an `opened` event on the service's feed. */
export async function openSimLetter(sql: Sql, clock: Clock, recipient: string, messageId: string): Promise<void> {
  await sql.begin(async (tx) => {
    const [row] = await tx<{ read_at_ms: number | null }[]>`
      select read_at_ms from sim_mailbox_letters where message_id = ${messageId} and recipient = ${recipient} and channel = 'digital' for update`;
    if (!row) throw new SentralError('not_found', { message: 'The mailbox has no such letter.', param: 'messageId' });
    if (row.read_at_ms !== null) return;
    const now = clock.now();
    await tx`update sim_mailbox_letters set read_at_ms = ${now} where message_id = ${messageId}`;
    await tx`insert into sim_mailbox_events (message_id, type, at_ms) values (${messageId}, 'opened', ${now})`;
  });
}
