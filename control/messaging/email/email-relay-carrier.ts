import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import type { DeliveryReport } from '../../../carriers/email/delivery-report.js';
import type { EmailCarrier, RecipientRefusal } from '../../../carriers/email/email-carrier.js';
import type { Carrier, CarrierReports, SubmitOutcome } from '../message-channel.js';
import type { MessageRow } from '../message-row.js';
import { addSuppression } from '../suppressions.js';
import { createBatcher } from '../../../shared/work/batcher.js';
import { signingDomains, type SigningDomain } from './email-domains.js';
import { recipientRef, type DkimRecord, type EmailContent } from './email-view.js';
import { RETURN_PATH_LABEL } from './domain-records.js';

// Most sender domains looked up (signatures recorded) in one query.
const DOMAIN_BATCH_MAX = 128;

/**
 * The pipeline's email carrier over a relay adapter (the SMTP relay or the sink): builds the message from
 * the row, its sender domain's key and its attachments, and turns the relay's answer into the outbox's.
 * Recipients the relay refuses for good go on the profile's suppression list.
 */
export function relayCarrier(sql: Sql, clock: Clock, relay: EmailCarrier, options: { deliveredOnAccept: boolean }): Carrier {
  // The outbox hands over a claimed batch at once: their sender domains are looked up in one query.
  const domains = createBatcher<{ profileId: string; address: string }, SigningDomain | null>((pairs) => signingDomains(sql, pairs), { maxBatch: DOMAIN_BATCH_MAX });
  const signatures = createBatcher<{ id: string; dkim: DkimRecord }, void>((items) => recordSignatures(sql, items), { maxBatch: DOMAIN_BATCH_MAX });
  // What the relay answered, it answered to the signed message: the signature is recorded for the email's
  // page. Failing to record it changes nothing of the hand-off (the email then shows no signature).
  const signed = (row: MessageRow, signing: SigningDomain): Promise<void> =>
    signatures.submit({ id: row.id, dkim: { domain: signing.domain, selector: signing.selector, signedAtMs: clock.now() } }).catch(() => undefined);
  return {
    async submit(row: MessageRow): Promise<SubmitOutcome> {
      const content = row.content as unknown as EmailContent;
      const signing = await domains.submit({ profileId: row.profile_id, address: row.from_address });
      if (!signing) return { kind: 'refused', code: 'sender_domain_not_verified', desc: 'The sender domain was removed from the profile.' };
      const blobs = content.attachments.length === 0
        ? []
        : await sql<{ body: Buffer }[]>`select body from message_blobs where message_id = ${row.id} and name like 'attachment-%' order by name`;
      const handOff = await relay.send({
        id: row.id,
        from: content.from,
        to: content.to,
        cc: content.cc,
        bcc: content.bcc,
        ...(content.replyTo === null ? {} : { replyTo: content.replyTo }),
        subject: content.subject,
        ...(content.text === null ? {} : { text: content.text }),
        ...(content.html === null ? {} : { html: content.html }),
        attachments: content.attachments.map((a, i) => ({ filename: a.filename, contentType: a.contentType, content: blobs[i]!.body })),
        headers: content.headers,
        returnPath: `${row.id}@${RETURN_PATH_LABEL}.${signing.domain}`,
        messageIdHeader: `${row.id}@${signing.domain}`,
        dkim: { domainName: signing.domain, keySelector: signing.selector, privateKey: signing.privateKey },
      });
      switch (handOff.kind) {
        case 'accepted':
          await signed(row, signing);
          await suppressRefused(sql, clock, row.profile_id, handOff.refused);
          return { kind: 'submitted', carrierRefs: handOff.accepted.map((a) => recipientRef(row.id, a)), ...(options.deliveredOnAccept ? { delivered: true } : {}) };
        case 'refused':
          await signed(row, signing);
          await suppressRefused(sql, clock, row.profile_id, handOff.refused);
          return { kind: 'refused', code: 'email_bounced', desc: handOff.desc };
        case 'retry':
          return { kind: 'retry', afterMs: handOff.afterMs, desc: handOff.desc };
        case 'unknown':
          return { kind: 'unknown', desc: handOff.desc };
      }
    },
  };
}

// Adds `dkim` to the content of emails the relay answered (a batch in one statement).
async function recordSignatures(sql: Sql, items: readonly { id: string; dkim: DkimRecord }[]): Promise<void[]> {
  await sql`
    update messages m set content = m.content || jsonb_build_object('dkim', jsonb_build_object('domain', v.domain, 'selector', v.selector, 'signedAtMs', v.at))
    from unnest(${sql.array(items.map((i) => i.id))}::text[], ${sql.array(items.map((i) => i.dkim.domain))}::text[],
                ${sql.array(items.map((i) => i.dkim.selector))}::text[], ${sql.array(items.map((i) => i.dkim.signedAtMs))}::bigint[])
      as v(id, domain, selector, at)
    where m.id = v.id and m.channel = 'email'`;
  return items.map(() => undefined);
}

// A 5xx for a recipient is a hard bounce: the address goes on the list (a 4xx one is not).
async function suppressRefused(sql: Sql, clock: Clock, profileId: string, refused: RecipientRefusal[]): Promise<void> {
  for (const r of refused) {
    if (r.code >= 500 && r.address) await addSuppression(sql, clock, { profileId, address: r.address, reason: r.desc.slice(0, 200), source: 'bounce' });
  }
}

/**
 * What a delivery report does: a hard bounce or a complaint puts the recipient on the message's profile's
 * suppression list; delivered and bounced settle the recipient's part of the message; a delay (the relay
 * still tries) changes nothing. A report for no message of ours is dropped.
 */
export function deliveryReportHandler(sql: Sql, clock: Clock, reports: CarrierReports): (report: DeliveryReport) => Promise<void> {
  return async (report) => {
    if (report.messageId === null) return;
    const [row] = await sql<{ profile_id: string; state: string }[]>`select profile_id, state from messages where id = ${report.messageId} and channel = 'email'`;
    if (!row) return;
    // A report can outrun the relay's own answer: until the hand-off is recorded, the report is refused
    // (451), and the reporting MTA brings it again.
    if (row.state === 'sending') throw new Error(`the hand-off of ${report.messageId} is not recorded yet`);
    const reason = [report.status, report.diagnostic].filter(Boolean).join(' ').slice(0, 200) || report.outcome;
    if (report.outcome === 'bounced' || report.outcome === 'complained') {
      await addSuppression(sql, clock, { profileId: row.profile_id, address: report.recipient, reason, source: report.outcome === 'bounced' ? 'bounce' : 'complaint' });
    }
    const ref = recipientRef(report.messageId, report.recipient);
    if (report.outcome === 'delivered') await reports.receipt('email', ref, 'delivered', null);
    if (report.outcome === 'bounced') await reports.receipt('email', ref, 'undelivered', reason);
  };
}
