/**
 * The metrics of a media host: every worker's series (each carries `worker="<i>"`), merged into one
 * exposition, with the host's totals beside them. A worker's `/metrics` answers with this, so one scrape of
 * any worker's port shows the whole host: per-worker load, tick lateness and skipped frames, and the sums.
 */
import { AggregatorRegistry, Gauge, type MetricObjectWithValues, type MetricValue, type Registry } from 'prom-client';

/** One registry's metrics as `getMetricsAsJSON` gives them, without the collect functions (what a worker sends its host). */
export type MetricsJson = Array<Omit<MetricObjectWithValues<MetricValue<string>>, 'collect'>>;

/** A registry's metrics as data that can cross a thread. */
export async function metricsJson(registry: Registry): Promise<MetricsJson> {
  return (await registry.getMetricsAsJSON()).map(({ name, help, type, aggregator, values }) => ({ name, help, type, aggregator, values }));
}

/** Host totals: the series they are made from, and how (sums of load and skips, the worst worker's lateness). */
const TOTALS = [
  { name: 'sentral_media_host_sessions', from: 'sentral_media_sessions', help: 'Open call sessions on every worker of this host.', of: 'sum' },
  { name: 'sentral_media_host_legs', from: 'sentral_media_legs', help: 'Legs on every worker of this host (its load).', of: 'sum' },
  { name: 'sentral_media_host_room_connections', from: 'sentral_media_room_connections', help: 'Open room endpoint connections on every worker of this host.', of: 'sum' },
  { name: 'sentral_media_host_tick_skipped_frames', from: 'sentral_media_tick_skipped_frames', help: 'Frames skipped by every worker of this host.', of: 'sum' },
  { name: 'sentral_media_host_tick_lateness_ms', from: 'sentral_media_tick_lateness_ms', help: 'Tick lateness of the latest worker of this host over its latest 500 ticks (10 s of running), by quantile.', of: 'max' },
] as const;

/** Merges the workers' metrics (and the host process's own) into one registry, with the host's totals. */
export function hostMetrics(workers: MetricsJson[], host: MetricsJson = []): Registry {
  const registry = AggregatorRegistry.aggregate<'text/plain; version=0.0.4; charset=utf-8'>([...workers, host]);
  new Gauge({ name: 'sentral_media_host_workers', help: 'Media workers of this host.', registers: [registry] }).set(workers.length);
  for (const total of TOTALS) {
    const values = workers.flatMap((metrics) => metrics.find((m) => m.name === total.from)?.values ?? []);
    const gauge = new Gauge<string>({ name: total.name, help: total.help, labelNames: ['quantile'], registers: [registry] });
    const byLabels = new Map<string, { labels: Record<string, string>; value: number }>();
    for (const { labels, value } of values) {
      const { worker: _worker, ...rest } = labels as Record<string, string>;
      const key = JSON.stringify(rest);
      const seen = byLabels.get(key);
      if (!seen) byLabels.set(key, { labels: rest, value });
      else seen.value = total.of === 'sum' ? seen.value + value : Math.max(seen.value, value);
    }
    if (byLabels.size === 0 && total.of === 'sum') gauge.set(0);
    for (const { labels, value } of byLabels.values()) gauge.set(labels, value);
  }
  return registry;
}
