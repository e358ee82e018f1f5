/**
 * Bus round trips and database pool waiters as an SRE scrapes them, on real NATS and real PostgreSQL
 * (the actor host's commit durations are checked with the host, actor-host-standalone.test.ts).
 */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { openDatabase } from '../../shared/db/database.js';
import { busRoundTrips } from '../../shared/metrics/latency-metrics.js';
import { reportPoolWaiting } from '../../shared/metrics/pool-metrics.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { runDatabaseUrl, serviceUrls, uniquePrefix } from '../support/services.js';

async function value(registry: Registry, series: string): Promise<number | undefined> {
  const line = (await registry.metrics()).split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}

describe('latency and pool metrics', () => {
  it('times bus publishes to their acknowledgement and requests to their reply, not those that failed', async () => {
    const registry = new Registry();
    const prefix = uniquePrefix('latency');
    const bus = await createNatsBus({ url: serviceUrls.nats, prefix, name: 'latency-metrics-test', roundTrips: busRoundTrips(registry) });
    try {
      await bus.ensureStream({ name: 'lat', subjects: ['lat.>'], retention: 'limits' });
      await bus.publish('lat.a', new Uint8Array([1]));
      await bus.publish('lat.b', new Uint8Array([2]));
      const sub = await bus.serve('echo', (data) => data);
      expect([...(await bus.request('echo', new Uint8Array([7]), { timeoutMs: 5_000 }))]).toEqual([7]);
      await sub.stop();
      await expect(bus.request('echo', new Uint8Array([8]), { timeoutMs: 1_000 })).rejects.toMatchObject({ code: 'no_responders' });

      expect(await value(registry, 'sentral_bus_round_trip_seconds_count{op="publish"}')).toBe(2);
      expect(await value(registry, 'sentral_bus_round_trip_seconds_count{op="request"}')).toBe(1);
      expect(await value(registry, 'sentral_bus_round_trip_seconds_sum{op="publish"}')).toBeGreaterThan(0);
      // Every round trip on loopback falls in the histogram's range (the +Inf bucket holds no more).
      expect(await value(registry, 'sentral_bus_round_trip_seconds_bucket{le="5",op="publish"}')).toBe(2);
    } finally {
      await bus.close();
      await deleteNatsPrefix(prefix);
    }
  });

  it('reports the queries waiting for a connection while every connection of the pool is taken', async () => {
    const registry = new Registry();
    const sql = openDatabase({ url: runDatabaseUrl(), max: 1 });
    try {
      reportPoolWaiting(registry, sql);
      await sql`select 1`;
      expect(await value(registry, 'sentral_db_pool_waiting')).toBe(0);
      let release!: () => void;
      let entered!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      // The only connection held by a transaction that waits.
      const holding = sql.begin(async (tx) => {
        await tx`select 1`;
        entered();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await inside;
      // postgres.js hands a query to its pool one microtask after it is executed.
      const waiting = [sql`select 2 as n`.execute(), sql`select 3 as n`.execute()];
      await null;
      try {
        expect(await value(registry, 'sentral_db_pool_waiting')).toBe(2);
      } finally {
        release();
      }
      await holding;
      expect((await Promise.all(waiting)).map(([row]) => row!.n)).toEqual([2, 3]);
      expect(await value(registry, 'sentral_db_pool_waiting')).toBe(0);
    } finally {
      await sql.end();
    }
  });
});
