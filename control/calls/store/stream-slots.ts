/**
 * The company-wide limit of concurrent streams (5), counted in the hot store so that every API process
 * sees the same count. Taking and giving back a slot are each done once per stream id (marker keys), so a
 * retried request or a rerun effect never counts a stream twice.
 */
import type { HotStore } from '../../../shared/kv/hot-store.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';

/** Concurrent streams a company may have (the interface's limit). */
export const MAX_CONCURRENT_STREAMS = 5;
// Markers outlive any stream (at most 60 minutes) and the retries of its requests.
const MARKER_TTL_MS = 3 * 3600_000;

const counterKey = (companyId: string): string => `streams:${companyId}`;

/** Takes a slot for `streamId`; throws stream_concurrency_limit when the company has 5 streams open. */
export async function takeStreamSlot(hot: HotStore, companyId: string, streamId: string): Promise<void> {
  if (!(await hot.setIfAbsent(`stream-slot:${streamId}`, '1', { ttlMs: MARKER_TTL_MS }))) return;
  const count = await hot.incrUpTo(counterKey(companyId), MAX_CONCURRENT_STREAMS);
  if (count === null) {
    await hot.del(`stream-slot:${streamId}`);
    throw new SentralError('stream_concurrency_limit');
  }
}

/** Gives back the slot of `streamId` (once; nothing when it never took one). */
export async function releaseStreamSlot(hot: HotStore, companyId: string, streamId: string): Promise<void> {
  if ((await hot.get(`stream-slot:${streamId}`)) === null) return;
  if (!(await hot.setIfAbsent(`stream-released:${streamId}`, '1', { ttlMs: MARKER_TTL_MS }))) return;
  const count = await hot.incr(counterKey(companyId), -1);
  // A counter lost with the hot store and made again may go below zero: it never lends slots that way.
  if (count < 0) await hot.incr(counterKey(companyId), -count);
}
