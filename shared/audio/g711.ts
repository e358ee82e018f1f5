/**
 * G.711 codecs for phone legs and customer streams (8 kHz, one byte per sample): mu-law (PCMU) and A-law (PCMA).
 *
 * The tables are built once, at import, from `alawmulaw`'s per-sample functions; the hot path then does one
 * typed-array look-up per sample and no function calls.
 */
import alawmulaw from 'alawmulaw';

// alawmulaw ships a UMD bundle as its CommonJS entry, so Node exposes it only as the default export.
const { alaw, mulaw } = alawmulaw;

/** The mu-law byte of linear zero: what a silent phone leg sends. */
export const MULAW_SILENCE = 0xff;

/** Linear PCM16 value of each of the 256 mu-law bytes. */
export const MULAW_TO_PCM: Int16Array = buildDecodeTable();

/**
 * mu-law byte of every 16-bit sample, indexed by the sample's two's-complement bit pattern `sample & 0xffff`
 * (so 0..32767 at indices 0..32767 and -32768..-1 at indices 32768..65535).
 */
export const PCM_TO_MULAW: Uint8Array = buildEncodeTable();

function buildDecodeTable(): Int16Array {
  const table = new Int16Array(256);
  for (let b = 0; b < 256; b++) table[b] = mulaw.decodeSample(b);
  return table;
}

function buildEncodeTable(): Uint8Array {
  const table = new Uint8Array(65536);
  for (let i = 0; i < 65536; i++) table[i] = mulaw.encodeSample((i << 16) >> 16) & 0xff;
  return table;
}

/** Decodes `src` mu-law bytes into `dst` (same length or longer; only `src.length` samples are written). */
export function decodeMulaw(src: Uint8Array, dst: Int16Array): void {
  const n = src.length;
  for (let i = 0; i < n; i++) dst[i] = MULAW_TO_PCM[src[i]!]!;
}

/** Encodes `src` PCM16 samples into `dst` mu-law bytes (same length or longer). */
export function encodeMulaw(src: Int16Array, dst: Uint8Array): void {
  const n = src.length;
  for (let i = 0; i < n; i++) dst[i] = PCM_TO_MULAW[src[i]! & 0xffff]!;
}

/** The A-law byte of linear zero. */
export const ALAW_SILENCE = 0xd5;

/** Linear PCM16 value of each of the 256 A-law bytes. */
export const ALAW_TO_PCM: Int16Array = Int16Array.from({ length: 256 }, (_, b) => alaw.decodeSample(b));

/** A-law byte of every 16-bit sample, indexed like PCM_TO_MULAW. */
export const PCM_TO_ALAW: Uint8Array = Uint8Array.from({ length: 65536 }, (_, i) => alaw.encodeSample((i << 16) >> 16) & 0xff);

/** The two G.711 laws: PCMU (mu-law, North America and Japan, Twilio streams) and PCMA (A-law, elsewhere). */
export type G711Law = 'pcmu' | 'pcma';

/** The table from a byte of `law` to its linear sample. */
export function g711DecodeTable(law: G711Law): Int16Array {
  return law === 'pcmu' ? MULAW_TO_PCM : ALAW_TO_PCM;
}

/** Decodes `src` G.711 bytes of `law` into `dst`. */
export function decodeG711(law: G711Law, src: Uint8Array, dst: Int16Array): void {
  const table = g711DecodeTable(law);
  const n = src.length;
  for (let i = 0; i < n; i++) dst[i] = table[src[i]!]!;
}

/** Encodes `src` PCM16 samples into `dst` G.711 bytes of `law`. */
export function encodeG711(law: G711Law, src: Int16Array, dst: Uint8Array): void {
  const table = law === 'pcmu' ? PCM_TO_MULAW : PCM_TO_ALAW;
  const n = src.length;
  for (let i = 0; i < n; i++) dst[i] = table[src[i]! & 0xffff]!;
}

/** The byte of linear zero in `law`: what a silent leg of that law is sent. */
export function g711Silence(law: G711Law): number {
  return law === 'pcmu' ? MULAW_SILENCE : ALAW_SILENCE;
}
