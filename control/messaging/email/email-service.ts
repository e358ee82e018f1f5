import type { Clock } from '../../../shared/clock/clock.js';
import type { Tx } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { EMAIL_ATTACHMENTS_MAX_BYTES, EMAIL_MAX_RECIPIENTS, EMAIL_SEND_AT_MAX_MS, type EmailCreate } from '../../../protocol/messaging/email.js';
import type { Profile } from '../../../protocol/api/profiles.js';
import type { PriceList } from '../../../protocol/api/admin.js';
import { priceListsFor } from '../../billing/price-list.js';
import { messageOf } from '../message-accept.js';
import type { Admitted, MessageSend } from '../message-channel.js';
import { suppressedPairs } from '../suppressions.js';
import { signingDomains, type SigningDomain } from './email-domains.js';
import type { EmailContent } from './email-view.js';

/** How long an email stays valid unsent. */
export const EMAIL_VALIDITY_MS = 72 * 3_600_000;

// Header fields sentral writes itself: a caller's copy would forge or break the message.
const RESERVED_HEADERS = new Set([
  'from', 'to', 'cc', 'bcc', 'subject', 'reply-to', 'sender', 'date', 'message-id', 'return-path', 'dkim-signature',
  'mime-version', 'content-type', 'content-transfer-encoding', 'content-disposition', 'received', 'in-reply-to', 'references',
]);

// "Display Name <local@domain>" or "local@domain".
const FROM = /^\s*(?:"?([^"<>]*?)"?\s*<([^<>\s]+)>|([^<>\s]+))\s*$/;
const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

// What the batch's lookups found for one send.
interface EmailFacts {
  profile: Profile;
  domain: SigningDomain | null;
  suppressed: ReadonlySet<string>;
  prices: PriceList;
}

/**
 * The email checks of sends whose profile is active with email on, in this order: the sender (an address
 * at a sender domain of the profile; verified for live keys), the recipients (at most 50, none on the
 * suppression list), the header fields and attachments (10 MB at most), the schedule; the price is one per
 * recipient and the attachments are stored apart. One query of each kind for the whole batch.
 */
export async function admitEmail(tx: Tx, clock: Clock, sends: readonly { send: MessageSend<EmailCreate>; profile: Profile }[]): Promise<(Admitted | SentralError)[]> {
  const senders = sends.flatMap(({ send, profile }) => {
    const address = fromAddressOrNull(send.body.from);
    return address !== null ? [{ send, profileId: profile.id, address }] : [];
  });
  const recipients = sends.flatMap(({ send, profile }) => recipientsOf(send.body).map((address) => ({ profileId: profile.id, address })));
  // Three independent lookups, sent at once (one round trip on the transaction's connection).
  const [signing, held, prices] = await Promise.all([
    signingDomains(tx, senders),
    suppressedPairs(tx, recipients),
    priceListsFor(tx, sends.map((s) => s.send.caller.companyId)),
  ]);
  const domains = new Map(signing.map((domain, k) => [senders[k]!.send, domain]));
  const suppressed = new Set(recipients.flatMap((r, k) => (held[k] ? [`${r.profileId} ${r.address}`] : [])));
  const now = clock.now();
  return sends.map(({ send, profile }) => {
    const facts: EmailFacts = {
      profile,
      domain: domains.get(send) ?? null,
      suppressed: new Set(recipientsOf(send.body).filter((a) => suppressed.has(`${profile.id} ${a}`))),
      prices: prices.get(send.caller.companyId)!,
    };
    try {
      return checkEmail(send, facts, now);
    } catch (err) {
      if (err instanceof SentralError) return err;
      throw err;
    }
  });
}

// One send checked against the batch's lookups, in the documented order: the message to store and its
// attachments, or a SentralError thrown.
function checkEmail(send: MessageSend<EmailCreate>, facts: EmailFacts, now: number): Admitted {
  const { caller, body } = send;
  const profile = facts.profile;
  const fromAddress = addressOfFrom(body.from);
  const domain = facts.domain;
  // Test keys may send from a domain not verified yet (to the sink): the quickstart works before DNS does.
  if (!domain || (caller.mode === 'live' && !domain.verified)) throw new SentralError('sender_domain_not_verified', { param: 'from' });
  const to = (Array.isArray(body.to) ? body.to : [body.to]).map(lower);
  const cc = (body.cc ?? []).map(lower);
  const bcc = (body.bcc ?? []).map(lower);
  const everyone = [...new Set([...to, ...cc, ...bcc])];
  if (everyone.length > EMAIL_MAX_RECIPIENTS) {
    throw new SentralError('invalid_request', { message: `An email has at most ${EMAIL_MAX_RECIPIENTS} recipients (to, cc and bcc together).`, param: 'to' });
  }
  const suppressed = everyone.find((address) => facts.suppressed.has(address));
  if (suppressed !== undefined) {
    throw new SentralError('recipient_opted_out', { message: `${suppressed} is on the profile's suppression list; nothing was sent.`, param: fieldOf(suppressed, to, cc) });
  }
  if (body.text === undefined && body.html === undefined) throw new SentralError('email_body_required', { param: 'text' });
  const headers = checkedHeaders(body.headers ?? {});
  const files = (body.attachments ?? []).map((a) => ({ ...a, bytes: Buffer.from(a.content, 'base64') }));
  const total = files.reduce((sum, f) => sum + f.bytes.length, 0);
  if (total > EMAIL_ATTACHMENTS_MAX_BYTES) {
    throw new SentralError('attachments_too_large', { message: `The attachments are ${total} bytes together; at most ${EMAIL_ATTACHMENTS_MAX_BYTES} are allowed.`, param: 'attachments' });
  }
  const sendAtMs = body.sendAt === undefined ? null : Date.parse(body.sendAt);
  if (sendAtMs !== null && (Number.isNaN(sendAtMs) || sendAtMs > now + EMAIL_SEND_AT_MAX_MS)) {
    throw new SentralError('invalid_request', { message: 'sendAt must be a time at most 7 days ahead.', param: 'sendAt' });
  }
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
  return {
    message: messageOf(send, profile, {
      from: fromAddress,
      to: to[0]!,
      content: content as unknown as Record<string, unknown>,
      priceOre: everyone.length * facts.prices.emailOre,
      sendAtMs: sendAtMs !== null && sendAtMs > now ? sendAtMs : null,
      validUntilMs: Math.max(now, sendAtMs ?? now) + EMAIL_VALIDITY_MS,
    }),
    blobs: files.map((f, n) => ({ name: `attachment-${String(n).padStart(2, '0')}`, contentType: f.contentType, body: f.bytes })),
  };
}

// Every recipient of a request (to, cc, bcc), lower-cased, for the batch's suppression lookup.
function recipientsOf(body: EmailCreate): string[] {
  return [...new Set([...(Array.isArray(body.to) ? body.to : [body.to]), ...(body.cc ?? []), ...(body.bcc ?? [])].map(lower))];
}

function fromAddressOrNull(from: string): string | null {
  try {
    return addressOfFrom(from);
  } catch {
    return null;
  }
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
