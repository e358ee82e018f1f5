import { Counter, Gauge, type Registry } from 'prom-client';
import type { TickClock } from '../clock/tick-clock.js';

/** What the node's gauges read when scraped. */
export interface MediaMetricsSource {
  sessions(): number;
  legs(): number;
  roomConnections(): number;
  /** The real tick, when the node runs on one (a manual tick has no lateness). */
  tick(): TickClock | null;
}

/** The media node's Prometheus metrics, registered on the process registry. */
export class MediaMetrics {
  /** Control operations answered, by op and outcome. */
  readonly ops: Counter<'op' | 'outcome'>;
  /** Room audio frames dropped: in (client faster than real time) or out (client reading too slowly). */
  readonly roomDrops: Counter<'direction'>;

  constructor(registry: Registry, source: MediaMetricsSource) {
    this.ops = counter(registry, 'sentral_media_ops_total', 'Media control operations answered.', ['op', 'outcome']);
    this.roomDrops = counter(registry, 'sentral_media_room_frames_dropped_total', 'Room audio frames dropped.', ['direction']);
    gauge(registry, 'sentral_media_sessions', 'Open call sessions on this node.', [], (g) => g.set(source.sessions()));
    gauge(registry, 'sentral_media_legs', 'Legs on this node (its load).', [], (g) => g.set(source.legs()));
    gauge(registry, 'sentral_media_room_connections', 'Open room endpoint connections.', [], (g) => g.set(source.roomConnections()));
    gauge(registry, 'sentral_media_tick_lateness_ms', 'Lateness of the 20 ms tick over its latest 500 ticks (10 s of running), by quantile.', ['quantile'], (g) => {
      const tick = source.tick();
      if (!tick) return;
      g.set({ quantile: '0.5' }, tick.lateness.quantile(0.5));
      g.set({ quantile: '0.99' }, tick.lateness.quantile(0.99));
      g.set({ quantile: 'max' }, tick.lateness.max());
    });
    gauge(registry, 'sentral_media_tick_skipped_frames', 'Frames skipped after the tick fell far behind.', [], (g) => g.set(source.tick()?.skipped ?? 0));
  }
}

// A registry shared by several nodes in one process (tests, standalone) keeps the first registration.
function counter<L extends string>(registry: Registry, name: string, help: string, labelNames: L[]): Counter<L> {
  const existing = registry.getSingleMetric(name);
  if (existing) return existing as Counter<L>;
  return new Counter({ name, help, labelNames, registers: [registry] });
}

function gauge<L extends string>(registry: Registry, name: string, help: string, labelNames: L[], collect: (g: Gauge<L>) => void): void {
  registry.removeSingleMetric(name);
  new Gauge<L>({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      collect(this);
    },
  });
}
