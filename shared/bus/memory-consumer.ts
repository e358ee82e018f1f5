/**
 * The in-process bus's durable consumers: explicit ack, ack-wait redelivery, nak with delay, working(),
 * term(), at most maxAckPending unacked messages (redeliveries before new ones), a message given up after
 * maxDeliveries, and the subscriptions that run a handler per delivered message.
 */
import type { BusMessage, Subscription } from './bus.js';
import { HANDLER_FAILURE_NAK_DELAY_MS } from './bus-defaults.js';
import type { StoredMessage, MemoryStream } from './memory-stream.js';
import type { Clock, Timer } from '../clock/clock.js';
import type { Logger } from '../log/log.js';

/** What a consumer needs of its bus. */
export interface ConsumerHost {
  readonly clock: Clock;
  readonly log?: Logger | undefined;
  /** A number never handed out before (tells deliveries of the same message apart). */
  nextToken(): number;
}

type PendingState = 'out' | 'delayed' | 'ready';

/** A delivered message not yet acked: out with a handler, waiting out a nak delay, or queued again. */
interface Pending {
  count: number;
  state: PendingState;
  token: number;
  timer?: Timer;
  sub?: MemorySubscription;
}

/** A durable consumer of a stream, under its durable name. */
export class MemoryConsumer {
  /** Highest stream sequence handed out as a new message. */
  cursor = 0;
  readonly pending = new Map<number, Pending>();
  /** Sequences queued for redelivery, first in first out. */
  readonly ready: number[] = [];
  readonly subs: MemorySubscription[] = [];
  private pumping = false;
  private again = false;
  deleted = false;

  constructor(
    readonly bus: ConsumerHost,
    readonly stream: MemoryStream,
    public filterSubject: string,
    public ackWaitMs: number,
    public maxAckPending: number,
    public maxDeliveries: number,
  ) {}

  /** Hands out messages while a subscription has room: redeliveries first, then new ones. */
  pump(): void {
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = true;
    try {
      do {
        this.again = false;
        this.stream.expire(this.bus.clock.now());
        for (;;) {
          const sub = this.subs.find((s) => s.hasRoom());
          if (!sub || this.deleted) break;
          const next = this.takeNext();
          if (!next) break;
          this.deliver(sub, next.msg, next.entry);
        }
      } while (this.again);
    } finally {
      this.pumping = false;
    }
  }

  private takeNext(): { msg: StoredMessage; entry: Pending } | undefined {
    while (this.ready.length > 0) {
      const seq = this.ready.shift() as number;
      const entry = this.pending.get(seq);
      if (!entry || entry.state !== 'ready') continue;
      const msg = this.stream.messages.get(seq);
      if (!msg) {
        this.pending.delete(seq);
        continue;
      }
      return { msg, entry };
    }
    for (const [seq] of this.pending) if (!this.stream.messages.has(seq)) this.clear(seq);
    if (this.pending.size >= this.maxAckPending) return undefined;
    const msg = this.stream.nextAfter(this.cursor, this.filterSubject);
    if (!msg) return undefined;
    this.cursor = msg.seq;
    const entry: Pending = { count: 0, state: 'ready', token: 0 };
    this.pending.set(msg.seq, entry);
    return { msg, entry };
  }

  private deliver(sub: MemorySubscription, msg: StoredMessage, entry: Pending): void {
    const token = this.bus.nextToken();
    entry.count++;
    entry.state = 'out';
    entry.token = token;
    entry.sub = sub;
    entry.timer = this.bus.clock.setTimer(this.ackWaitMs, () => this.requeue(msg.seq, token));
    const settle = (fn: () => void): Promise<void> => {
      fn();
      return Promise.resolve();
    };
    const busMessage: BusMessage = {
      subject: msg.subject,
      data: msg.data.slice(),
      deliveryCount: entry.count,
      seq: msg.seq,
      ack: () => settle(() => this.ack(msg.seq)),
      term: () => settle(() => this.ack(msg.seq)),
      nak: (delayMs?: number) => settle(() => this.nak(msg.seq, token, delayMs)),
      working: () => settle(() => this.working(msg.seq, token)),
    };
    sub.run(busMessage, () => this.isOut(msg.seq, token));
  }

  private isOut(seq: number, token: number): boolean {
    const entry = this.pending.get(seq);
    return entry !== undefined && entry.token === token && entry.state === 'out';
  }

  /** Puts an out message back in line (ack wait expired, nak'd, or its subscription stopped); gives it up after maxDeliveries. */
  requeue(seq: number, token: number, pump = true): void {
    const entry = this.pending.get(seq);
    if (!entry || entry.token !== token || entry.state !== 'out') return;
    if (entry.count >= this.maxDeliveries) {
      // As JetStream's max_deliver: never delivered again; the message stays in the stream.
      this.clear(seq);
      this.bus.log?.warn({ seq, deliveries: entry.count }, 'message reached its maximum deliveries; it is not delivered again');
      if (pump) this.pump();
      return;
    }
    entry.timer?.cancel();
    entry.state = 'ready';
    entry.sub = undefined;
    this.ready.push(seq);
    if (pump) this.pump();
  }

  private ack(seq: number): void {
    if (!this.pending.has(seq)) return;
    this.clear(seq);
    // As in JetStream, a workqueue stream drops a message once its consumer acks or terminates it.
    if (this.stream.spec.retention === 'workqueue') this.stream.remove(seq);
    this.pump();
  }

  private nak(seq: number, token: number, delayMs?: number): void {
    const entry = this.pending.get(seq);
    if (!entry || entry.token !== token || entry.state !== 'out') return;
    entry.timer?.cancel();
    entry.sub = undefined;
    if (delayMs && delayMs > 0) {
      entry.state = 'delayed';
      entry.timer = this.bus.clock.setTimer(delayMs, () => {
        entry.state = 'out';
        this.requeue(seq, token);
      });
      return;
    }
    entry.state = 'out';
    this.requeue(seq, token);
  }

  private working(seq: number, token: number): void {
    const entry = this.pending.get(seq);
    if (!entry || entry.token !== token || entry.state !== 'out') return;
    entry.timer?.cancel();
    entry.timer = this.bus.clock.setTimer(this.ackWaitMs, () => this.requeue(seq, token));
  }

  private clear(seq: number): void {
    this.pending.get(seq)?.timer?.cancel();
    this.pending.delete(seq);
  }

  /** Messages not acked yet (handed out or not) and when the oldest of them was stored. */
  backlog(): { pending: number; oldestStoredAt: number | null } {
    const waiting = this.stream.countAfter(this.cursor, this.filterSubject);
    let oldest = waiting.first?.storedAt ?? null;
    let handedOut = 0;
    for (const seq of this.pending.keys()) {
      const msg = this.stream.messages.get(seq);
      if (!msg) continue;
      handedOut++;
      if (oldest === null || msg.storedAt < oldest) oldest = msg.storedAt;
    }
    return { pending: handedOut + waiting.count, oldestStoredAt: oldest };
  }

  /** Called by a stopping subscription: what it left unacked goes back in line. */
  release(sub: MemorySubscription): void {
    const index = this.subs.indexOf(sub);
    if (index >= 0) this.subs.splice(index, 1);
    const left = [...this.pending].filter(([, entry]) => entry.sub === sub && entry.state === 'out');
    for (const [seq, entry] of left) this.requeue(seq, entry.token, false);
    this.pump();
  }

  /** Forgets all delivery state (the consumer was deleted). */
  destroy(): void {
    this.deleted = true;
    for (const entry of this.pending.values()) entry.timer?.cancel();
    this.pending.clear();
    this.ready.length = 0;
    for (const sub of this.subs) sub.detach();
    this.subs.length = 0;
  }
}

/** One `consume` call: runs the handler per delivered message, at most maxInFlight at once. */
export class MemorySubscription implements Subscription {
  private running = 0;
  private active = true;
  private idle: Array<() => void> = [];

  constructor(
    private readonly consumer: MemoryConsumer,
    private readonly maxInFlight: number,
    private readonly handler: (msg: BusMessage) => Promise<void> | void,
    private readonly log?: Logger,
  ) {}

  hasRoom(): boolean {
    return this.active && this.running < this.maxInFlight;
  }

  /** Runs the handler on a later microtask; a throw naks the message unless it was settled already. */
  run(msg: BusMessage, stillOut: () => boolean): void {
    this.running++;
    Promise.resolve()
      .then(() => this.handler(msg))
      .catch((err: unknown) => {
        this.log?.warn({ err, subject: msg.subject, seq: msg.seq }, 'bus handler failed; message nak\'d');
        if (stillOut()) return msg.nak(HANDLER_FAILURE_NAK_DELAY_MS);
      })
      .finally(() => {
        this.running--;
        if (this.running === 0) for (const fn of this.idle.splice(0)) fn();
        if (this.active) this.consumer.pump();
      });
  }

  detach(): void {
    this.active = false;
  }

  async stop(): Promise<void> {
    if (!this.active) return;
    this.active = false;
    if (this.running > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (!this.consumer.deleted) this.consumer.release(this);
  }
}
