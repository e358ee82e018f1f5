import { randomUUID } from 'node:crypto';
import { Registry } from 'prom-client';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { loadConfig } from '../../shared/config/config.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { migrate, readMigrations } from '../../shared/db/migrate.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { createLogger } from '../../shared/log/log.js';
import { newId } from '../../shared/ids/ids.js';
import type { Services } from '../../shared/services/services.js';
import type { KeyPrincipal } from '../../control/accounts/principal.js';
import { allScopes } from '../../protocol/api/scopes.js';
import { startDispatcher, type AttemptReport, type Dispatcher, type DispatcherOptions } from '../../control/events/dispatcher.js';
import { startEmbeddedPostgres } from '../../shared/db/embedded-postgres.js';
import { freshDatabase } from './services.js';

async function embeddedDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const embedded = await startEmbeddedPostgres({ dataDir: null });
  return { url: embedded.url, drop: () => embedded.close() };
}

/** A fresh database with the webhook tables, a ManualClock near real time, and dispatchers on demand. */
export interface WebhookHarness {
  services: Services & { clock: ManualClock };
  sql: Sql;
  clock: ManualClock;
  /** A new company and a company key principal of it (test mode unless told). */
  company(mode?: 'live' | 'test'): Promise<KeyPrincipal>;
  /** A new active profile of the company. */
  profile(companyId: string): Promise<string>;
  /** Starts a dispatcher whose attempts land in `reports` (and wake `nextReport`). */
  dispatcher(options?: DispatcherOptions): Promise<Dispatcher>;
  reports: AttemptReport[];
  nextReport(): Promise<AttemptReport>;
  /** Marks every report so far as taken (nextReport then waits for a new one). */
  skipReports(): void;
  /**
   * Moves the clock `ms` forward, stopping at each time a delivery falls due until the dispatchers are
   * idle again, so that no attempt is in flight while the clock jumps.
   */
  runFor(ms: number): Promise<void>;
  /** Wakes every dispatcher and resolves once all are idle and a further round attempts nothing. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Opens a harness on a fresh PostgreSQL database, or on embedded PGlite (standalone); close it in afterAll. */
export async function openWebhookHarness(options: { embedded?: boolean } = {}): Promise<WebhookHarness> {
  const db = options.embedded ? await embeddedDatabase() : await freshDatabase();
  const sql = openDatabase({ url: db.url, max: 8 });
  // Only the migrations the webhook tables stand on (98: the events' trace context), so work in progress
  // elsewhere cannot break these tests.
  await migrate(sql, readMigrations().filter((m) => m.version === 1 || m.version === 10 || (m.version >= 20 && m.version < 30) || m.version === 98));
  // Near real time, so that the standardwebhooks library (which reads the real clock) accepts signatures.
  const clock = new ManualClock(Math.floor(Date.now() / 1000) * 1000);
  const services = {
    config: loadConfig({ SENTRAL_ALLOW_INSECURE_TARGETS: '1' }),
    clock,
    log: createLogger({ level: 'silent' }),
    sql,
    bus: createMemoryBus({ clock }),
    hot: createMemoryStore({ clock }),
    metrics: new Registry(),
  };
  const dispatchers: Dispatcher[] = [];
  const reports: AttemptReport[] = [];
  let taken = 0;
  const waiters: ((r: AttemptReport) => void)[] = [];
  const onAttempt = (r: AttemptReport): void => {
    reports.push(r);
    const w = waiters.shift();
    if (w) {
      taken++;
      w(r);
    }
  };
  const harness: WebhookHarness = {
    services,
    sql,
    clock,
    async company(mode = 'test') {
      const companyId = newId('co', clock);
      await sql`insert into companies (id, name, created_at_ms) values (${companyId}, 'Acme', ${clock.now()})`;
      return { kind: 'key', keyId: newId('key', clock), companyId, profileId: null, mode, scopes: new Set(allScopes) };
    },
    async profile(companyId) {
      const id = randomUUID();
      await sql`insert into profiles (id, company_id, slug, name, services, created_at_ms)
                values (${id}, ${companyId}, ${id.slice(0, 8)}, 'Client', ${sql.json({ phone: true })}, ${clock.now()})`;
      return id;
    },
    async dispatcher(options = {}) {
      const own = options.onAttempt;
      const both = (r: AttemptReport): void => {
        own?.(r);
        onAttempt(r);
      };
      const d = await startDispatcher(services, { pollIntervalMs: 7 * 24 * 3_600_000, ...options, onAttempt: both });
      dispatchers.push(d);
      return d;
    },
    reports,
    nextReport() {
      if (taken < reports.length) return Promise.resolve(reports[taken++]!);
      return new Promise((resolve) => waiters.push(resolve));
    },
    skipReports() {
      taken = reports.length;
    },
    async runFor(ms) {
      const target = clock.now() + ms;
      for (;;) {
        await harness.idle();
        const [row] = await sql<{ next: number | null }[]>`
          select min(d.next_attempt_at_ms) as next from webhook_deliveries d
          join webhook_endpoints e on e.id = d.endpoint_id
          where d.state = 'pending' and e.disabled_at_ms is null and d.next_attempt_at_ms > ${clock.now()}`;
        if (row?.next == null || row.next > target) break;
        await clock.advanceTo(row.next);
      }
      await clock.advanceTo(target);
      await harness.idle();
    },
    async idle() {
      for (;;) {
        const before = reports.length;
        for (const d of dispatchers) d.wake();
        await Promise.all(dispatchers.map((d) => d.whenIdle()));
        if (reports.length === before) return;
      }
    },
    async close() {
      for (const d of dispatchers) await d.stop();
      await services.bus.close();
      await services.hot.close();
      await sql.end({ timeout: 5 });
      await db.drop();
    },
  };
  return harness;
}
