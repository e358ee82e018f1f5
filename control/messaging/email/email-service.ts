import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql, Tx } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { EMAIL_ATTACHMENTS_MAX_BYTES, EMAIL_MAX_RECIPIENTS, EMAIL_SEND_AT_MAX_MS, type EmailCreate } from '../../../protocol/messaging/email.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import { getProfile, viewerOf } from '../../accounts/profiles.js';
import { priceListFor } from '../../billing/price-list.js';
import type { Channel } from '../channel.js';
import type { MessageRow } from '../message-row.js';
import { acceptMessage, applyMessageEvent, getMessage } from '../message-store.js';
import { firstSuppressed } from '../suppressions.js';
import { signingDomain } from './email-domains.js';
import type { EmailContent } from './email-view.js';

// Header fields sentral writes itself: a caller's copy would forge or break the message.
const RESERVED_HEADERS = new Set([
  'from', 'to', 'cc', 'bcc', 'subject', 'reply-to', 'sender', 'date', 'message-id', 'return-path', 'dkim-signature',
  'mime-version', 'content-type', 'content-transfer-encoding', 'content-disposition', 'received', 'in-reply-to', 'references',
]);

// "Display Name <local@domain>" or "local@domain".
const FROM = /^\s*(?:"?([^"<>]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))\s*$/;
const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/**
 * Accepts an email in the caller's transaction: the profile (visible, active, `services.email` on), the
 * sender (an address at a sender domain of the profile; verified for live keys), the recipients (at most
 * 50, none on the suppression list), the header fields and attachments (10 MB at most); then the message
 * with one price per recipient reserved, its attachments stored apart, and its first `email.status`.
 */
export async function sendEmail(tx: Tx, clock: Clock, channel: Channel, caller: KeyPrincipal, id: string, body: EmailCreate): Promise<MessageRow> {
  const [existing] = await tx<MessageRow[]>`select * from messages where id = ${id}`;
  if (existing) return existing;
  const profile = await getProfile(tx, viewerOf(caller), body.profileId).catch((err: unknown) => {
    throw err instanceof SentralError && err.code === 'not_found' ? new SentralError('not_found', { message: 'No such profile.', param: 'profileId' }) : err;
  });
  if (profile.status !== 'active') throw new SentralError('profile_archived', { param: 'profileId' });
  if (!profile.services.email) throw new SentralError('service_disabled', { message: 'The profile has email switched off (services.email).', param: 'profileId' });
  const fromAddress = addressOfFrom(body.from);
  const domain = await signingDomain(tx, profile.id, fromAddress);
  // Test keys may send from a domain not verified yet (to the sink): the quickstart works before DNS does.
  if (!domain || (caller.mode === 'live' && !domain.verified)) throw new SentralError('sender_domain_not_verified', { param: 'from' });
  const to = (Array.isArray(body.to) ? body.to : [body.to]).map(lower);
  const cc = (body.cc ?? []).map(lower);
  const bcc = (body.bcc ?? []).map(lower);
  const everyone = [...new Set([...to, ...cc, ...bcc])];
  if (everyone.length > EMAIL_MAX_RECIPIENTS) {
    throw new SentralError('invalid_request', { message: `An email has at most ${EMAIL_MAX_RECIPIENTS} recipients (to, cc and bcc together).`, param: 'to' });
  }
  const suppressed = await firstSuppressed(tx, profile.id, everyone);
  if (suppressed !== null) {
    throw new SentralError('recipient_opted_out', { message: `${suppressed} is on the profile's suppression list; nothing was sent.`, param: fieldOf(suppressed, to, cc) });
  }
  if (body.text === undefined && body.html === undefined) throw new SentralError('email_body_required', { param: 'text' });
  const headers = checkedHeaders(body.headers ?? {});
  const files = (body.attachments ?? []).map((a) => ({ ...a, bytes: Buffer.from(a.content, 'base64') }));
  const total = files.reduce((sum, f) => sum + f.bytes.length, 0);
  if (total > EMAIL_ATTACHMENTS_MAX_BYTES) {
    throw new SentralError('attachments_too_large', { message: `The attachments are ${total} bytes together; at most ${EMAIL_ATTACHMENTS_MAX_BYTES} are allowed.`, param: 'attachments' });
  }
  const now = clock.now();
  const sendAtMs = body.sendAt === undefined ? null : Date.parse(body.sendAt);
  if (sendAtMs !== null && (Number.isNaN(sendAtMs) || sendAtMs > now + EMAIL_SEND_AT_MAX_MS)) {
    throw new SentralError('invalid_request', { message: 'sendAt must be a time at most 7 days ahead.', param: 'sendAt' });
  }
  const prices = await priceListFor(tx, caller.companyId);
  const content: EmailContent = {
    from: body.from.trim(),
    to,
    cc,
    bcc,
    replyTo: body.replyTo?.toLowerCase() ?? null,
    subject: body.subject,
    text: body.text ?? null,
    html: body.html ?? null,
    headers,
    tags: body.tags ?? [],
    attachments: files.map((f) => ({ filename: f.filename, contentType: f.contentType, sizeBytes: f.bytes.length })),
  };
  const { row, created } = await acceptMessage(tx, clock, channel, {
    id,
    companyId: caller.companyId,
    profileId: profile.id,
    mode: caller.mode,
    from: fromAddress,
    to: to[0]!,
    content: content as unknown as Record<string, unknown>,
    priceOre: everyone.length * prices.emailOre,
    sendAtMs: sendAtMs !== null && sendAtMs > now ? sendAtMs : null,
    validUntilMs: Math.max(now, sendAtMs ?? now) + 72 * 3_600_000,
    externalRef: body.externalRef ?? null,
    metadata: body.metadata ?? null,
  });
  if (created && files.length > 0) {
    const blobs = files.map((f, i) => ({ message_id: id, name: `attachment-${String(i).padStart(2, '0')}`, content_type: f.contentType, body: f.bytes }));
    await tx`insert into message_blobs ${tx(blobs)}`;
  }
  return row;
}

/** Cancels a scheduled email the caller can see (its reservation back); one on its way or done is message_not_cancelable. */
export async function cancelEmail(sql: Sql, clock: Clock, channel: Channel, caller: KeyPrincipal, id: string): Promise<MessageRow> {
  return sql.begin(async (tx) => {
    const row = await getMessage(tx, caller, 'email', id);
    if (row.state === 'canceled') return row;
    const moved = await applyMessageEvent(tx, clock, channel, id, { type: 'cancel' });
    if (!moved) throw new SentralError('message_not_cancelable', { message: `The email is ${row.state}; only a scheduled email can be canceled.` });
    return moved;
  });
}

/** The address of a From value ("Name <a@b>" or "a@b"), lower-cased; invalid_request naming `from` otherwise. */
export function addressOfFrom(from: string): string {
  const m = FROM.exec(from);
  const address = (m?.[2] ?? m?.[3] ?? '').toLowerCase();
  if (!ADDRESS.test(address) || address.length > 254) throw new SentralError('invalid_request', { message: 'from must be address@domain or "Name <address@domain>".', param: 'from' });
  return address;
}

function checkedHeaders(headers: Record<string, string>): Record<string, string> {
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[A-Za-z0-9-]{1,64}$/.test(name) || /[\r\n]/.test(value)) throw new SentralError('invalid_request', { message: 'A header name is letters, digits and -; a value is one line.', param: `headers.${name}` });
    if (RESERVED_HEADERS.has(name.toLowerCase()) || name.toLowerCase().startsWith('x-sentral-')) throw new SentralError('header_not_allowed', { param: `headers.${name}` });
  }
  if (Object.keys(headers).length > 20) throw new SentralError('invalid_request', { message: 'At most 20 extra header fields.', param: 'headers' });
  return headers;
}

function lower(address: string): string {
  return address.toLowerCase();
}

function fieldOf(address: string, to: string[], cc: string[]): string {
  return to.includes(address) ? 'to' : cc.includes(address) ? 'cc' : 'bcc';
}
