/**
 * The database contract: what sentral relies on from its database, checked against real PostgreSQL
 * (cluster) and PGlite behind pglite-socket (standalone), both through `openDatabase`.
 *
 * Known differences on PGlite, by design of PGlite (one Postgres session underneath):
 * - Transactions from different connections run one after another, never side by side. `FOR UPDATE
 *   SKIP LOCKED` therefore degrades to claimers taking turns; what holds on both is that no row is
 *   claimed twice. A transaction must never await a query on a second connection (that deadlocks).
 * - Advisory locks are taken by that one session, so they never exclude another connection; `migrate`
 *   stays once-only there because its transactions are serialized. Lock exclusivity is tested on
 *   PostgreSQL only.
 * - LISTEN/NOTIFY does not reach other connections, so wake-ups (dispatcher, timers) go through the
 *   bus, which works in both modes; no test here depends on NOTIFY.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { startEmbeddedPostgres } from '../../shared/db/embedded-postgres.js';
import { migrate, readMigrations } from '../../shared/db/migrate.js';
import { freshDatabase } from '../support/services.js';
import { retryUntil } from '../support/eventually.js';

interface Backend {
  name: string;
  /** Real PostgreSQL: sessions run side by side and locks exclude each other. */
  concurrentSessions: boolean;
  start(): Promise<{ url: string; stop(): Promise<void> }>;
}

const backends: Backend[] = [
  {
    name: 'postgresql',
    concurrentSessions: true,
    start: async () => {
      const db = await freshDatabase();
      return { url: db.url, stop: () => db.drop() };
    },
  },
  {
    name: 'pglite',
    concurrentSessions: false,
    start: async () => {
      const embedded = await startEmbeddedPostgres({ dataDir: null });
      return { url: embedded.url, stop: () => embedded.close() };
    },
  },
];

describe.each(backends)('database contract: $name', (backend) => {
  let server: { url: string; stop(): Promise<void> };
  let sql: Sql;

  beforeAll(async () => {
    server = await backend.start();
    // Stays well below the socket server's connection limit together with the extra pools below.
    sql = openDatabase({ url: server.url, max: 6 });
  });
  afterAll(async () => {
    await sql?.end();
    await server?.stop();
  });

  it('applies each migration exactly once when two starters migrate at the same time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sentral-migrations-'));
    try {
      writeFileSync(join(dir, '001_widgets.sql'), 'create table widgets (id text primary key);');
      writeFileSync(join(dir, '002_widget_colour.sql'), "alter table widgets add column colour text not null default 'blue';");
      writeFileSync(join(dir, '003_gadgets.sql'), 'create table gadgets (id text primary key, widget_id text references widgets(id));');
      const migrations = readMigrations(dir);
      const starters = [openDatabase({ url: server.url, max: 2 }), openDatabase({ url: server.url, max: 2 })];
      try {
        const applied = await Promise.all(starters.map((starter) => migrate(starter, migrations)));
        expect(applied.flat().sort()).toEqual([1, 2, 3]);
        expect(await migrate(starters[0]!, migrations)).toEqual([]);
      } finally {
        await Promise.all(starters.map((starter) => starter.end()));
      }
      const rows = await sql<{ version: number; name: string }[]>`select version, name from schema_migrations order by version`;
      expect(rows.map((r) => [r.version, r.name])).toEqual([[1, 'widgets'], [2, 'widget_colour'], [3, 'gadgets']]);
      await sql`insert into widgets (id) values ('w1')`;
      expect((await sql`select colour from widgets`)[0]?.colour).toBe('blue');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('queries and transactions sent at once over many pooled connections each get their own answer', async () => {
    // Regression: pglite-socket interleaved the wire batches of connections ("portal does not exist").
    const pool = openDatabase({ url: server.url, max: 5 });
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          i % 4 === 0
            ? pool.begin(async (tx) => (await tx<{ n: number }[]>`select ${i}::int + 0 as n`)[0]!.n)
            : pool<{ n: number; label: string }[]>`select ${i}::int as n, ${`q${i}`}::text as label`.then((rows) => rows[0]!.n),
        ),
      );
      expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => i));
    } finally {
      await pool.end();
    }
  });

  it('a connection that drops inside a transaction leaves nothing behind and blocks no one', async () => {
    await sql`create table drafts (id integer primary key)`;
    const other = openDatabase({ url: server.url, max: 1 });
    const conn = await other.reserve();
    await conn`begin`;
    await conn`insert into drafts (id) values (1)`;
    await other.end({ timeout: 0 });
    expect((await sql<{ n: number }[]>`select count(*)::int as n from drafts`)[0]?.n).toBe(0);
    await sql`insert into drafts (id) values (1)`;
    expect((await sql<{ n: number }[]>`select count(*)::int as n from drafts`)[0]?.n).toBe(1);
  });

  it('claimers racing with FOR UPDATE SKIP LOCKED never claim a row twice', async () => {
    await sql`create table work_items (id integer primary key, claimed_by text, claims integer not null default 0)`;
    await sql`insert into work_items (id) select generate_series(1, 60)`;
    const claimer = async (name: string): Promise<number> => {
      let total = 0;
      for (;;) {
        const taken = await sql.begin(async (tx) => {
          const rows = await tx<{ id: number }[]>`
            select id from work_items where claimed_by is null order by id limit 3 for update skip locked`;
          if (rows.length === 0) return 0;
          await tx`update work_items set claimed_by = ${name}, claims = claims + 1 where id in ${tx(rows.map((r) => r.id))}`;
          return rows.length;
        });
        if (taken === 0) return total;
        total += taken;
      }
    };
    const totals = await Promise.all(['a', 'b', 'c', 'd'].map(claimer));
    expect(totals.reduce((x, y) => x + y, 0)).toBe(60);
    const [summary] = await sql<{ unclaimed: number; twice: number }[]>`
      select count(*) filter (where claimed_by is null)::int as unclaimed, count(*) filter (where claims <> 1)::int as twice from work_items`;
    expect(summary).toEqual({ unclaimed: 0, twice: 0 });
  });

  it.skipIf(!backend.concurrentSessions)('a row locked by an open transaction is skipped, not waited for, by another claimer', async () => {
    await sql`create table jobs (id integer primary key)`;
    await sql`insert into jobs (id) values (1), (2)`;
    await sql.begin(async (first) => {
      const [mine] = await first<{ id: number }[]>`select id from jobs order by id limit 1 for update skip locked`;
      const other = await sql.begin((second) => second<{ id: number }[]>`select id from jobs order by id limit 1 for update skip locked`);
      expect(mine?.id).toBe(1);
      expect(other.map((r) => r.id)).toEqual([2]);
    });
  });

  it.skipIf(!backend.concurrentSessions)('a session advisory lock excludes other sessions until it is released', async () => {
    const key = 8_100_001;
    const a = await sql.reserve();
    const b = await sql.reserve();
    try {
      expect((await a`select pg_try_advisory_lock(${key}) as ok`)[0]?.ok).toBe(true);
      expect((await b`select pg_try_advisory_lock(${key}) as ok`)[0]?.ok).toBe(false);
      await a`select pg_advisory_unlock(${key})`;
      expect((await b`select pg_try_advisory_lock(${key}) as ok`)[0]?.ok).toBe(true);
      await b`select pg_advisory_unlock(${key})`;
    } finally {
      a.release();
      b.release();
    }
  });

  it.skipIf(!backend.concurrentSessions)('a transaction advisory lock makes a second taker wait until the holder commits', async () => {
    const key = 8_100_002;
    const order: string[] = [];
    let waiter: Promise<unknown> | undefined;
    await sql.begin(async (holder) => {
      await holder`select pg_advisory_xact_lock(${key})`;
      const tried = await sql.begin((other) => other<{ ok: boolean }[]>`select pg_try_advisory_xact_lock(${key}) as ok`);
      expect(tried[0]?.ok).toBe(false);
      waiter = sql.begin(async (other) => {
        await other`select pg_advisory_xact_lock(${key})`;
        order.push('second took the lock');
      });
      await retryUntil(async () => {
        const [row] = await sql<{ n: number }[]>`
          select count(*)::int as n from pg_locks
          where locktype = 'advisory' and not granted and objid = ${key}
            and database = (select oid from pg_database where datname = current_database())`;
        if (row?.n !== 1) throw new Error('the second taker is not waiting yet');
      }, 5_000);
      order.push('holder commits');
    });
    await waiter;
    expect(order).toEqual(['holder commits', 'second took the lock']);
  });

  it('a guarded update never takes a balance below zero under 20 concurrent debits', async () => {
    await sql`create table balances (company text primary key, amount bigint not null)`;
    await sql`insert into balances (company, amount) values ('acme', 100)`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        sql<{ amount: number }[]>`update balances set amount = amount - 7 where company = 'acme' and amount >= 7 returning amount`,
      ),
    );
    const succeeded = results.filter((rows) => rows.length === 1).map((rows) => rows[0]!.amount);
    expect(succeeded).toHaveLength(14);
    expect(new Set(succeeded).size).toBe(14);
    expect((await sql<{ amount: number }[]>`select amount from balances where company = 'acme'`)[0]?.amount).toBe(2);
  });

  it('a transaction that throws leaves nothing behind', async () => {
    await sql`create table notes (id integer primary key, body text)`;
    await expect(
      sql.begin(async (tx) => {
        await tx`insert into notes (id, body) values (1, 'kept?')`;
        await tx`insert into notes (id, body) values (2, 'kept?')`;
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    await expect(
      sql.begin(async (tx) => {
        await tx`insert into notes (id, body) values (3, 'kept?')`;
        await tx`insert into notes (id, body) values (3, 'duplicate key')`;
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await sql<{ n: number }[]>`select count(*)::int as n from notes`)[0]?.n).toBe(0);
    await sql`insert into notes (id, body) values (1, 'after the rollbacks')`;
    expect((await sql<{ n: number }[]>`select count(*)::int as n from notes`)[0]?.n).toBe(1);
  });
});

