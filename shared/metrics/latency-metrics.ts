import { Histogram, type Registry } from 'prom-client';

/** Names of the latency series (deploy/'s alert rules and dashboard use them). */
export const LATENCY_METRICS = {
  commit: 'sentral_actor_commit_duration_seconds',
  bus: 'sentral_bus_round_trip_seconds',
} as const;

// From a fast local commit or round trip (a millisecond or less) to the 5 s past which requests give up.
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Observes one duration in seconds. */
export interface DurationObserver {
  observe(seconds: number): void;
}

/** Runs `work`, telling `observer` (when there is one) how long it took if it succeeded. */
export async function timed<T>(observer: DurationObserver | undefined, work: () => Promise<T>): Promise<T> {
  if (!observer) return work();
  const started = performance.now();
  const result = await work();
  observer.observe((performance.now() - started) / 1000);
  return result;
}

/**
 * The actor host's commit transaction durations (`outcome`: committed or failed), once per registry: a
 * slow database or a fence waiting on a lock shows here before calls answer slowly.
 */
export function commitDurations(registry: Registry): Record<'committed' | 'failed', DurationObserver> {
  const histogram = histogramOf(registry, LATENCY_METRICS.commit, 'Time of the actor host\'s fenced commit transaction of one batch, by outcome', 'outcome');
  return { committed: histogram.labels('committed'), failed: histogram.labels('failed') };
}

/**
 * Bus round trips (`op`: publish, from publish to JetStream's acknowledgement; request, from request to
 * reply), once per registry. Only those answered: a timeout is counted where the caller handles it.
 */
export function busRoundTrips(registry: Registry): Record<'publish' | 'request', DurationObserver> {
  const histogram = histogramOf(registry, LATENCY_METRICS.bus, 'Time from a bus publish to its acknowledgement (op="publish") or a request to its reply (op="request")', 'op');
  return { publish: histogram.labels('publish'), request: histogram.labels('request') };
}

function histogramOf(registry: Registry, name: string, help: string, label: string): Histogram<string> {
  return (
    (registry.getSingleMetric(name) as Histogram<string> | undefined) ??
    new Histogram({ name, help, labelNames: [label], buckets: BUCKETS, registers: [registry] })
  );
}
