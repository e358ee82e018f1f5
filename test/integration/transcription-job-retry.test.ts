/**
 * A transcription job queued while no media node answers (nodes restarting, none started yet) is tried again
 * after 5 s and 30 s before it fails, on the injected clock: the job runner against real PostgreSQL and the
 * in-process bus, a stand-in media node that answers the transcription request as a node does once it is up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { TRANSCRIBE_SUBJECT, TRANSCRIBERS_QUEUE } from '../../protocol/bus/bus-names.js';
import type { TranscribeAnswer } from '../../protocol/transcription/transcription-job.js';
import { insertCompany } from '../../control/accounts/companies.js';
import type { Services } from '../../shared/services/services.js';
import { MAX_ATTEMPTS, UNANSWERED_RETRY_MS, startJobRunner, type JobRunner } from '../../control/transcription/job-runner.js';
import type { Bus } from '../../shared/bus/bus.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { loadConfig } from '../../shared/config/config.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { newId } from '../../shared/ids/ids.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { createLogger } from '../../shared/log/log.js';
import { runDatabaseUrl } from '../support/services.js';

const clock = new ManualClock();
const log = createLogger({ level: 'silent' });
let sql: Sql;
let bus: Bus;
let runner: JobRunner;
let companyId = '';

beforeAll(async () => {
  sql = openDatabase({ url: runDatabaseUrl(), max: 4 });
  await migrate(sql);
  bus = createMemoryBus({ clock, log });
  const services: Services = { config: loadConfig({}), clock, log, sql, bus, hot: createMemoryStore({ clock }), metrics: new Registry() };
  companyId = (await sql.begin((tx) => insertCompany(tx, clock, { name: 'Retry' }))).company.id;
  runner = await startJobRunner(services, { pollIntervalMs: 1_000, requestTimeoutMs: 10_000 });
});
afterAll(async () => {
  await runner?.stop();
  await bus?.close();
  await sql?.end();
});

/** Queues a test-key job of a clip (free: no money moves) and wakes nothing: the runner's poll finds it. */
async function queueJob(): Promise<string> {
  const id = newId('trj', clock);
  await sql`
    insert into transcription_jobs (id, company_id, profile_id, mode, status, source_type, clip_id, language, duration_ms, created_at_ms)
    values (${id}, ${companyId}, null, 'test', 'queued', 'clip', 'clip_retry', 'en-US', 2000, ${clock.now()})`;
  return id;
}

async function job(id: string): Promise<{ status: string; attempts: number; lease_until_ms: number | null; failure_reason: string | null }> {
  const [row] = await sql<{ status: string; attempts: number; lease_until_ms: number | null; failure_reason: string | null }[]>`
    select status, attempts, lease_until_ms, failure_reason from transcription_jobs where id = ${id}`;
  return row!;
}

async function events(id: string): Promise<string[]> {
  const rows = await sql<{ type: string }[]>`select type from events where object_id = ${id} order by occurred_at_ms, id`;
  return rows.map((r) => r.type);
}

/** Moves the clock on a second at a time (the runner's poll), letting the runner finish what each started. */
async function after(ms: number): Promise<void> {
  for (let passed = 0; passed < ms; passed += 1_000) {
    await clock.advance(1_000);
    await runner.idle();
  }
}

describe('a transcription job nobody answers', () => {
  it('waits 5 s, then 30 s, and completes once a media node answers', async () => {
    const id = await queueJob();
    await after(1_000);
    expect(await job(id)).toMatchObject({ status: 'running', attempts: 1, lease_until_ms: clock.now() + UNANSWERED_RETRY_MS[0]! });
    // Due again once its lease (the retry time) has passed: the next poll after it takes it.
    await after(UNANSWERED_RETRY_MS[0]! + 1_000);
    expect(await job(id)).toMatchObject({ status: 'running', attempts: 2 });
    expect(await events(id)).toEqual([]);

    // A media node comes up before the last attempt.
    const answer: TranscribeAnswer = { ok: true, durationMs: 2000, segments: [{ startMs: 500, endMs: 1500, text: 'good morning', confidence: 0.9 }], failed: 0 };
    const node = await bus.serve(TRANSCRIBE_SUBJECT, () => new TextEncoder().encode(JSON.stringify(answer)), { queue: TRANSCRIBERS_QUEUE });
    try {
      await after(UNANSWERED_RETRY_MS[1]! + 1_000);
      expect(await job(id)).toMatchObject({ status: 'completed', attempts: 3 });
      expect(await events(id)).toEqual(['transcription.job.completed']);
    } finally {
      await node.stop();
    }
  });

  it(`fails as transcription_unanswered after ${MAX_ATTEMPTS} attempts, with one event`, async () => {
    const id = await queueJob();
    await after(1_000);
    for (const wait of UNANSWERED_RETRY_MS) await after(wait + 1_000);
    expect(await job(id)).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, failure_reason: 'transcription_unanswered' });
    expect(await events(id)).toEqual(['transcription.job.failed']);
  });
});
