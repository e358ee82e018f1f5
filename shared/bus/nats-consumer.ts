import type { Consumer, ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type { BusMessage, Subscription } from './bus.js';
import { HANDLER_FAILURE_NAK_DELAY_MS } from './bus-defaults.js';
import { toBusError } from './nats-errors.js';
import type { Logger } from '../log/log.js';
import { incomingTrace } from '../tracing/trace-context.js';

/** What a consumer needs of its bus: subjects as the bus's users name them, and a flush of acks. */
export interface NatsConsumerHost {
  relative(subject: string): string;
  flush(): Promise<void>;
}

/** One `consume` call: runs the handler per message, at most maxInFlight at once. */
export class NatsConsumerSubscription implements Subscription {
  /** Messages delivered here and not yet acked, nak'd or terminated, by stream sequence. */
  private readonly unsettled = new Map<number, JsMsg>();
  private readonly running = new Set<Promise<void>>();
  private readonly loop: Promise<void>;
  private stopping = false;

  constructor(
    private readonly bus: NatsConsumerHost,
    private readonly consumer: Consumer,
    private readonly messages: ConsumerMessages,
    private readonly maxInFlight: number,
    private readonly handler: (msg: BusMessage) => Promise<void> | void,
    private readonly log?: Logger,
  ) {
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    try {
      for await (const m of this.messages) {
        this.unsettled.set(m.seq, m);
        if (this.stopping) continue;
        const job = this.handle(m).finally(() => this.running.delete(job));
        this.running.add(job);
        if (this.running.size >= this.maxInFlight) await Promise.race(this.running);
      }
    } catch (err) {
      this.log?.error({ err }, 'bus consumer stopped');
    }
  }

  private async handle(m: JsMsg): Promise<void> {
    const settle = (): boolean => {
      if (this.unsettled.get(m.seq) !== m) return false;
      this.unsettled.delete(m.seq);
      return true;
    };
    const message: BusMessage = {
      subject: this.bus.relative(m.subject),
      data: m.data,
      deliveryCount: m.info.deliveryCount,
      seq: m.seq,
      trace: incomingTrace((name) => m.headers?.get(name) || undefined),
      ack: async () => {
        settle();
        try {
          await m.ackAck();
        } catch (err) {
          throw toBusError(err, 'ack');
        }
      },
      nak: async (delayMs?: number) => {
        settle();
        m.nak(delayMs && delayMs > 0 ? delayMs : undefined);
      },
      working: async () => {
        m.working();
      },
      term: async () => {
        settle();
        m.term();
      },
    };
    try {
      await this.handler(message);
    } catch (err) {
      this.log?.warn({ err, subject: message.subject, seq: m.seq }, "bus handler failed; message nak'd");
      if (settle()) m.nak(HANDLER_FAILURE_NAK_DELAY_MS);
    }
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    try {
      await this.messages.close();
    } catch (err) {
      this.log?.warn({ err }, 'bus consumer did not close cleanly');
    }
    await this.loop;
    await Promise.allSettled(this.running);
    if (this.unsettled.size > 0) await this.dropStalePull();
    // What is still unacked goes back to the stream now, not after the ack wait.
    for (const m of this.unsettled.values()) m.nak();
    this.unsettled.clear();
    await this.bus.flush().catch(() => undefined);
  }

  /**
   * Makes the server forget this subscription's pull request before the nak. nats-server 2.9 loses a
   * nak'd message (until its ack wait runs out) when it finds only pull requests nobody listens to any
   * more: it takes the message off its redelivery queue and has nowhere to send it. A consumer info
   * request drops such requests; the server reads it after the unsubscribe that `close()` sent.
   */
  private async dropStalePull(): Promise<void> {
    try {
      await this.consumer.info();
    } catch (err) {
      this.log?.warn({ err }, 'bus consumer info failed before the nak; the nak may wait for the ack wait');
    }
  }
}
