import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';

/**
 * How a media node fetches an audio clip it does not have from the control plane, over bus request/reply.
 *
 * Request on `clips.get`: JSON `{ clipId, offset }` (offset in bytes of the 16 kHz PCM16 LE samples).
 * Reply: a 4-byte big-endian length N, N bytes of JSON header, then the chunk's bytes (at most
 * CLIP_CHUNK_BYTES; binary, so a chunk is not inflated by base64). The header says whether the clip exists
 * and its total size; the fetcher asks again at offset + chunk length until it has totalBytes.
 */

/** Most sample bytes in one reply (NATS's default payload limit is 1 MiB). */
export const CLIP_CHUNK_BYTES = 512 * 1024;

/** A request for one chunk of a clip. */
export const ClipChunkRequest = Type.Object(
  {
    clipId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    offset: Type.Integer({ minimum: 0, maximum: 0xffffffff }),
  },
  { additionalProperties: false },
);
/** A request for one chunk of a clip. */
export type ClipChunkRequest = Static<typeof ClipChunkRequest>;

/** The header of a reply: the clip's size and where the chunk starts, or that there is no such clip. */
export const ClipChunkHeader = Type.Union([
  Type.Object({
    found: Type.Literal(true),
    sampleRate: Type.Literal(16000),
    totalBytes: Type.Integer({ minimum: 0 }),
    offset: Type.Integer({ minimum: 0 }),
  }),
  Type.Object({ found: Type.Literal(false) }),
]);
/** The header of a reply. */
export type ClipChunkHeader = Static<typeof ClipChunkHeader>;

/** A decoded reply: its header and the chunk's bytes (empty when not found). */
export interface ClipChunkReply {
  header: ClipChunkHeader;
  chunk: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Frames a reply: length-prefixed JSON header, then the chunk. */
export function encodeClipChunkReply(header: ClipChunkHeader, chunk: Uint8Array = new Uint8Array(0)): Uint8Array {
  const json = encoder.encode(JSON.stringify(header));
  const out = new Uint8Array(4 + json.length + chunk.length);
  new DataView(out.buffer).setUint32(0, json.length);
  out.set(json, 4);
  out.set(chunk, 4 + json.length);
  return out;
}

/** Reads a framed reply; null when it is not one (a wrong or damaged answer). */
export function decodeClipChunkReply(data: Uint8Array): ClipChunkReply | null {
  if (data.length < 4) return null;
  const length = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0);
  if (length > data.length - 4) return null;
  let header: unknown;
  try {
    header = JSON.parse(decoder.decode(data.subarray(4, 4 + length)));
  } catch {
    return null;
  }
  if (!Value.Check(ClipChunkHeader, header)) return null;
  return { header, chunk: data.subarray(4 + length) };
}
