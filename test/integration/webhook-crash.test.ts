import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { migrate, readMigrations } from '../../shared/db/migrate.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { newId } from '../../shared/ids/ids.js';
import { allScopes } from '../../protocol/api/scopes.js';
import { createEndpoint } from '../../control/events/webhook-endpoints.js';
import { freshDatabase } from '../support/services.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

// 2,000 keeps the suite fast; SENTRAL_WEBHOOK_CRASH_EVENTS=10000 runs the full-size check (about a minute).
const EVENTS = Number(process.env.SENTRAL_WEBHOOK_CRASH_EVENTS ?? 2_000);
const script = fileURLToPath(new URL('../support/dispatcher-process.ts', import.meta.url));

function startChild(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`dispatcher exited early (${code})`)));
    child.stdout!.once('data', () => resolve(child));
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('webhook delivery survives a dispatcher killed with SIGKILL', () => {
  let db: { url: string; drop(): Promise<void> };
  let sql: Sql;
  let r: WebhookReceiver;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    db = await freshDatabase();
    sql = openDatabase({ url: db.url, max: 4 });
    await migrate(sql, readMigrations().filter((m) => m.version === 1 || m.version === 10 || (m.version >= 20 && m.version < 30) || m.version === 98));
    r = await startWebhookReceiver();
  });

  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await sql?.end({ timeout: 5 });
    await db?.drop();
    await r?.close();
  });

  it(`delivers every one of ${EVENTS} events at least once after a crash mid-run`, async () => {
    const companyId = newId('co');
    await sql`insert into companies (id, name, created_at_ms) values (${companyId}, 'Crash', ${Date.now()})`;
    const caller = { kind: 'key' as const, keyId: 'key_x', companyId, profileId: null, mode: 'test' as const, scopes: new Set(allScopes) };
    const ep = await createEndpoint(sql, realClock, caller, { url: r.url, events: ['*'] }, { allowInsecure: true });

    // Bulk setup (the shape recordEvent writes), so that the test spends its time delivering.
    const now = Date.now();
    for (let start = 0; start < EVENTS; start += 1000) {
      const events = [];
      const deliveries = [];
      for (let i = start; i < Math.min(EVENTS, start + 1000); i++) {
        const id = newId('evt');
        const objectId = `call_${i % 50}`;
        events.push({ id, company_id: companyId, profile_id: null, mode: 'test', type: 'call.participant.updated', object_id: objectId, occurred_at_ms: now,
          body: JSON.stringify({ object: 'event', id, type: 'call.participant.updated', api_version: '1', occurred_at: new Date(now).toISOString(), data: { i } }) });
        deliveries.push({ id: newId('dlv'), event_id: id, endpoint_id: ep.id, object_id: objectId, state: 'pending', next_attempt_at_ms: now, created_at_ms: now });
      }
      await sql`insert into events ${sql(events)}`;
      await sql`insert into webhook_deliveries ${sql(deliveries)}`;
    }

    const seen = new Map<string, number>();
    let killAt: () => void = () => {};
    const third = new Promise<void>((resolve) => (killAt = resolve));
    let all: () => void = () => {};
    const allSeen = new Promise<void>((resolve) => (all = resolve));
    r.respond((hook) => {
      const id = (JSON.parse(hook.body) as { id: string }).id;
      seen.set(id, (seen.get(id) ?? 0) + 1);
      if (seen.size === Math.floor(EVENTS / 3)) killAt();
      if (seen.size === EVENTS) all();
      return { status: 200 };
    });

    const first = await startChild(db.url);
    children.push(first);
    await third;
    first.kill('SIGKILL');
    await exited(first);
    const second = await startChild(db.url);
    children.push(second);
    await allSeen;
    second.kill('SIGTERM');
    expect(await exited(second)).toBe(0);

    expect(seen.size).toBe(EVENTS);
    const duplicates = [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
    // Only what the killed process had in flight (its concurrency) can arrive twice.
    expect(duplicates).toBeLessThanOrEqual(32);
    const states = await sql<{ state: string; n: number }[]>`select state, count(*)::int as n from webhook_deliveries group by state`;
    expect(states).toEqual([{ state: 'succeeded', n: EVENTS }]);
  }, 120_000);
});
