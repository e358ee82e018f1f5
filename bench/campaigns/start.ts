/**
 * The campaign start alone: imports `recipients` contacts once (CSV import, into a list), then starts
 * `rounds` campaigns to that list one after another (each canceled after), timing POST …/start and the
 * CPU it took in this process and in PostgreSQL (the backends of this benchmark's database, read from
 * /proc: figures that a loaded machine disturbs less than wall time). Real PostgreSQL, a fresh database.
 *
 *   node --import tsx bench/campaigns/start.ts [recipients=100000] [rounds=5] [template body]
 */
import { readFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchServices } from '../messaging/bench-services.js';
import { openDatabase } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { buildApiServer } from '../../control/api/server/server.js';
import { createScratchDatabase } from '../../test/support/scratch-database.js';

const recipients = Number(process.argv[2] ?? 100_000);
const rounds = Number(process.argv[3] ?? 5);
const body = process.argv[4] ?? 'Hei {{ contact.name }}! Din plan: {{ contact.attributes.plan }}. Svar STOPP for å avslutte.';
const ADMIN_URL = process.env.SENTRAL_BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN_TOKEN = 'sat_benchAdminToken0123456789abcdefghij';

// CPU ms of a process so far (utime + stime, in clock ticks of 10 ms); 0 once it is gone.
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

const db = await createScratchDatabase(ADMIN_URL, `sentral_bench_campaign_start_${randomBytes(4).toString('hex')}`);
const sql = openDatabase({ url: db.url, max: 20 });
try {
  await migrate(sql);
  const app = await buildApiServer(benchServices(sql, { SENTRAL_ADMIN_TOKEN: ADMIN_TOKEN }), { reaperIntervalMs: 0, rateLimit: { capacity: 1e6, refillPerSecond: 1e6 } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const api = async (method: string, path: string, key: string, payload?: unknown, type = 'application/json'): Promise<any> => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(payload === undefined ? {} : { 'content-type': type }), ...(method === 'POST' && path.startsWith('/v1/') && !path.startsWith('/v1/contacts/imports') ? { 'idempotency-key': randomUUID() } : {}) },
      ...(payload === undefined ? {} : { body: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return text === '' ? undefined : JSON.parse(text);
  };
  const sender = await api('POST', '/admin/v1/companies', ADMIN_TOKEN, { name: 'Bench', balanceOre: recipients * 75 * 4 * rounds });
  const profile = await api('POST', '/v1/profiles', sender.liveKey, { name: 'Bench', slug: 'bench', services: { sms: true } });
  await api('POST', '/admin/v1/numbers', ADMIN_TOKEN, { number: '+4790000901', companyId: sender.id, profileId: profile.id });
  const list = await api('POST', '/v1/contact-lists', sender.liveKey, { profileId: profile.id, name: 'All' });
  const csv = `phone,name,plan\n${Array.from({ length: recipients }, (_, i) => `+47${41_000_000 + i},Kunde ${i},${i % 3 === 0 ? 'gull' : 'sølv'}`).join('\n')}\n`;
  await api('POST', `/v1/contacts/imports?profileId=${profile.id}&listId=${list.id}`, sender.liveKey, csv, 'text/csv');
  await sql`vacuum analyze`;
  const template = await api('POST', '/v1/templates', sender.liveKey, { profileId: profile.id, channel: 'sms', name: 't', body });
  const runs: Array<{ startMs: number; serverCpuMs: number; postgresCpuMs: number; load: number; pending: number; reservedOre: number }> = [];
  for (let round = 0; round < rounds; round++) {
    const campaign = await api('POST', '/v1/campaigns', sender.liveKey, { profileId: profile.id, name: 'Bench', channel: 'sms', sender: '+4790000901', templateId: template.id, listId: list.id, rate: 1000 });
    const backends = (await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = current_database()`).map((r) => r.pid);
    const pgCpu = () => backends.reduce((sum, pid) => sum + cpuMsOf(pid), 0);
    const pg0 = pgCpu();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const started = await api('POST', `/v1/campaigns/${campaign.id}/start`, sender.liveKey);
    const cpu = process.cpuUsage(cpu0);
    const run = { startMs: Math.round(performance.now() - t0), serverCpuMs: Math.round((cpu.user + cpu.system) / 1000), postgresCpuMs: pgCpu() - pg0, load: Math.round(loadavg()[0]! * 100) / 100, pending: started.counts.pending, reservedOre: started.money.reservedOre };
    runs.push(run);
    process.stdout.write(`${JSON.stringify(run)}\n`);
    await api('POST', `/v1/campaigns/${campaign.id}/cancel`, sender.liveKey);
  }
  const median = (key: 'startMs' | 'serverCpuMs' | 'postgresCpuMs') => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
  process.stdout.write(`summary: ${recipients} recipients, median of ${rounds}: start ${median('startMs')} ms, server CPU ${median('serverCpuMs')} ms, PostgreSQL CPU ${median('postgresCpuMs')} ms\n`);
  await app.close();
} finally {
  await sql.end({ timeout: 5 });
  await db.drop();
}
