/**
 * The database's share of a webhook delivery, without HTTP: a backlog of `events` recorded as the API does
 * (one endpoint, 1,000 objects), then drained in-process the way one dispatcher drains it (claim `room`,
 * record every claim's attempts as successes in one statement, again) until nothing is left. Prints per
 * delivery the PostgreSQL backend's CPU ms (from /proc), the statements sent and the wall time, and the
 * claim's and the record's share of the wall time.
 *
 *   node --import tsx bench/webhooks/claim-cost.ts [events=8000] [room=64]
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { realClock } from '../../shared/clock/real-clock.js';
import { openDatabase } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { newId } from '../../shared/ids/ids.js';
import { allScopes } from '../../protocol/api/scopes.js';
import { createEndpoint } from '../../control/events/webhook-endpoints.js';
import { recordEvent } from '../../control/events/event-log.js';
import { DeliveryClaim } from '../../control/events/delivery-claim.js';
import { recordSuccesses } from '../../control/events/attempt-recorder.js';
import { createScratchDatabase } from '../../test/support/scratch-database.js';
import { backendsCpuMs, backendsCpuSince } from '../support/proc-cpu.js';
import { statementCounter } from '../support/statement-counter.js';

const events = Number(process.argv[2] ?? 8000);
const room = Number(process.argv[3] ?? 64);
const ADMIN_URL = process.env.SENTRAL_BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const db = await createScratchDatabase(ADMIN_URL, `sentral_bench_claims_${randomBytes(4).toString('hex')}`);
const counter = statementCounter();
const sql = openDatabase({ url: db.url, max: 1, applicationName: 'bench-claims', onQuery: (q) => counter.onQuery(q) });
try {
  await migrate(sql);
  const companyId = newId('co');
  await sql`insert into companies (id, name, created_at_ms) values (${companyId}, 'Bench', ${realClock.now()})`;
  const caller = { kind: 'key' as const, keyId: 'key_bench', companyId, profileId: null, mode: 'test' as const, scopes: new Set(allScopes) };
  await createEndpoint(sql, realClock, caller, { url: 'http://127.0.0.1:9/hook', events: ['*'] }, { allowInsecure: true });
  for (let done = 0; done < events; done += 100) {
    await sql.begin(async (tx) => {
      for (let k = done; k < Math.min(events, done + 100); k++) {
        await recordEvent(tx, realClock, { companyId, profileId: null, mode: 'test', type: 'call.participant.updated', data: { seq: k }, objectId: `call_${k % 1000}` });
      }
    });
  }
  const claims = new DeliveryClaim(sql, 10_000);
  const result = { statusCode: 200, responseBody: 'ok', error: null, attemptedAt: realClock.now(), durationMs: 1, succeeded: true };
  console.error(`claim cost: ${events} deliveries, room ${room}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const before = { cpu: await backendsCpuMs(sql), statements: counter.snapshot() };
  let claimMs = 0;
  let recordMs = 0;
  let delivered = 0;
  for (;;) {
    const t0 = performance.now();
    const got = await claims.claim(room, realClock.now(), new Map(), room);
    const t1 = performance.now();
    if (got.length === 0) break;
    await recordSuccesses(sql, realClock, got.map((delivery) => ({ delivery, result })));
    recordMs += performance.now() - t1;
    claimMs += t1 - t0;
    delivered += got.length;
  }
  const cpuMs = backendsCpuSince(before.cpu, await backendsCpuMs(sql));
  const statements = counter.since(before.statements, delivered);
  const r = (n: number): string => (Math.round(n * 1000) / 1000).toString();
  console.log(`delivered ${delivered}: PostgreSQL CPU ${r(cpuMs / delivered)} ms, statements ${r(statements.statements)}, wall ${r((claimMs + recordMs) / delivered)} ms per delivery (claim ${r(claimMs / delivered)}, record ${r(recordMs / delivered)}); load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await sql.end({ timeout: 5 });
  await db.drop();
}
