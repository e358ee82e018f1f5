/**
 * The receiver's half of the Standard Webhooks scheme that signs webhook deliveries and stream upgrades:
 * the signed text is `<id>.<timestamp>.<body>`, `v1` entries are HMAC-SHA256 with a `whsec_` secret and
 * `v1a` entries Ed25519 with a `whpk_` public key. The signing half lives on the server; this package
 * carries its own copy of the few lines both need, so that it installs without the server's tree.
 */
import { createHmac, createPublicKey, timingSafeEqual, verify as edVerify, type KeyObject } from 'node:crypto';

/** Default tolerance between the signed timestamp and the receiver's clock (5 minutes). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const SECRET_PREFIX = 'whsec_';
const PUBLIC_PREFIX = 'whpk_';
// The DER header that turns a raw 32-byte Ed25519 public key into SPKI, which node:crypto imports.
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The keys a receiver accepts: any matching `v1` secret or `v1a` public key makes a signature valid. */
export interface VerifyKeys {
  secrets?: readonly string[];
  publicKeys?: readonly string[];
}

/** Options of `verifySignature`. */
export interface VerifyOptions {
  /** The receiver's time in epoch milliseconds. */
  now: number;
  /** Allowed difference between the timestamp and `now`, in seconds (default 300). */
  toleranceSeconds?: number;
}

/**
 * Verifies a webhook-signature value: the timestamp must be an integer within the tolerance of
 * `options.now`, and at least one `v1` entry must match one of `keys.secrets` or one `v1a` entry one of
 * `keys.publicKeys`. Unknown entry versions are ignored; malformed keys or input give false.
 */
export function verifySignature(
  header: string,
  keys: VerifyKeys,
  id: string,
  timestamp: number | string,
  body: string,
  options: VerifyOptions,
): boolean {
  const ts = typeof timestamp === 'number' ? timestamp : /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isSafeInteger(ts)) return false;
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(Math.floor(options.now / 1000) - ts) > tolerance) return false;

  const content = Buffer.from(`${id}.${ts}.${body}`);
  const secrets = (keys.secrets ?? []).map(orNull(secretBytes)).filter((k): k is Buffer => k !== null);
  const publicKeys = (keys.publicKeys ?? []).map(orNull(parsePublicKey)).filter((k): k is KeyObject => k !== null);

  for (const entry of header.split(' ')) {
    const comma = entry.indexOf(',');
    if (comma < 0) continue;
    const version = entry.slice(0, comma);
    const given = decodeBase64(entry.slice(comma + 1));
    if (given === null) continue;
    if (version === 'v1') {
      for (const key of secrets) {
        const expected = createHmac('sha256', key).update(content).digest();
        if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
      }
    } else if (version === 'v1a' && given.length === 64) {
      for (const key of publicKeys) {
        if (edVerify(null, content, key, given)) return true;
      }
    }
  }
  return false;
}

function secretBytes(secret: string): Buffer {
  const key = secret.startsWith(SECRET_PREFIX) ? decodeBase64(secret.slice(SECRET_PREFIX.length)) : null;
  if (key === null || key.length === 0) throw new Error('a webhook secret is whsec_ followed by base64');
  return key;
}

function parsePublicKey(publicKey: string): KeyObject {
  const raw = publicKey.startsWith(PUBLIC_PREFIX) ? decodeBase64(publicKey.slice(PUBLIC_PREFIX.length)) : null;
  if (raw === null || raw.length !== 32) throw new Error('an Ed25519 public key is whpk_ followed by base64 of 32 bytes');
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
}

// Strict base64: Buffer.from silently skips invalid characters, which would make garbage "verify" shapes.
function decodeBase64(text: string): Buffer | null {
  if (text.length === 0 || text.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  return Buffer.from(text, 'base64');
}

function orNull<A, R>(fn: (a: A) => R): (a: A) => R | null {
  return (a) => {
    try {
      return fn(a);
    } catch {
      return null;
    }
  };
}
