/**
 * The messages a partition's consumer has delivered and not yet handled, in delivery order. Each delivery's
 * handler waits on its item; the partition takes what is waiting in batches, so a lone message goes at
 * once and a burst is handled (and committed) together.
 */
import type { BusMessage } from '../../../shared/bus/bus.js';
import type { Clock, Timer } from '../../../shared/clock/clock.js';
import type { MailboxEntry } from '../mailbox/call-mailbox.js';

/** A delivered message waiting for its turn. */
export interface QueuedMessage {
  entry: MailboxEntry;
  msg: BusMessage;
  /** Handled: the delivery is acked. */
  done(): void;
  /** Not handled: the delivery is nak'd (it goes to whoever owns the partition next). */
  fail(err: unknown): void;
}

/** A FIFO of delivered messages drained by one loop at a time. */
export class MailboxQueue {
  private readonly items: QueuedMessage[] = [];
  private draining = false;

  /**
   * @param drain handles the items waiting (takes them with take()); called again while any wait.
   * @param leaseClock real time on the bus's terms, for the keep-alive of deliveries waiting or in hand.
   */
  constructor(
    private readonly drain: () => Promise<void>,
    private readonly leaseClock: Clock,
    private readonly ackWaitMs: number,
  ) {}

  /** Queues a delivered message; resolves once it is handled, rejects when it was not. */
  async add(entry: MailboxEntry, msg: BusMessage): Promise<void> {
    const keepAlive = this.keepAlive(msg);
    try {
      await new Promise<void>((resolve, reject) => {
        this.items.push({ entry, msg, done: resolve, fail: reject });
        void this.run();
      });
    } finally {
      keepAlive.cancel();
    }
  }

  /** Takes up to `max` waiting messages, oldest first. */
  take(max: number): QueuedMessage[] {
    return this.items.splice(0, max);
  }

  /** Puts messages taken but not handled back at the front, in their order. */
  putBack(items: readonly QueuedMessage[]): void {
    this.items.unshift(...items);
  }

  /** Fails every waiting message. */
  failAll(err: unknown): void {
    for (const item of this.items.splice(0)) item.fail(err);
  }

  /** Resets the message's ack wait while it waits or is handled (a slow effect runner still at work). */
  private keepAlive(msg: BusMessage): Timer {
    const interval = Math.max(100, Math.floor(this.ackWaitMs / 2));
    let timer: Timer;
    const tick = (): void => {
      msg.working().catch(() => undefined);
      timer = this.leaseClock.setTimer(interval, tick);
    };
    timer = this.leaseClock.setTimer(interval, tick);
    return { cancel: () => timer.cancel() };
  }

  private async run(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.items.length > 0) await this.drain();
    } catch (err) {
      this.failAll(err);
    } finally {
      this.draining = false;
    }
  }
}
