import { createHash, sign, type KeyObject } from 'node:crypto';

/** What a DKIM signature is made with: the signing domain (d=), the selector (s=) and the parsed RSA key. */
export interface DkimSigningKey {
  domainName: string;
  keySelector: string;
  privateKey: KeyObject;
}

// The header fields signed when the message has them: RFC 6376 section 5.4.1's list, as nodemailer signs.
const SIGNED_FIELDS = [
  'from', 'sender', 'reply-to', 'subject', 'date', 'message-id', 'to', 'cc', 'mime-version', 'content-type',
  'content-transfer-encoding', 'content-id', 'content-description', 'resent-date', 'resent-from', 'resent-sender',
  'resent-to', 'resent-cc', 'resent-message-id', 'in-reply-to', 'references', 'list-id', 'list-help',
  'list-unsubscribe', 'list-unsubscribe-post', 'list-subscribe', 'list-post', 'list-owner', 'list-archive',
];

/**
 * A composed message with a DKIM-Signature field put first (RFC 6376: rsa-sha256, relaxed/relaxed). Line
 * ends are made CRLF first, so what is signed is what goes out. The RSA signature is computed on libuv's
 * thread pool: the event loop goes on taking requests meanwhile.
 */
export async function dkimSigned(message: Buffer, key: DkimSigningKey): Promise<Buffer> {
  // latin1 keeps every byte as one character: nothing is decoded, the bytes come back as they were.
  const raw = message.toString('latin1');
  // A composed message's lines already end in CRLF but for text the caller wrote with bare LFs.
  const bareLf = /(^|[^\r])\n/.test(raw);
  const text = bareLf ? raw.replace(/\r?\n/g, '\r\n') : raw;
  const split = text.indexOf('\r\n\r\n');
  const head = split < 0 ? text : text.slice(0, split + 2);
  const body = split < 0 ? '' : text.slice(split + 4);
  const bodyHash = createHash('sha256').update(relaxedBody(body), 'latin1').digest('base64');
  const fields = headerFields(head);
  const signed = SIGNED_FIELDS.flatMap((name) => {
    const field = lastField(fields, name);
    return field === undefined ? [] : [field];
  });
  const tags = `v=1; a=rsa-sha256; c=relaxed/relaxed; d=${key.domainName}; q=dns/txt;\r\n s=${key.keySelector}; bh=${bodyHash};\r\n h=${foldedNames(signed.map((f) => f.name))}; b=`;
  const canonical = signed.map((f) => `${f.name}:${relaxedValue(f.value)}\r\n`).join('') + `dkim-signature:${relaxedValue(tags)}`;
  const signature = await new Promise<Buffer>((resolve, reject) => {
    sign('sha256', Buffer.from(canonical, 'latin1'), key.privateKey, (err, value) => (err ? reject(err) : resolve(value)));
  });
  const b = signature.toString('base64').match(/.{1,72}/g)!.join('\r\n ');
  return Buffer.concat([Buffer.from(`DKIM-Signature: ${tags}${b}\r\n`, 'latin1'), bareLf ? Buffer.from(text, 'latin1') : message]);
}

// Relaxed body canonicalisation (RFC 6376 section 3.4.4): runs of WSP become one SP, WSP at line ends and
// empty lines at the end go; a body that is not empty ends with CRLF. Whole-string passes, not a pass per
// line: an email with 10 MB of attachments is signed in tens of milliseconds.
function relaxedBody(body: string): string {
  const relaxed = body.replace(/[ \t]+/g, ' ').replace(/ (?=\r\n|$)/g, '');
  let end = relaxed.length;
  while (end >= 2 && relaxed.startsWith('\r\n', end - 2)) end -= 2;
  return end === 0 ? '' : `${relaxed.slice(0, end)}\r\n`;
}

// Relaxed header value canonicalisation (section 3.4.2): unfolded, runs of WSP one SP, none at either end.
function relaxedValue(value: string): string {
  return value.replace(/\r\n/g, '').replace(/[ \t]+/g, ' ').replace(/^ | $/g, '');
}

// The header block's fields, names lower-cased, folded values kept as they are.
function headerFields(head: string): { name: string; value: string }[] {
  const fields: { name: string; value: string }[] = [];
  for (const line of head.split('\r\n')) {
    if (line === '') continue;
    const last = fields[fields.length - 1];
    if ((line[0] === ' ' || line[0] === '\t') && last !== undefined) last.value += `\r\n${line}`;
    else fields.push({ name: line.slice(0, line.indexOf(':')).trim().toLowerCase(), value: line.slice(line.indexOf(':') + 1) });
  }
  return fields;
}

// A verifier takes a named field's instances from the bottom up: one signed instance is the last one.
function lastField(fields: readonly { name: string; value: string }[], name: string): { name: string; value: string } | undefined {
  for (let i = fields.length - 1; i >= 0; i--) if (fields[i]!.name === name) return fields[i];
  return undefined;
}

// The h= list folded before a colon (FWS is allowed there) so no line runs past 78 characters.
function foldedNames(names: readonly string[]): string {
  const lines = [''];
  for (const name of names) {
    const line = lines[lines.length - 1]!;
    if (line === '') lines[lines.length - 1] = name;
    else if (line.length + name.length + 1 > 70) lines.push(`:${name}`);
    else lines[lines.length - 1] = `${line}:${name}`;
  }
  return lines.join('\r\n ');
}
