import { createHash } from 'node:crypto';
import type { IdPrefix } from './ids.js';

// Crockford base32, as shared/ids uses: ids stay lowercase letters and digits.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * An id made from its parts instead of from time and chance: the same parts always give the same id. Calls,
 * participants, commands and mailbox messages derive theirs from the request's Idempotency-Key, so a
 * retried request names the same objects and never runs twice. 26 characters of SHA-256 (130 bits).
 */
export function derivedId(prefix: IdPrefix, ...parts: string[]): string {
  const digest = createHash('sha256').update(parts.join('\u0000')).digest();
  let out = '';
  for (let i = 0; i < 26; i++) {
    const bit = i * 5;
    const byte = bit >> 3;
    const value = ((digest[byte]! << 8) | (digest[byte + 1] ?? 0)) >> (11 - (bit & 7));
    out += ALPHABET[value & 31];
  }
  return `${prefix}_${out}`;
}
