import { AUDIO_CLIP_MAX_MS, CLIP_RATE } from '../../protocol/media/audio-clip.js';
import { decodeClipChunkReply, type ClipChunkRequest } from '../../protocol/media/clip-transfer.js';
import type { Bus } from '../../shared/bus/bus.js';
import { CLIP_GET_SUBJECT } from '../../protocol/bus/bus-names.js';

/** How long one chunk request may take (a chunk is at most 512 KiB read from Postgres). */
export const CLIP_CHUNK_TIMEOUT_MS = 5_000;

// The largest clip the API stores: 10 minutes of 16 kHz PCM16. A reply claiming more is not believed.
const MAX_CLIP_BYTES = (AUDIO_CLIP_MAX_MS / 1000) * CLIP_RATE * 2;

const encoder = new TextEncoder();

/**
 * Fetches a clip's 16 kHz samples from the control plane over the bus (`clips.get`, chunk by chunk);
 * null when no clip has this id (or it was deleted while being fetched). Rejects with the bus's error when
 * no API process answers, and with an Error when a reply is malformed or inconsistent.
 */
export async function fetchClip(bus: Bus, clipId: string, options: { timeoutMs?: number } = {}): Promise<Int16Array | null> {
  const timeoutMs = options.timeoutMs ?? CLIP_CHUNK_TIMEOUT_MS;
  let bytes: Uint8Array | null = null;
  let offset = 0;
  do {
    const request: ClipChunkRequest = { clipId, offset };
    const reply = decodeClipChunkReply(await bus.request(CLIP_GET_SUBJECT, encoder.encode(JSON.stringify(request)), { timeoutMs }));
    if (reply === null) throw new Error(`clip ${clipId}: malformed reply at offset ${offset}`);
    const { header, chunk } = reply;
    if (!header.found) return null;
    if (bytes === null) {
      if (header.totalBytes === 0 || header.totalBytes % 2 !== 0 || header.totalBytes > MAX_CLIP_BYTES) {
        throw new Error(`clip ${clipId}: implausible size of ${header.totalBytes} bytes`);
      }
      bytes = new Uint8Array(header.totalBytes);
    }
    if (header.totalBytes !== bytes.length || header.offset !== offset || chunk.length === 0 || offset + chunk.length > bytes.length) {
      throw new Error(`clip ${clipId}: inconsistent chunk at offset ${offset}`);
    }
    bytes.set(chunk, offset);
    offset += chunk.length;
  } while (offset < bytes.length);
  // PCM16 LE read in place: every platform Node runs on here is little-endian.
  return new Int16Array(bytes.buffer, 0, bytes.length / 2);
}

/**
 * A clip loader for a media node's ClipStore: fetchClip, with concurrent fetches of one clip (two calls
 * starting the same announcement) sharing one transfer.
 */
export function clipFetcher(bus: Bus, options: { timeoutMs?: number } = {}): (clipId: string) => Promise<Int16Array | null> {
  const inFlight = new Map<string, Promise<Int16Array | null>>();
  return (clipId) => {
    let pending = inFlight.get(clipId);
    if (!pending) {
      pending = fetchClip(bus, clipId, options).finally(() => inFlight.delete(clipId));
      inFlight.set(clipId, pending);
    }
    return pending;
  };
}
