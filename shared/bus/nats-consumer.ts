import type { NatsConnection, Subscription as NatsSubscription } from '@nats-io/transport-node';
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

/** What a consumer subscription is made of. */
export interface NatsConsumerParts {
  nc: NatsConnection;
  /** The stream's JetStream name and the durable's. */
  stream: string;
  durable: string;
  consumer: Consumer;
  /** Opens a pull (a `consume()` iterator) on the consumer. */
  open(): Promise<ConsumerMessages>;
  maxInFlight: number;
  /** Acks without the server's confirmation (ConsumeOptions.unconfirmedAcks). */
  unconfirmedAcks: boolean;
  handler: (msg: BusMessage) => Promise<void> | void;
}

/**
 * The advisory JetStream sends when a consumer gets a (new) leader. A pull request lives on the consumer's
 * leader only; when that leader's server dies the request dies with it, and the client, left to itself,
 * notices after two missed heartbeats and then retries its consumer info every pull expiry while the
 * election runs: 4-13 s after the new leader could already deliver. On this advisory the subscription pulls
 * from the new leader at once.
 */
export function consumerLeaderElected(stream: string, durable: string): string {
  return `$JS.EVENT.ADVISORY.CONSUMER.LEADER_ELECTED.${stream}.${durable}`;
}

/** One `consume` call: runs the handler per message, at most maxInFlight at once. */
export class NatsConsumerSubscription implements Subscription {
  /** Messages delivered here and not yet acked, nak'd or terminated, by stream sequence. */
  private readonly unsettled = new Map<number, JsMsg>();
  private readonly running = new Set<Promise<void>>();
  private readonly loop: Promise<void>;
  private readonly leaderWatch: NatsSubscription;
  private messages: ConsumerMessages;
  /** The pull that replaces the current one (repull), until the loop has moved to it. */
  private replacing: Promise<ConsumerMessages> | undefined;
  private stopping = false;

  constructor(
    private readonly bus: NatsConsumerHost,
    private readonly parts: NatsConsumerParts,
    first: ConsumerMessages,
    private readonly log?: Logger,
  ) {
    this.messages = first;
    this.leaderWatch = parts.nc.subscribe(consumerLeaderElected(parts.stream, parts.durable), { callback: () => void this.repull() });
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    for (let messages: ConsumerMessages | undefined = this.messages; messages; messages = await this.replacing) {
      this.replacing = undefined;
      this.messages = messages;
      try {
        for await (const m of messages) {
          this.unsettled.set(m.seq, m);
          if (this.stopping) continue;
          const job = this.handle(m).finally(() => this.running.delete(job));
          this.running.add(job);
          if (this.running.size >= this.parts.maxInFlight) await Promise.race(this.running);
        }
      } catch (err) {
        this.log?.error({ err }, 'bus consumer stopped');
      }
      if (this.stopping) return;
    }
  }

  /**
   * Replaces the pull with a new one at the consumer's current leader. The old pull is closed first and a
   * consumer info sent behind its unsubscribe, so that no server holds a request for the old inbox (a
   * message sent there would wait for the ack wait); messages the old pull already brought are handled.
   */
  private repull(): Promise<ConsumerMessages> | undefined {
    if (this.stopping) return undefined;
    if (this.replacing) return this.replacing;
    const old = this.messages;
    this.replacing = (async () => {
      void old.close();
      await this.parts.consumer.info().catch((err: unknown) => this.log?.warn({ err }, 'bus consumer info failed before a repull'));
      return this.parts.open();
    })();
    this.log?.info('bus consumer has a new leader; pulling from it');
    return this.replacing;
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
          if (this.parts.unconfirmedAcks) m.ack();
          else await m.ackAck();
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
      await this.parts.handler(message);
    } catch (err) {
      this.log?.warn({ err, subject: message.subject, seq: m.seq }, "bus handler failed; message nak'd");
      if (settle()) m.nak(HANDLER_FAILURE_NAK_DELAY_MS);
    }
  }

  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.leaderWatch.unsubscribe();
    try {
      const replacement = await this.replacing?.catch(() => undefined);
      await Promise.all([this.messages.close(), replacement?.close()]);
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
      await this.parts.consumer.info();
    } catch (err) {
      this.log?.warn({ err }, 'bus consumer info failed before the nak; the nak may wait for the ack wait');
    }
  }
}
