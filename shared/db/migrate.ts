import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from './database.js';

/** The folder of numbered SQL migrations (`NNN_name.sql`). */
export const migrationsDir = fileURLToPath(new URL('../../control/db/migrations/', import.meta.url));

// Any fixed number: every starter takes the same advisory lock, so migrations run once.
const MIGRATION_LOCK = 7_363_726_100;

/** One migration file. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Reads the numbered migrations of `dir` in order; a gap or duplicate number is an error. */
export function readMigrations(dir: string = migrationsDir): Migration[] {
  const files = readdirSync(dir).filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f)).sort();
  const out = files.map((f) => ({ version: Number(f.slice(0, 3)), name: f.slice(4, -4), sql: readFileSync(join(dir, f), 'utf8') }));
  const seen = new Set<number>();
  for (const m of out) {
    if (seen.has(m.version)) throw new Error(`migration number ${m.version} is used twice`);
    seen.add(m.version);
  }
  return out;
}

/**
 * Applies the migrations not yet applied, all in one transaction holding an advisory
 * lock so that concurrent starters apply each one exactly once. Returns the versions it applied.
 */
export async function migrate(sql: Sql, migrations: Migration[] = readMigrations()): Promise<number[]> {
  const applied: number[] = [];
  await sql.begin(async (tx) => {
    // A transaction-level lock: held until commit, and on a single connection (PGlite multiplexes one session).
    await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`;
    const done = new Set((await tx<{ version: number }[]>`select version from schema_migrations`).map((r) => r.version));
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.unsafe(m.sql);
      await tx`insert into schema_migrations (version, name) values (${m.version}, ${m.name})`;
      applied.push(m.version);
    }
  });
  return applied;
}
