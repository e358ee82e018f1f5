/**
 * Campaigns benchmark: one process runs the API (listening on loopback), the messaging role with live SMS
 * over SMPP and the campaign runner, on real PostgreSQL (a fresh database, dropped at the end), the real
 * clock and the in-process bus: `sentral start`'s shape. The simulated SMSC (`sentral smsc-sim`) and the
 * other customer (probe.ts) are processes of their own, as they are in life. The SMPP link runs with
 * window 50 and 5,000 submits/s allowed, as the SMS benchmark's does (the defaults, window 10 and
 * 500/s, are a cautious carrier's, below the campaign's rate): the target is the platform's. Phases:
 *
 * 1. import `recipients` contacts through POST /v1/contacts/imports (CSV, streamed) into a list;
 * 2. start a campaign to the list at `rate` messages/s: POST …/start renders, prices and reserves the
 *    whole audience (its time is the "started in ≤ 2 s" figure), then the campaign is sent in full, the
 *    SMSC counting every message per recipient; sent per second is sampled from the SMSC;
 * 3. all along, another customer's key reads GET /v1/contacts every 50 ms; its latency before the
 *    campaign (the baseline, measured in the same run) and during it are compared, and this process's
 *    event-loop delay is sampled during the campaign.
 *
 *   node --import tsx bench/campaigns/run.ts [recipients=100000] [rate=1000] [startOnly=0] [handOff=direct|claim]
 *
 * startOnly=1 measures phases 1 and 2's start for `recipients`, then cancels (no sending). handOff=claim
 * runs the campaign runner without the outbox (its messages wait `accepted` for the outbox's claim, the way
 * before the runner handed them over itself), for a before/after in one checkout. The send phase reports the
 * statements and transactions per message of the runner and the outbox (a pool of their own, counted), and
 * the CPU ms per message of this process and of the database's PostgreSQL backends (from /proc).
 * Writes bench/campaigns/results/<recipients>.json and chart-<recipients>.svg (sent per second) and ends
 * with a summary line: the start's time, sent per second, the exactly-once check and the other customer's p99.
 */
import { fork, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { benchServices } from '../messaging/bench-services.js';
import { openDatabase } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { buildApiServer } from '../../control/api/server/server.js';
import { startMessaging } from '../../control/messaging/outbox/messaging-role.js';
import { startCampaignRunner } from '../../control/messaging/campaigns/campaign-runner.js';
import { createScratchDatabase } from '../../test/support/scratch-database.js';
import { statementCounter } from '../support/statement-counter.js';
import { backendsCpuMs, backendsCpuSince } from '../support/proc-cpu.js';
import type { ProbeJob, ProbeResult } from './probe.js';

const recipients = Number(process.argv[2] ?? 100_000);
const rate = Number(process.argv[3] ?? 1000);
const startOnly = process.argv[4] === '1';
const direct = process.argv[5] !== 'claim';
const ADMIN_URL = process.env.SENTRAL_BENCH_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ADMIN_TOKEN = 'sat_benchAdminToken0123456789abcdefghij';
const SEND_LIMIT_MS = 30 * 60_000;
const HERE = fileURLToPath(new URL('.', import.meta.url));
const CLI = fileURLToPath(new URL('../../scripts/sentral.js', import.meta.url));

// Wall-clock ms (the probe's samples are stamped in its own process).
const now = (): number => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
const ms = (ns: number): number => Math.round(ns / 1e4) / 100;
function summary(values: number[]): { n: number; p50: number; p90: number; p99: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return { n: s.length, p50: r(percentile(s, 50)), p90: r(percentile(s, 90)), p99: r(percentile(s, 99)), max: r(s.at(-1) ?? NaN) };
}

// The simulated SMSC, a process of its own: every whole message it takes is counted per recipient.
const atSmsc = new Map<string, number>();
async function startSmsc(): Promise<{ port: number; stop: () => void }> {
  const child = spawn(process.execPath, [CLI, 'smsc-sim'], {
    env: { ...process.env, SENTRAL_SMPP_PORT: '0', SENTRAL_SMPP_SYSTEM_ID: 'esme', SENTRAL_SMPP_PASSWORD: 'secret12', SENTRAL_LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.once('exit', () => child.kill());
  let buffer = '';
  const port = await new Promise<number>((resolve) => child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop()!;
    for (const line of lines) {
      const listening = /listening on port (\d+)/.exec(line);
      if (listening) resolve(Number(listening[1]));
      if (!line.startsWith('{"event":"message"')) continue;
      const to = (JSON.parse(line) as { to: string }).to;
      atSmsc.set(to, (atSmsc.get(to) ?? 0) + 1);
    }
  }));
  return { port, stop: () => child.kill() };
}

async function main(): Promise<void> {
  const startedAt = new Date().toISOString();
  const loadAtStart = loadavg().map((l) => Math.round(l * 100) / 100);
  const db = await createScratchDatabase(ADMIN_URL, `sentral_bench_campaigns_${randomBytes(4).toString('hex')}`);
  const sql = openDatabase({ url: db.url, max: 20 });
  const smsc = await startSmsc();
  const services = benchServices(sql, {
    SENTRAL_ADMIN_TOKEN: ADMIN_TOKEN, SENTRAL_SMPP_HOST: '127.0.0.1', SENTRAL_SMPP_PORT: String(smsc.port), SENTRAL_SMPP_SYSTEM_ID: 'esme', SENTRAL_SMPP_PASSWORD: 'secret12',
    SENTRAL_SMPP_WINDOW: '50', SENTRAL_SMPP_RATE: '5000',
  });
  const stops: Array<() => Promise<unknown>> = [];
  try {
    await migrate(sql);
    const app = await buildApiServer(services, { reaperIntervalMs: 0, rateLimit: { capacity: 1e6, refillPerSecond: 1e6 } });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    stops.push(() => app.close());
    // The runner and the outbox query through a pool of their own, its statements counted.
    const counter = statementCounter();
    const sendSql = openDatabase({ url: db.url, max: 20, applicationName: 'bench-sending', onQuery: counter.onQuery });
    stops.push(() => sendSql.end({ timeout: 5 }));
    const sending = { ...services, sql: sendSql };
    const messaging = await startMessaging(sending);
    stops.push(() => messaging.stop());
    const runner = await startCampaignRunner(sending, direct ? { outbox: messaging.outbox } : {});
    stops.push(() => runner.stop());

    const api = async (method: string, path: string, key: string, body?: unknown, type = 'application/json'): Promise<any> => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': type }), ...(method === 'POST' && path.startsWith('/v1/') && !path.startsWith('/v1/contacts/imports') ? { 'idempotency-key': randomUUID() } : {}) },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      const text = await res.text();
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
      return text === '' ? undefined : JSON.parse(text);
    };
    const company = async (balanceOre: number) => api('POST', '/admin/v1/companies', ADMIN_TOKEN, { name: 'Bench', balanceOre });
    const sender = await company(recipients * 75 * 4);
    const other = await company(10_000);
    const profile = await api('POST', '/v1/profiles', sender.liveKey, { name: 'Bench', slug: 'bench', services: { sms: true } });
    await api('POST', '/admin/v1/numbers', ADMIN_TOKEN, { number: '+4790000901', companyId: sender.id, profileId: profile.id });
    const otherProfile = await api('POST', '/v1/profiles', other.liveKey, { name: 'Other', slug: 'other', services: { sms: true } });
    await api('POST', '/v1/contacts', other.liveKey, { profileId: otherProfile.id, phone: '+4741999999' });

    // Another customer's reads all along, from a process of its own: 20 a second.
    const probe = fork(fileURLToPath(new URL('./probe.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const probed = new Promise<ProbeResult>((resolve) => probe.once('message', (m: ProbeResult) => resolve(m)));
    probe.send({ url: `${base}/v1/contacts?limit=10`, key: other.liveKey, everyMs: 50 } satisfies ProbeJob);

    await sleep(5_000);
    const baselineEnd = now();

    const list = await api('POST', '/v1/contact-lists', sender.liveKey, { profileId: profile.id, name: 'All' });
    const csv = `phone,name,plan\n${Array.from({ length: recipients }, (_, i) => `+47${41_000_000 + i},Kunde ${i},${i % 3 === 0 ? 'gull' : 'sølv'}`).join('\n')}\n`;
    let t = now();
    const report = await api('POST', `/v1/contacts/imports?profileId=${profile.id}&listId=${list.id}`, sender.liveKey, csv, 'text/csv');
    const importMs = now() - t;
    const importEnd = now();
    const template = await api('POST', '/v1/templates', sender.liveKey, { profileId: profile.id, channel: 'sms', name: 't', body: 'Hei {{ contact.name }}! Din plan: {{ contact.attributes.plan }}. Svar STOPP for å avslutte.' });
    const campaign = await api('POST', '/v1/campaigns', sender.liveKey, { profileId: profile.id, name: 'Bench', channel: 'sms', sender: '+4790000901', templateId: template.id, listId: list.id, rate });
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    t = now();
    const started = await api('POST', `/v1/campaigns/${campaign.id}/start`, sender.liveKey);
    const startMs = now() - t;
    const sendStart = now();
    const statementsBefore = counter.snapshot();
    const cpuBefore = process.cpuUsage();
    const backendsBefore = await backendsCpuMs(sql);

    const perSecond: number[] = [];
    let sendMs = NaN;
    if (startOnly) {
      await api('POST', `/v1/campaigns/${campaign.id}/cancel`, sender.liveKey);
    } else {
      let last = 0;
      for (;;) {
        await sleep(1_000);
        const total = atSmsc.size;
        perSecond.push(total - last);
        last = total;
        const c = await api('GET', `/v1/campaigns/${campaign.id}`, sender.liveKey);
        if (c.state === 'completed' && c.settledAt !== null && total >= started.counts.pending) break;
        if (now() - sendStart > SEND_LIMIT_MS) throw new Error('the campaign did not finish in time');
      }
      sendMs = now() - sendStart;
    }
    const cpuUsed = process.cpuUsage(cpuBefore);
    const sendingCost = startOnly ? null : {
      statements: counter.since(statementsBefore, recipients, 12),
      cpuMsPerMessage: Math.round(((cpuUsed.user + cpuUsed.system) / 1000 / recipients) * 100) / 100,
      postgresCpuMsPerMessage: Math.round((backendsCpuSince(backendsBefore, await backendsCpuMs(sql)) / recipients) * 100) / 100,
    };
    loop.disable();
    probe.send('stop');
    const probeResult = await probed;
    if (!probeResult.ok) throw new Error(`the other customer's reads failed: ${probeResult.error}`);
    const latencies = probeResult.samples;
    const final = await api('GET', `/v1/campaigns/${campaign.id}`, sender.liveKey);
    const twice = [...atSmsc.values()].filter((n) => n > 1).length;

    const results = {
      recipients,
      rate,
      startOnly,
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      startedAt,
      loadAtStart,
      loadAtEnd: loadavg().map((l) => Math.round(l * 100) / 100),
      importMs: Math.round(importMs),
      importReport: { rows: report.rows, created: report.created, refused: report.refused },
      startMs: Math.round(startMs),
      reservedOre: started.money.reservedOre,
      sendMs: Math.round(sendMs),
      handOff: direct ? 'direct (the runner claims for the outbox in its step)' : 'claim (the outbox claims what the runner accepted)',
      sentPerSecondAverage: startOnly ? null : Math.round((atSmsc.size / sendMs) * 1000 * 10) / 10,
      sending: sendingCost,
      atSmsc: atSmsc.size,
      twiceAtSmsc: twice,
      missingAtSmsc: started.counts.pending - atSmsc.size,
      finalCounts: final.counts,
      finalMoney: final.money,
      otherCustomerGetMs: {
        baseline: summary(latencies.filter((l) => l.at < baselineEnd).map((l) => l.ms)),
        duringImport: summary(latencies.filter((l) => l.at >= baselineEnd && l.at < importEnd).map((l) => l.ms)),
        duringStart: summary(latencies.filter((l) => l.at >= sendStart - startMs && l.at < sendStart).map((l) => l.ms)),
        duringCampaign: summary(latencies.filter((l) => l.at >= sendStart - startMs).map((l) => l.ms)),
      },
      // This process's event loop from the start to the end of the send (ms).
      eventLoopDelayMs: { p50: ms(loop.percentile(50)), p99: ms(loop.percentile(99)), max: ms(loop.max) },
      perSecond,
    };
    mkdirSync(`${HERE}results`, { recursive: true });
    writeFileSync(`${HERE}results/${recipients}${startOnly ? '-start' : direct ? '' : '-claim'}.json`, `${JSON.stringify(results, null, 2)}\n`);
    if (!startOnly && direct) writeFileSync(`${HERE}chart-${recipients}.svg`, chart(perSecond, rate));
    process.stdout.write(`${JSON.stringify({ ...results, perSecond: `${perSecond.length} samples` }, null, 2)}\n`);
    const exactlyOnce = startOnly ? 'not sent' : `${atSmsc.size} of ${started.counts.pending} at the SMSC, ${twice} twice, ${results.missingAtSmsc} missing`;
    process.stdout.write(`summary: start ${results.startMs} ms; sent ${results.sentPerSecondAverage ?? '-'}/s on average (${results.handOff.split(' ')[0]}); ${sendingCost ? `${sendingCost.statements.statements} statements, ${sendingCost.statements.transactions} transactions, ${sendingCost.cpuMsPerMessage} + ${sendingCost.postgresCpuMsPerMessage} ms CPU per message;` : ''} ${exactlyOnce}; other customer's p99 ${results.otherCustomerGetMs.duringCampaign.p99} ms during the campaign (baseline ${results.otherCustomerGetMs.baseline.p99} ms); load ${loadAtStart.join(' ')} at start\n`);
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    smsc.stop();
    await sql.end({ timeout: 5 });
    await db.drop();
  }
}

/** Sent per second as an SVG line, with the configured rate as a dashed line. */
function chart(values: number[], limit: number): string {
  const w = 720;
  const h = 240;
  const pad = 40;
  const top = Math.max(limit, ...values, 1);
  const x = (i: number) => pad + (i / Math.max(1, values.length - 1)) * (w - 2 * pad);
  const y = (v: number) => h - pad - (v / top) * (h - 2 * pad);
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" font-family="sans-serif" font-size="11">`,
    `<rect width="${w}" height="${h}" fill="white"/>`,
    `<line x1="${pad}" y1="${h - pad}" x2="${w - pad}" y2="${h - pad}" stroke="black"/>`,
    `<line x1="${pad}" y1="${pad}" x2="${pad}" y2="${h - pad}" stroke="black"/>`,
    `<line x1="${pad}" y1="${y(limit).toFixed(1)}" x2="${w - pad}" y2="${y(limit).toFixed(1)}" stroke="gray" stroke-dasharray="4 4"/>`,
    `<text x="${w - pad}" y="${(y(limit) - 4).toFixed(1)}" text-anchor="end" fill="gray">rate ${limit}/s</text>`,
    `<polyline fill="none" stroke="steelblue" stroke-width="1.5" points="${points}"/>`,
    `<text x="${pad}" y="${pad - 10}">SMS taken by the SMSC per second (${values.length} s)</text>`,
    `<text x="${pad - 4}" y="${h - pad}" text-anchor="end">0</text>`,
    `<text x="${pad - 4}" y="${pad + 4}" text-anchor="end">${top}</text>`,
    `<text x="${w - pad}" y="${h - pad + 16}" text-anchor="end">seconds</text>`,
    '</svg>',
    '',
  ].join('\n');
}

await main();
