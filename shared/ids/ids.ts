import { randomBytes } from 'node:crypto';
import { realClock } from '../clock/real-clock.js';
import type { Clock } from '../clock/clock.js';

// Crockford base32: sortable as text, no ambiguous letters.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Prefixes in use, so that an id tells what it names. */
export type IdPrefix =
  | 'co' | 'key' | 'call' | 'part' | 'cmd' | 'evt' | 'ep' | 'dlv' | 'att' | 'str' | 'clip' | 'num'
  | 'rec' | 'req' | 'node' | 'op' | 'led' | 'sim' | 'ofr' | 'tmr' | 'msg' | 'xfer' | 'trn' | 'trj' | 'trs'
  | 'cnt' | 'lst' | 'tpl' | 'cmp'
  | 'snd' | 'smb' | 'emb'
  | 'eml' | 'ltr' | 'edm' | 'cs';

/** A prefixed, time-sortable id: `<prefix>_<10 chars of ms time><16 chars of randomness>`. */
export function newId(prefix: IdPrefix, clock: Clock = realClock): string {
  return `${prefix}_${encodeTime(clock.now())}${encodeRandom(16)}`;
}

function encodeTime(ms: number): string {
  let out = '';
  let t = Math.max(0, Math.floor(ms));
  for (let i = 0; i < 10; i++) {
    out = ALPHABET[t % 32] + out;
    t = Math.floor(t / 32);
  }
  return out;
}

// Random bytes come from the kernel a pool at a time (as randomUUID's do): one randomBytes call per id was
// about 2 % of the API's busy time in a profile of bench/sms.
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

function encodeRandom(length: number): string {
  if (used + length > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  let out = '';
  for (let i = used; i < used + length; i++) out += ALPHABET[pool[i]! % 32];
  used += length;
  return out;
}

/** True when `value` looks like an id with the given prefix. */
export function isId(value: string, prefix: IdPrefix): boolean {
  return new RegExp(`^${prefix}_[0-9a-hjkmnp-tv-z]{26}$`).test(value);
}
