/**
 * The fast path for the one message a customer's server sends fifty times a second: `{"event":"media",
 * "streamSid":…,"media":{"payload":…}}` with nothing else in it. It checks exactly what the strict reader
 * would find in such a message (the event, the stream's own sid, a payload of standard, padded, canonical
 * base64 by its length, padding and alphabet, decoded once) and nothing more: with only those three keys and
 * that one, there is no other text to search for lone surrogates or NUL, no nesting to bound and no other
 * field for the schema. Anything else, refusals included, is left to the strict reader (test/unit/stream-customer-message
 * proves with fast-check that the two agree on every message). The message as encoders commonly write it is
 * matched on its bytes, before any JSON.parse (readOrdinaryMediaBytes); other spacings and key orders are
 * checked once parsed (readOrdinaryMedia).
 */

/**
 * The text of an ordinary media message in the two spacings encoders write (compact, as JavaScript's
 * JSON.stringify; and Python's json.dumps default), in the order Twilio's own messages have: before the
 * stream's sid, between it and the payload, and after the payload.
 */
const LAYOUTS = [
  ['{"event":"media","streamSid":"', '","media":{"payload":"'],
  ['{"event": "media", "streamSid": "', '", "media": {"payload": "'],
].map(([head, middle]) => ({ head: Buffer.from(head!, 'latin1'), middle: Buffer.from(middle!, 'latin1') }));
const QUOTE = 0x22;
const BRACE = 0x7d;

/**
 * The audio of a frame that is, byte for byte, an ordinary media message of stream `streamSid` in one of
 * the LAYOUTS, read without JSON.parse; undefined for anything else, which the caller then parses. The sid
 * is compared character by character and must need no JSON escape (a stream id never does: it is
 * `[A-Za-z0-9_.:-]+`), and the payload runs to the first quote, which must be the one before the closing
 * `}}`; an escape or any other character there is not a base64 digit, which decodeCanonicalBase64 refuses.
 */
export function readOrdinaryMediaBytes(data: Buffer, streamSid: string): Buffer | undefined {
  for (const { head, middle } of LAYOUTS) {
    if (!startsWith(data, head, 0)) continue;
    let at = head.length;
    const n = streamSid.length;
    if (data.length < at + n + middle.length + 4) return undefined;
    for (let i = 0; i < n; i++) {
      const c = streamSid.charCodeAt(i);
      if (c < 0x20 || c > 0x7e || c === QUOTE || c === 0x5c || data[at + i] !== c) return undefined;
    }
    at += n;
    if (!startsWith(data, middle, at)) return undefined;
    at += middle.length;
    const end = data.length - 3;
    if (data.indexOf(QUOTE, at) !== end || data[end + 1] !== BRACE || data[end + 2] !== BRACE) return undefined;
    return end - at <= BYTE_DECODE_MAX_CHARS ? decodeCanonicalBase64Bytes(data, at, end) : decodeCanonicalBase64(data.toString('latin1', at, end));
  }
  return undefined;
}

/**
 * Payloads up to this many characters (384 bytes, 48 ms) are decoded from the message's bytes; longer ones
 * through a string by Node's decoder, which is faster per character but costs the string (bench/media-streams/reader.ts,
 * fast path: a 20 ms frame 0.51 -> 0.43 µs from the bytes; a 200 ms chunk 1.3-2.1 µs through the string, 3.3-3.9 from the bytes).
 */
const BYTE_DECODE_MAX_CHARS = 512;

function startsWith(data: Buffer, prefix: Buffer, at: number): boolean {
  if (data.length < at + prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[at + i] !== prefix[i]) return false;
  return true;
}

// Each base64 character's value (RFC 4648 §4, standard alphabet), by ASCII code.
const VALUE = new Uint8Array(128);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach((c, i) => (VALUE[c.charCodeAt(0)] = i));
const EQUALS = 0x3d;

/** The audio of an ordinary media message of stream `streamSid` (JSON already parsed), or undefined when it is not one. */
export function readOrdinaryMedia(message: unknown, streamSid: string): Buffer | undefined {
  const m = message as { event?: unknown; streamSid?: unknown; media?: unknown };
  if (m.event !== 'media' || m.streamSid !== streamSid || keyCount(m) !== 3) return undefined;
  const media = m.media as { payload?: unknown } | null | undefined;
  if (typeof media !== 'object' || media === null || Array.isArray(media) || keyCount(media) !== 1) return undefined;
  const payload = media.payload;
  return typeof payload === 'string' ? decodeCanonicalBase64(payload) : undefined;
}

/**
 * The bytes of `text` when it is what a standard base64 encoder writes (RFC 4648 §4 and §3.5), else
 * undefined: a whole number of quadruples, `=` only as the last one or two characters, and the bits the
 * padding leaves over in the last character zero, so that encoding the bytes again gives back the very
 * text. Node's decoder checks the alphabet for us, by count: it takes the URL-safe `-` and `_` and reads a
 * character above U+00FF by its low byte (both excluded first), and it skips or stops at any other
 * character outside the alphabet, so every one of the characters before the padding was a base64 digit
 * exactly when it decoded to the whole length. (A loop over the characters in JavaScript cost more than
 * the strict path's encode and compare on a 200 ms payload: bench/media-streams/reader.ts.)
 */
export function decodeCanonicalBase64(text: string): Buffer | undefined {
  const n = text.length;
  if (n === 0 || n % 4 !== 0 || Buffer.byteLength(text, 'utf8') !== n || text.includes('-') || text.includes('_')) return undefined;
  const pad = text.charCodeAt(n - 1) !== EQUALS ? 0 : text.charCodeAt(n - 2) !== EQUALS ? 1 : 2;
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== (n / 4) * 3 - pad) return undefined;
  if (pad > 0 && (VALUE[text.charCodeAt(n - pad - 1)]! & (pad === 1 ? 0x03 : 0x0f)) !== 0) return undefined;
  return bytes;
}

// Each byte's base64 value (RFC 4648 §4, standard alphabet); 0xff for every other byte, `=` included.
const DIGIT = new Uint8Array(256).fill(0xff);
for (let i = 0; i < 128; i++) if (VALUE[i] !== 0 || i === 0x41) DIGIT[i] = VALUE[i]!;

/**
 * decodeCanonicalBase64 of the text `data[at, end)` read as Latin-1, decoded from the bytes themselves: no
 * string is made of the payload (it was the largest allocation of a frame read). Any byte outside the
 * standard alphabet before the padding refuses the text, as do the URL-safe digits, a bad length and padding
 * bits that are not zero.
 */
function decodeCanonicalBase64Bytes(data: Uint8Array, at: number, end: number): Buffer | undefined {
  const n = end - at;
  if (n === 0 || n % 4 !== 0) return undefined;
  const pad = data[end - 1] !== EQUALS ? 0 : data[end - 2] !== EQUALS ? 1 : 2;
  const out = Buffer.allocUnsafe((n / 4) * 3 - pad);
  const whole = pad === 0 ? end : end - 4;
  let o = 0;
  for (let i = at; i < whole; i += 4) {
    const a = DIGIT[data[i]!]!;
    const b = DIGIT[data[i + 1]!]!;
    const c = DIGIT[data[i + 2]!]!;
    const d = DIGIT[data[i + 3]!]!;
    if ((a | b | c | d) > 63) return undefined;
    out[o] = (a << 2) | (b >> 4);
    out[o + 1] = ((b & 0x0f) << 4) | (c >> 2);
    out[o + 2] = ((c & 0x03) << 6) | d;
    o += 3;
  }
  if (pad === 0) return out;
  const a = DIGIT[data[whole]!]!;
  const b = DIGIT[data[whole + 1]!]!;
  // One `=`: three digits, the last one's low two bits unused; two: two digits, the second's low four unused.
  const c = pad === 1 ? DIGIT[data[whole + 2]!]! : 0;
  if ((a | b | c) > 63 || (pad === 1 ? (c & 0x03) !== 0 : (b & 0x0f) !== 0)) return undefined;
  out[o] = (a << 2) | (b >> 4);
  if (pad === 1) out[o + 1] = ((b & 0x0f) << 4) | (c >> 2);
  return out;
}

// Own enumerable keys of a parsed JSON object, without allocating their list.
function keyCount(o: object): number {
  let n = 0;
  for (const _ in o) n++;
  return n;
}
