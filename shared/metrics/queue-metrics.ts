import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../clock/clock.js';
import type { Logger } from '../log/log.js';
import { cachedSample } from './cached-sample.js';

/** Names of the queue series (deploy/'s alert rules and dashboard use them). */
export const QUEUE_METRICS = {
  depth: 'sentral_queue_depth',
  oldestAge: 'sentral_queue_oldest_age_seconds',
} as const;

/** How long one sample of a queue answers scrapes (a scrape every few seconds costs one query, not one per scrape). */
export const QUEUE_SAMPLE_MS = 5_000;

/** One queue (or one part of it, by `key`) at a sample: how many wait, and since when the oldest waits. */
export interface QueueSample {
  /** The queue's part: a partition, a channel, a bind; '' for a queue in one piece. */
  key: string;
  depth: number;
  /** Epoch ms (on the source's clock) at which the oldest waiting item became due; null when none waits. */
  oldestAt: number | null;
}

/** A queue reported on a registry until removed. */
export interface ReportedQueue {
  remove(): void;
}

interface Source {
  queue: string;
  clock: Clock;
  sample(): Promise<readonly QueueSample[]>;
}

const sources = new WeakMap<Registry, Set<Source>>();

/**
 * Reports a queue as `sentral_queue_depth{queue,key}` and `sentral_queue_oldest_age_seconds{queue,key}`:
 * `sample` is asked at scrape time, at most once per `cacheMs` (QUEUE_SAMPLE_MS) of `clock` (both gauges and
 * every scrape in between share its answer; the age is counted from `oldestAt` to the scrape, on `clock`); a
 * sample read from memory passes 0. The first queue reported on a registry lends its logger to all. A
 * sample that fails (a database away) leaves that queue's series out of the scrape.
 */
export function reportQueue(
  registry: Registry,
  queue: string,
  clock: Clock,
  sample: () => Promise<readonly QueueSample[]>,
  options: { log?: Logger; cacheMs?: number } = {},
): ReportedQueue {
  let set = sources.get(registry);
  if (!set) {
    set = new Set();
    sources.set(registry, set);
    registerGauges(registry, set, options.log);
  }
  const source: Source = { queue, clock, sample: cachedSample(clock, options.cacheMs ?? QUEUE_SAMPLE_MS, sample) };
  set.add(source);
  return { remove: () => set.delete(source) };
}

function registerGauges(registry: Registry, set: ReadonlySet<Source>, log: Logger | undefined): void {
  const labelNames = ['queue', 'key'] as const;
  const samples = async (): Promise<Array<{ source: Source; samples: readonly QueueSample[] }>> => {
    const all = await Promise.all(
      [...set].map(async (source) => {
        try {
          return { source, samples: await source.sample() };
        } catch (err) {
          log?.debug({ err, queue: source.queue }, 'a queue could not be sampled');
          return { source, samples: [] };
        }
      }),
    );
    return all;
  };
  new Gauge({
    name: QUEUE_METRICS.depth,
    help: 'Items waiting in a queue: a partition mailbox, the messaging outbox, campaign recipients, an SMPP window, webhook deliveries',
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { source, samples: list } of await samples()) {
        for (const s of list) this.set({ queue: source.queue, key: s.key }, s.depth);
      }
    },
  });
  new Gauge({
    name: QUEUE_METRICS.oldestAge,
    help: 'How long the oldest item of a queue has waited since it was due (0 when none waits)',
    labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      for (const { source, samples: list } of await samples()) {
        const now = source.clock.now();
        for (const s of list) this.set({ queue: source.queue, key: s.key }, s.oldestAt === null ? 0 : Math.max(0, now - s.oldestAt) / 1000);
      }
    },
  });
}
