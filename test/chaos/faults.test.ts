import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChaosCluster, type ChaosCluster } from './chaos-cluster.js';

// The chaos suite (`npm run test:chaos`, not part of `npm test`: it takes minutes): a cluster of real
// processes under a load of live calls, one fault at a time, each judged by what the load saw.
// SENTRAL_CHAOS_ROUNDS repeats the whole set; SENTRAL_CHAOS_REPORT names a JSON file for the figures.
const ROUNDS = Number(process.env.SENTRAL_CHAOS_ROUNDS ?? 1);
const CALLS = Number(process.env.SENTRAL_CHAOS_CALLS ?? 6);
/** No answer may come later than this (the actor wait is 5 s; every other deadline is shorter). */
const DEADLINE_MS = 5_000;
/** After the fault ends, the window in which the load is still judged. */
const SETTLE_MS = 15_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Figures {
  fault: string;
  round: number;
  requests: number;
  answered503: number;
  answered500: number;
  unanswered: number;
  slowestMs: number;
  overDeadline: number;
  /** From the end of the fault to the first successful say after it. */
  recoveryMs: number | null;
  /** Slowest webhook (arrival minus the event's time) of events that occurred in the window. */
  webhookLagMs: number | null;
}

/** What the load's answers in a window say: how many, how many 503, 500 and unanswered, the slowest, and those past the deadline. */
function answerFigures(window: { status: number; ms: number }[]): Pick<Figures, 'requests' | 'answered503' | 'answered500' | 'unanswered' | 'slowestMs' | 'overDeadline'> {
  return {
    requests: window.length,
    answered503: window.filter((a) => a.status === 503).length,
    answered500: window.filter((a) => a.status >= 500 && a.status !== 503).length,
    unanswered: window.filter((a) => a.status === 0).length,
    slowestMs: Math.round(Math.max(0, ...window.map((a) => a.ms))),
    overDeadline: window.filter((a) => a.ms > DEADLINE_MS).length,
  };
}

const faults: [string, (c: ChaosCluster) => Promise<void>][] = [
  ['PostgreSQL restart (7 s down)', async (c) => { await c.pg.stop(); await pause(7_000); await c.pg.start(); }],
  ['NATS restart (5 s down)', async (c) => { await c.nats.stop(); await pause(5_000); await c.nats.start(); }],
  ['Redis restart (5 s down)', async (c) => { await c.redis.stop(); await pause(5_000); await c.redis.start(); }],
  ['worker frozen (SIGSTOP 25 s)', async (c) => { const w = c.procs.get('worker-1')!.child; w.kill('SIGSTOP'); await pause(25_000); w.kill('SIGCONT'); }],
  ['worker killed (SIGKILL)', async (c) => { await c.procs.get('worker-2')!.stop('SIGKILL'); await pause(5_000); await c.start('worker-2'); }],
  ['dispatcher killed (SIGKILL)', async (c) => { await c.procs.get('dispatcher')!.stop('SIGKILL'); await c.start('dispatcher'); }],
];

describe('a cluster under load shrugs off its faults', () => {
  let c: ChaosCluster;
  const report: Figures[] = [];

  beforeAll(async () => {
    c = await startChaosCluster();
    await c.startLoad(CALLS);
    await pause(5_000);
  }, 120_000);

  afterAll(async () => {
    console.table(report);
    if (process.env.SENTRAL_CHAOS_REPORT) writeFileSync(process.env.SENTRAL_CHAOS_REPORT, `${JSON.stringify(report, null, 2)}\n`);
    await c?.close();
  }, 60_000);

  for (let round = 1; round <= ROUNDS; round++) {
    for (const [fault, inject] of faults) {
      it(`${fault}, round ${round}: no 500, no answer past ${DEADLINE_MS} ms, webhooks within 15 s`, async () => {
        const from = Date.now();
        await inject(c);
        const ended = Date.now();
        await pause(SETTLE_MS);
        const to = Date.now();
        const window = c.answers.filter((a) => a.at >= from && a.at < to);
        const firstOk = c.answers.filter((a) => a.what === 'say' && a.at >= ended && a.status >= 200 && a.status < 300).sort((a, b) => a.at - b.at)[0];
        const lags = c.arrivals.filter((a) => a.eventAt >= from && a.eventAt < to - 5_000).map((a) => a.at - a.eventAt);
        const figures: Figures = {
          fault,
          round,
          ...answerFigures(window),
          recoveryMs: firstOk ? Math.max(0, Math.round(firstOk.at + firstOk.ms - ended)) : null,
          webhookLagMs: lags.length ? Math.round(Math.max(...lags)) : null,
        };
        report.push(figures);
        expect(figures.answered500).toBe(0);
        expect(figures.unanswered).toBe(0);
        expect(figures.overDeadline).toBe(0);
        expect(figures.webhookLagMs ?? 0).toBeLessThanOrEqual(15_000);
      }, 120_000);
    }
    // Last of a round: it ends every call of the load, which then places new ones.
    it(`media node killed (SIGKILL), round ${round}: every call on it ends within 30 s as media_lost, billed to no later than the kill`, async () => {
      const live = c.calls.slice(-CALLS);
      const from = Date.now();
      await c.procs.get('media')!.stop('SIGKILL');
      const killedAt = Date.now();
      // When each call was first read as ended (a read every 250 ms): the end as a client sees it.
      const seenEnded = new Map<string, { at: number; call: Record<string, any> }>();
      while (seenEnded.size < live.length && Date.now() < killedAt + 45_000) {
        const open = live.filter((id) => !seenEnded.has(id));
        const reads = await Promise.all(open.map(async (id) => ({ id, call: await c.readCall(id), at: Date.now() })));
        for (const r of reads) if (r.call?.state === 'ended') seenEnded.set(r.id, { at: r.at, call: r.call });
        await pause(250);
      }
      await pause(SETTLE_MS);
      const window = c.answers.filter((a) => a.at >= from && a.at < Date.now());
      const endedMs = [...seenEnded.values()].map((e) => e.at - killedAt);
      const endedHooks = new Map(c.arrivals.filter((a) => a.type === 'call.ended' && a.callId !== null).map((a) => [a.callId!, a]));
      const lags = live.map((id) => endedHooks.get(id)).filter((a) => a !== undefined).map((a) => a.at - seenEnded.get(a.callId!)!.at);
      report.push({
        fault: 'media node killed (SIGKILL)',
        round,
        ...answerFigures(window),
        // Here: from the kill to the last call read as ended.
        recoveryMs: endedMs.length ? Math.max(...endedMs) : null,
        // Here: from a call read as ended to its call.ended webhook.
        webhookLagMs: lags.length ? Math.max(0, ...lags) : null,
      });
      expect([...seenEnded.keys()].sort()).toEqual([...live].sort());
      for (const { at, call } of seenEnded.values()) {
        expect(call.endReason).toBe('media_lost');
        expect(at - killedAt).toBeLessThanOrEqual(30_000);
        // The price stops at the loss (the node's last heartbeat): never the minutes spent finding it out.
        const endedAt = Date.parse(call.endedAt);
        expect(endedAt).toBeLessThanOrEqual(killedAt);
        expect(endedAt).toBeGreaterThan(killedAt - 30_000);
        expect(call.countedMinutes).toBeLessThanOrEqual(Math.max(1, Math.ceil((killedAt - Date.parse(call.answeredAt)) / 60_000)));
        const hook = endedHooks.get(call.id);
        expect(hook?.data.reason).toBe('media_lost');
        expect(hook?.data.priceOre).toBe(call.priceOre);
      }
      expect(window.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
      expect(window.filter((a) => a.status === 0 || a.ms > DEADLINE_MS)).toEqual([]);
      await c.start('media');
      await c.procs.get('media')!.printed(/media node \S+ listening on port/);
      await c.startLoad(CALLS);
      await pause(5_000);
    }, 120_000);
  }

  it('afterwards: every call ends, every event is delivered, a duplicate always has the same webhook-id, and the balance drawn is the calls\' price', async () => {
    await c.stopLoad();
    expect(await c.endCalls(60_000)).toEqual([]);
    expect(await c.undelivered(60_000)).toEqual([]);
    const idsByEvent = new Map<string, Set<string>>();
    for (const a of c.arrivals) idsByEvent.set(a.eventId, (idsByEvent.get(a.eventId) ?? new Set()).add(a.webhookId));
    expect([...idsByEvent.values()].filter((ids) => ids.size > 1)).toEqual([]);
    const prices = new Map<string, number>();
    for (const a of c.arrivals) if (a.type === 'call.ended') prices.set(a.eventId, Number(a.data.priceOre));
    const priced = [...prices.values()].reduce((sum, p) => sum + p, 0);
    expect(c.initialBalanceOre - (await c.balanceOre())).toBe(priced);
  }, 180_000);
});
