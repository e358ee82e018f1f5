import { createHash, createPublicKey, verify } from 'node:crypto';

/** What verifying a message's DKIM-Signature found. */
export interface DkimResult {
  valid: boolean;
  domain: string;
  selector: string;
  /** Why it failed (null when valid). */
  reason: string | null;
}

/**
 * Verifies the first DKIM-Signature of a raw message (RFC 6376, rsa-sha256, relaxed or simple
 * canonicalisation) with node:crypto, the public key taken from `lookupTxt(<selector>._domainkey.<domain>)`.
 * Written for the tests because mailauth needs Node 22: it shares no code with nodemailer's signer.
 */
export function verifyDkim(raw: Buffer | string, lookupTxt: (name: string) => string | undefined): DkimResult {
  const text = (typeof raw === 'string' ? raw : raw.toString('binary')).replace(/\r?\n/g, '\r\n');
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split + 2);
  const body = split < 0 ? '' : text.slice(split + 4);
  const fields = unfold(head);
  const signature = fields.find((f) => f.name.toLowerCase() === 'dkim-signature');
  if (!signature) return { valid: false, domain: '', selector: '', reason: 'no DKIM-Signature' };
  const tags = tagsOf(signature.value);
  const domain = tags.get('d') ?? '';
  const selector = tags.get('s') ?? '';
  const fail = (reason: string): DkimResult => ({ valid: false, domain, selector, reason });
  if (tags.get('a') !== 'rsa-sha256') return fail(`algorithm ${tags.get('a')}`);
  const [headerCanon = 'simple', bodyCanon = 'simple'] = (tags.get('c') ?? 'simple/simple').split('/');
  const canonicalBody = bodyCanon === 'relaxed' ? relaxedBody(body) : simpleBody(body);
  const length = tags.has('l') ? Number(tags.get('l')) : undefined;
  const bodyHash = createHash('sha256').update(Buffer.from(length === undefined ? canonicalBody : canonicalBody.slice(0, length), 'binary')).digest('base64');
  if (bodyHash !== tags.get('bh')) return fail('body hash differs');
  const used = new Set<number>();
  let signed = '';
  for (const name of (tags.get('h') ?? '').split(':').map((n) => n.trim().toLowerCase())) {
    // The last unused instance of a named field, from the bottom up; a missing one signs as nothing.
    for (let i = fields.length - 1; i >= 0; i--) {
      if (used.has(i) || fields[i]!.name.toLowerCase() !== name || fields[i] === signature) continue;
      used.add(i);
      signed += canonicalHeader(fields[i]!, headerCanon) + '\r\n';
      break;
    }
  }
  const withoutB = { name: signature.name, value: signature.value.replace(/(^|;)(\s*b\s*=)[^;]*/, '$1$2'), raw: '' };
  withoutB.raw = `${signature.name}:${withoutB.value}`;
  signed += canonicalHeader(withoutB, headerCanon);
  const record = lookupTxt(`${selector}._domainkey.${domain}`);
  if (!record) return fail('no key record');
  const p = tagsOf(record).get('p');
  if (!p) return fail('key record has no p=');
  const key = createPublicKey({ key: Buffer.from(p, 'base64'), format: 'der', type: 'spki' });
  const ok = verify('sha256', Buffer.from(signed, 'binary'), key, Buffer.from(tags.get('b') ?? '', 'base64'));
  return ok ? { valid: true, domain, selector, reason: null } : fail('signature does not verify');
}

interface Field {
  name: string;
  value: string;
  /** The field as it came, folding kept (without the final CRLF). */
  raw: string;
}

function unfold(head: string): Field[] {
  const fields: Field[] = [];
  for (const line of head.split('\r\n')) {
    if (line === '') continue;
    if (/^[ \t]/.test(line) && fields.length) {
      const last = fields[fields.length - 1]!;
      last.raw += '\r\n' + line;
      last.value += '\r\n' + line;
      continue;
    }
    const colon = line.indexOf(':');
    fields.push({ name: line.slice(0, colon), value: line.slice(colon + 1), raw: line });
  }
  return fields;
}

function tagsOf(value: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    tags.set(part.slice(0, eq).replace(/\s+/g, ''), part.slice(eq + 1).replace(/\s+/g, ''));
  }
  return tags;
}

function canonicalHeader(field: Field, canon: string): string {
  if (canon === 'simple') return field.raw;
  return `${field.name.trim().toLowerCase()}:${field.value.replace(/\r\n/g, '').replace(/[ \t]+/g, ' ').trim()}`;
}

function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((l) => l.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.length ? lines.join('\r\n') + '\r\n' : '';
}

function simpleBody(body: string): string {
  const lines = body.split('\r\n');
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines.join('\r\n') + '\r\n';
}
