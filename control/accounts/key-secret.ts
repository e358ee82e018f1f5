import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PATTERN = /^sk_(live|test)_[0-9A-Za-z]{32}$/;

/** A new API key value: `sk_live_` or `sk_test_` and 32 base62 characters (about 190 bits). */
export function generateApiKey(mode: 'live' | 'test'): string {
  return `sk_${mode}_${randomBase62(32)}`;
}

/** The mode an API key names, or null when the value is not shaped like a key. */
export function apiKeyMode(value: string): 'live' | 'test' | null {
  const m = KEY_PATTERN.exec(value);
  return m ? (m[1] as 'live' | 'test') : null;
}

/** The non-secret prefix shown to recognise a key (mode and 4 characters). */
export function displayPrefix(key: string): string {
  return key.slice(0, key.indexOf('_', 3) + 5);
}

/** sha256 hex of a secret; high-entropy secrets need no slow hash. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares two hex hashes in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/** `length` random base62 characters (rejection sampling keeps them uniform). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += BASE62[b % 62];
    }
  }
  return out;
}
