import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { partitionOf } from '../../protocol/bus/bus-names.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { migrate, readMigrations } from '../../shared/db/migrate.js';
import type { ActorEffect, EffectContext, EffectRunner, OnCommit } from '../../control/calls/host/effect.js';
import { freshDatabase } from '../support/services.js';

/** A database of its own for one test file, with the actor host's tables and a table the toy onCommit writes. */
export async function openActorDatabase(): Promise<{ sql: Sql; url: string; reset(): Promise<void>; close(): Promise<void> }> {
  const db = await freshDatabase();
  const sql = openDatabase({ url: db.url, max: 5 });
  await migrate(sql, readMigrations().filter((m) => m.version >= 40 && m.version < 50));
  await sql`create table toy_effects (effect_id text primary key, call_id text not null, type text not null)`;
  return {
    sql,
    url: db.url,
    async reset() {
      await sql`truncate partition_epochs, actor_snapshots, actor_timers, actor_messages, actor_failed_messages, toy_effects`;
    },
    async close() {
      await sql.end();
      await db.drop();
    },
  };
}

/** What the toy effect hooks saw, with a way to await an effect. */
export interface EffectLog {
  onCommit: OnCommit;
  effectRunner: EffectRunner;
  /** Every effect the runner got, in order (a replay shows up again). */
  ran: Array<ActorEffect & { context: EffectContext }>;
  /** Resolves with the first run effect matching `match` (already run or still to come). */
  until(match: (effect: ActorEffect) => boolean, guardMs?: number): Promise<ActorEffect & { context: EffectContext }>;
}

/** Hooks that insert effects into toy_effects inside the transaction (a second insert would fail) and log runs. */
export function effectLog(): EffectLog {
  const ran: EffectLog['ran'] = [];
  const waiters: Array<{ match: (effect: ActorEffect) => boolean; resolve: (effect: EffectLog['ran'][number]) => void }> = [];
  return {
    ran,
    async onCommit(tx, transitions) {
      for (const { effects, context } of transitions) {
        for (const effect of effects) {
          await tx`insert into toy_effects (effect_id, call_id, type) values (${effect.id}, ${context.callId}, ${effect.type})`;
        }
      }
    },
    async effectRunner(effects, context) {
      for (const effect of effects) {
        const entry = { ...effect, context };
        ran.push(entry);
        for (const waiter of waiters.filter((w) => w.match(effect))) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(entry);
        }
      }
    },
    until(match, guardMs = 10_000) {
      const done = ran.find((e) => match(e));
      if (done) return Promise.resolve(done);
      return new Promise((resolve, reject) => {
        const guard = setTimeout(() => reject(new Error(`no matching effect within ${guardMs} ms`)), guardMs);
        waiters.push({
          match,
          resolve: (effect) => {
            clearTimeout(guard);
            resolve(effect);
          },
        });
      });
    },
  };
}


/** Where and how a child worker (actor-host-worker.ts) runs. */
export interface ChildWorkerOptions {
  workerId: string;
  databaseUrl: string;
  natsUrl: string;
  prefix: string;
  partitions: number;
  leaseTtlMs: number;
  renewMs: number;
}

/** A worker in a child process, with the latest partitions it reported owning and every report in order. */
export function startChildWorker(options: ChildWorkerOptions): { child: ChildProcess; owned(): number[]; reports: number[][]; exited: Promise<void> } {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./actor-host-worker.ts', import.meta.url))], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      NATS_URL: options.natsUrl,
      PREFIX: options.prefix,
      PARTITIONS: String(options.partitions),
      WORKER_ID: options.workerId,
      LEASE_TTL_MS: String(options.leaseTtlMs),
      RENEW_MS: String(options.renewMs),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const reports: number[][] = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) reports.push((JSON.parse(line) as { owned: number[] }).owned);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, owned: () => reports.at(-1) ?? [], reports, exited };
}

/** A call id whose partition (of `count`) is one of `partitions`. */
export function callIdIn(partitions: number[], count: number): string {
  for (;;) {
    const callId = `call_${randomBytes(6).toString('hex')}`;
    if (partitions.includes(partitionOf(callId, count))) return callId;
  }
}
