import type { MediaEventBody } from '../../protocol/media/media-event.js';

/**
 * The leg event a final failure answer to our INVITE becomes (documented in docs/sip.md): busy for
 * 486/600, no answer for 480/408 (and our own ring timeout), rejected for 603/403, not in service for
 * 404/410/484, failed for anything else.
 */
export function outcomeOf(status: number, legId: string): MediaEventBody {
  if (status === 486 || status === 600) return { type: 'leg.busy', legId };
  if (status === 480 || status === 408) return { type: 'leg.noAnswer', legId };
  if (status === 603 || status === 403) return { type: 'leg.failed', legId, reason: 'rejected' };
  if (status === 404 || status === 410 || status === 484 || status === 604) return { type: 'leg.failed', legId, reason: 'number not in service' };
  return { type: 'leg.failed', legId, reason: `sip ${status}` };
}
