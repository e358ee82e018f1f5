import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { openDatabase } from '../../shared/db/database.js';
import { startEmbeddedPostgres } from '../../shared/db/embedded-postgres.js';
import { migrate, readMigrations } from '../../shared/db/migrate.js';
import { createLogger } from '../../shared/log/log.js';
import { startActorHost } from '../../control/calls/host/actor-host.js';
import { sendToActor } from '../../control/calls/mailbox/call-mailbox.js';
import { counterMachine } from './actor-host-toy.js';

// Standalone: PGlite behind its socket and the in-process bus, which starts empty on every start (its
// KV revisions start again at 1 while the database keeps the epochs).

describe('the actor host in standalone mode', () => {
  it('survives a restart: actors and timers come back from PGlite and keep their epochs moving forward', async () => {
    const pg = await startEmbeddedPostgres({ dataDir: null });
    const sql = openDatabase({ url: pg.url, max: 4 });
    const clock = new ManualClock();
    const log = createLogger({ level: 'silent' });
    const rang: number[] = [];
    const metrics: Registry[] = [];
    const start = async () => {
      const bus = createMemoryBus({ clock });
      metrics.push(new Registry());
      const host = await startActorHost(
        { config: { partitions: 8 }, clock, log, sql, bus, metrics: metrics.at(-1)! },
        {
          machines: { counter: counterMachine },
          workerId: 'standalone',
          effectRunner: async (effects) => {
            for (const e of effects) if (e.what === 'rang') rang.push(e.at as number);
          },
        },
      );
      await host.ready();
      const send = (id: string, type: string, payload: Record<string, unknown> = {}) =>
        sendToActor(bus, 'call_standalone', { id, type, payload }, { timeoutMs: 10_000, partitions: 8 });
      return { bus, host, send };
    };
    try {
      await migrate(sql, readMigrations().filter((m) => m.version >= 40 && m.version < 50));
      const first = await start();
      expect(first.host.ownedPartitions()).toHaveLength(8);
      await first.send('create', 'actor.create', { kind: 'counter', input: {} });
      await first.send('inc-1', 'inc');
      const armed = await first.send('arm-1', 'arm', { timerId: 'ring', delayMs: 60_000 });
      await first.host.stop();
      await first.bus.close();
      // What the first host's /metrics said of its leases: eight gained, eight given back at the stop.
      const changes = await metrics[0]!.getSingleMetricAsString('sentral_actor_partition_lease_changes_total');
      expect(changes).toContain('sentral_actor_partition_lease_changes_total{change="gained"} 8');
      expect(changes).toContain('sentral_actor_partition_lease_changes_total{change="released"} 8');
      // Each message sent alone was committed in a transaction of its own, and timed.
      const commits = await metrics[0]!.getSingleMetricAsString('sentral_actor_commit_duration_seconds');
      expect(commits).toContain('sentral_actor_commit_duration_seconds_count{outcome="committed"} 3');

      const second = await start();
      expect((await second.send('inc-2', 'inc')).body).toEqual({ count: 2 });
      await clock.advance(60_000);
      await second.send('inc-3', 'inc');
      expect(rang).toEqual([(armed.body as { fireAt: number }).fireAt]);
      await second.host.stop();
      await second.bus.close();
    } finally {
      await sql.end();
      await pg.close();
    }
  }, 90_000); // PGlite's start (now on a thread of its own) takes tens of seconds on a loaded machine
});
