import type { RoomLeg } from './room-leg.js';

/**
 * Room clients waiting for their participant's leg. The API hands out a participant's room URL and token as
 * soon as the call decided to add it, while the media node adds the leg when the operation reaches it, so a
 * quick client can connect first: it waits here until the leg arrives (RoomEndpoint bounds the wait).
 */
export class RoomArrivals {
  private readonly waiting = new Map<string, Set<(leg: RoomLeg) => void>>();

  /** Calls `listener` once when the call's leg `participantId` is added; the returned function stops waiting. */
  wait(callId: string, participantId: string, listener: (leg: RoomLeg) => void): () => void {
    const key = keyOf(callId, participantId);
    let listeners = this.waiting.get(key);
    if (listeners === undefined) this.waiting.set(key, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.waiting.get(key) === listeners) this.waiting.delete(key);
    };
  }

  /** The leg was added to its call's session: everyone waiting for it gets it. */
  arrived(callId: string, leg: RoomLeg): void {
    const key = keyOf(callId, leg.id);
    const listeners = this.waiting.get(key);
    if (listeners === undefined) return;
    this.waiting.delete(key);
    for (const listener of listeners) listener(leg);
  }
}

// Ids are checked ASCII ids: NUL cannot occur in either.
function keyOf(callId: string, participantId: string): string {
  return `${callId}\u0000${participantId}`;
}
