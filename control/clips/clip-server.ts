import { Value } from 'typebox/value';
import { jsonOrNull } from '../../shared/json/json-bytes.js';
import { CLIP_CHUNK_BYTES, ClipChunkRequest, encodeClipChunkReply } from '../../protocol/media/clip-transfer.js';
import type { Bus, Subscription } from '../../shared/bus/bus.js';
import type { Sql } from '../../shared/db/database.js';
import { readClipBytes } from './audio-clips.js';
import { CLIP_GET_SUBJECT, CLIP_SERVER_QUEUE } from '../../protocol/bus/bus-names.js';

/**
 * Serves audio clips to media nodes (which have no database): answers `clips.get` requests with one chunk
 * of a clip's 16 kHz PCM16 LE samples and its total size (framing in protocol/media/clip-transfer.ts).
 * Every API process runs one, in one queue group, so any of them answers. A malformed request and an
 * unknown clip both answer "not found"; a database failure fails the request (the node retries or reports
 * the clip as missing).
 */
export async function startClipServer(deps: { bus: Bus; sql: Sql }): Promise<Subscription> {
  return deps.bus.serve(
    CLIP_GET_SUBJECT,
    async (data) => {
      const request = jsonOrNull(data);
      if (!Value.Check(ClipChunkRequest, request)) return encodeClipChunkReply({ found: false });
      const found = await readClipBytes(deps.sql, request.clipId, request.offset, CLIP_CHUNK_BYTES);
      if (!found) return encodeClipChunkReply({ found: false });
      return encodeClipChunkReply({ found: true, sampleRate: 16000, totalBytes: found.totalBytes, offset: request.offset }, found.chunk);
    },
    { queue: CLIP_SERVER_QUEUE },
  );
}
