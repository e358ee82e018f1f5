/**
 * The in-process bus's core messaging: request/reply (queue groups, timeouts, no-responders, responder
 * failures) and non-durable notify/subscribe with `*` and `>` wildcards.
 */
import type { Subscription } from './bus.js';
import { BusError } from './bus-error.js';
import { subjectMatches } from './subject.js';
import type { Clock } from '../clock/clock.js';
import type { Logger } from '../log/log.js';

interface Server {
  pattern: string;
  queue?: string;
  handler: (data: Uint8Array) => Promise<Uint8Array> | Uint8Array;
}

interface Subscriber {
  pattern: string;
  handler: (subject: string, data: Uint8Array) => void;
}

/** Request/reply and wake-ups of one in-process bus. */
export class MemoryPubSub {
  private readonly servers = new Set<Server>();
  private readonly subscribers = new Set<Subscriber>();
  /** Rejecters of requests still waiting, so that close() settles them. */
  private readonly waiting = new Set<(err: BusError) => void>();

  constructor(
    private readonly clock: Clock,
    private readonly log?: Logger,
  ) {}

  async request(subject: string, data: Uint8Array, options: { timeoutMs: number }): Promise<Uint8Array> {
    const chosen = this.pickServers(subject);
    if (chosen.length === 0) throw new BusError('no_responders', `no responders on ${subject}`);
    return new Promise<Uint8Array>((resolve, reject) => {
      let done = false;
      const finish = (fn: () => void): void => {
        if (done) return;
        done = true;
        timer.cancel();
        this.waiting.delete(abort);
        fn();
      };
      const abort = (err: BusError): void => finish(() => reject(err));
      const timer = this.clock.setTimer(options.timeoutMs, () =>
        abort(new BusError('request_timeout', `request on ${subject} timed out after ${options.timeoutMs} ms`)),
      );
      this.waiting.add(abort);
      for (const server of chosen) {
        Promise.resolve()
          .then(() => server.handler(data.slice()))
          .then(
            (reply) => finish(() => resolve(reply.slice())),
            (err: unknown) => {
              this.log?.warn({ err, subject }, 'bus request handler failed');
              finish(() => reject(new BusError('handler_failed', `the responder on ${subject} failed`, { cause: err })));
            },
          );
      }
    });
  }

  /** Every plain server matching `subject`, and one member of each matching queue group. */
  private pickServers(subject: string): Server[] {
    const plain: Server[] = [];
    const groups = new Map<string, Server[]>();
    for (const server of this.servers) {
      if (!subjectMatches(server.pattern, subject)) continue;
      if (server.queue === undefined) plain.push(server);
      else groups.set(server.queue, [...(groups.get(server.queue) ?? []), server]);
    }
    for (const members of groups.values()) plain.push(members[Math.floor(Math.random() * members.length)] as Server);
    return plain;
  }

  async serve(
    subject: string,
    handler: (data: Uint8Array) => Promise<Uint8Array> | Uint8Array,
    options: { queue?: string } = {},
  ): Promise<Subscription> {
    const server: Server = { pattern: subject, handler, ...(options.queue !== undefined ? { queue: options.queue } : {}) };
    this.servers.add(server);
    return { stop: async () => void this.servers.delete(server) };
  }

  async notify(subject: string, data: Uint8Array): Promise<void> {
    for (const sub of this.subscribers) {
      if (!subjectMatches(sub.pattern, subject)) continue;
      const copy = data.slice();
      queueMicrotask(() => {
        if (!this.subscribers.has(sub)) return;
        try {
          sub.handler(subject, copy);
        } catch (err) {
          this.log?.warn({ err, subject }, 'bus subscriber failed');
        }
      });
    }
  }

  async subscribe(subject: string, handler: (subject: string, data: Uint8Array) => void): Promise<Subscription> {
    const sub: Subscriber = { pattern: subject, handler };
    this.subscribers.add(sub);
    return { stop: async () => void this.subscribers.delete(sub) };
  }

  /** Settles waiting requests with `err` and forgets every server and subscriber. */
  close(err: BusError): void {
    for (const abort of [...this.waiting]) abort(err);
    this.servers.clear();
    this.subscribers.clear();
  }
}
