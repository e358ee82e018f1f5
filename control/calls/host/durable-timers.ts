/**
 * The armed side of durable timers for one owned partition. The actor_timers table is the truth; this
 * mirrors it in memory (loaded on takeover, changed after each commit) and, when a deadline comes, mails
 * the timer's event into the call's mailbox so that it is serialized with everything else. A timer
 * stays "current" after it fires until the firing is processed: only a firing of the current setting
 * (same timerId and fireAt) reaches the machine, so a cancelled or re-set timer's stale firing is dropped.
 */
import type { Clock, Timer } from '../../../shared/clock/clock.js';
import type { Logger } from '../../../shared/log/log.js';
import type { ActorMessage } from '../../../protocol/calls/mailbox.js';
import type { StoredTimer } from './actor-store.js';

// Retry delay of a firing whose publish failed (bus away); the partition is lost if that lasts.
const PUBLISH_RETRY_MS = 1_000;

/** The mailbox message id of a timer firing (also its msgId: one firing per setting). */
export function timerFiringId(callId: string, timerId: string, fireAt: number): string {
  return `${callId}:${timerId}@${fireAt}`;
}

interface Armed {
  timer: StoredTimer;
  handle: Timer;
}

/** Armed durable timers of one partition. */
export class DurableTimers {
  private readonly armed = new Map<string, Armed>();
  private closed = false;

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
    /** Publishes a firing into the call's mailbox. */
    private readonly mail: (message: ActorMessage) => Promise<void>,
  ) {}

  /** Arms a timer (replacing the call's timer of the same id); a passed deadline fires at once. */
  arm(timer: StoredTimer): void {
    if (this.closed) return;
    const key = keyOf(timer.callId, timer.timerId);
    this.armed.get(key)?.handle.cancel();
    const handle = this.clock.setTimerAt(timer.fireAt, () => this.fire(key, timer));
    this.armed.set(key, { timer, handle });
  }

  /** Disarms one timer of a call. */
  cancel(callId: string, timerId: string): void {
    const key = keyOf(callId, timerId);
    this.armed.get(key)?.handle.cancel();
    this.armed.delete(key);
  }

  /** Disarms every timer of a call. */
  cancelCall(callId: string): void {
    for (const entry of this.armed.values()) if (entry.timer.callId === callId) this.cancel(callId, entry.timer.timerId);
  }

  /** True when `timerId` of the call is set for `fireAt` (so its firing should reach the machine). */
  isCurrent(callId: string, timerId: string, fireAt: number): boolean {
    return this.armed.get(keyOf(callId, timerId))?.timer.fireAt === fireAt;
  }

  /** Number of armed timers. */
  get size(): number {
    return this.armed.size;
  }

  /** Disarms everything for good (the partition stopped). */
  close(): void {
    this.closed = true;
    for (const entry of this.armed.values()) entry.handle.cancel();
    this.armed.clear();
  }

  private fire(key: string, timer: StoredTimer): void {
    if (this.closed || this.armed.get(key)?.timer !== timer) return;
    const { type, ...payload } = timer.event;
    delete payload.at;
    const message: ActorMessage = {
      id: timerFiringId(timer.callId, timer.timerId, timer.fireAt),
      callId: timer.callId,
      type,
      payload,
      at: this.clock.now(),
      timer: { timerId: timer.timerId, fireAt: timer.fireAt },
    };
    this.mail(message).catch((err: unknown) => {
      if (this.closed || this.armed.get(key)?.timer !== timer) return;
      this.log.warn({ err, callId: timer.callId, timerId: timer.timerId }, 'timer firing not published; retrying');
      const handle = this.clock.setTimer(PUBLISH_RETRY_MS, () => this.fire(key, timer));
      this.armed.set(key, { timer, handle });
    });
  }
}

function keyOf(callId: string, timerId: string): string {
  return `${callId}\u0000${timerId}`;
}
