import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { startSmscSim, type SmscSim } from '../../carriers/sms/smsc-sim.js';
import { leaseKey } from '../../control/calls/host/partition-leases.js';
import { MAILBOX_STREAM, PARTITION_LEASES_BUCKET, partitionOf } from '../../protocol/bus/bus-names.js';
import type { Bus } from '../../shared/bus/bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { sanitizeName } from '../../shared/bus/subject.js';
import { eventually } from '../support/eventually.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { startNatsCluster, type NatsCluster, type NatsNode, type NatsPath } from './nats-cluster.js';
import { badAnswers, startFailoverCluster, type Answer, type FailoverCluster } from './postgres-failover-cluster.js';

// Issue #38 item 5, one scenario (`npm run test:ha`): on loopback a three-node NATS cluster with JetStream
// (SENTRAL_NATS_REPLICAS=3), a PostgreSQL primary with a synchronous hot standby behind one multi-host
// DATABASE_URL, Redis, and sentral's roles (api, two workers, dispatcher, media, messaging). Calls told to `say`
// every 500 ms, live SMS to a simulated SMSC and every event to a webhook endpoint all along, while, in turn:
// the JetStream meta leader is killed and restarted, another NATS node killed and restarted, the PostgreSQL
// primary killed and the standby promoted, a worker and then the media node cut off from NATS by proxies that
// stop forwarding without closing anything. Judged by what a customer sees; the figures are printed
// (docs/deploy.md, "Measured").
const DEADLINE_MS = 5_000;
/** Calls answer again within this of a NATS node's loss, */
const NATS_RECOVERY_MS = 10_000;
/** and within this of the standby's promotion. */
const PROMOTION_RECOVERY_MS = 15_000;
/** How long nothing takes writes: the primary is dead and the standby not yet promoted (an operator's or Patroni's reaction). */
const OUTAGE_MS = 5_000;
const PARTITIONS = 4;
const SMS_TO = '+442079460101';
const SMPP = { systemId: 'ha', password: 'ha-secret' };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a cluster that survives losing any one host', () => {
  let nats: NatsCluster;
  let workerPath: NatsPath;
  let mediaPath: NatsPath;
  let smsc: SmscSim;
  let hooks: WebhookReceiver;
  let c: FailoverCluster;
  let admin: NatsConnection;
  let bus: Bus;
  /** submit_sm the SMSC took, by text. */
  const submits = new Map<string, number>();
  /** Leader elections JetStream announced (streams and consumers), when. */
  const elections: Array<{ at: number; subject: string }> = [];

  beforeAll(async () => {
    nats = await startNatsCluster(3, { noAdvertise: true });
    workerPath = await nats.path();
    mediaPath = await nats.path();
    smsc = await startSmscSim({
      host: '127.0.0.1',
      port: 0,
      ...SMPP,
      onTrace: (t) => void (t.event === 'submit' && submits.set(t.text, (submits.get(t.text) ?? 0) + 1)),
    });
    hooks = await startWebhookReceiver();
    c = await startFailoverCluster({
      synchronous: true,
      workers: 2,
      dispatcher: true,
      nats: { url: nats.url, replicas: 3 },
      env: {
        SENTRAL_PARTITIONS: String(PARTITIONS),
        SENTRAL_SMPP_HOST: '127.0.0.1',
        SENTRAL_SMPP_PORT: String(smsc.port),
        SENTRAL_SMPP_SYSTEM_ID: SMPP.systemId,
        SENTRAL_SMPP_PASSWORD: SMPP.password,
        SENTRAL_ALLOW_INSECURE_TARGETS: '1',
      },
      // The workers log their partitions' leases and starts (debug), which a failed run's output then shows.
      roleEnv: (role, nth): Record<string, string> | undefined => {
        if (role === 'media') return { NATS_URL: mediaPath.url };
        if (role !== 'worker') return undefined;
        return { SENTRAL_LOG_LEVEL: 'debug', ...(nth === 1 ? { NATS_URL: workerPath.url, SENTRAL_NODE_ID: 'cut-worker' } : {}) };
      },
    });
    admin = await connect({ servers: nats.url.split(','), maxReconnectAttempts: -1, reconnectTimeWait: 250 });
    const sub = admin.subscribe('$JS.EVENT.ADVISORY.*.LEADER_ELECTED.>');
    void (async () => {
      for await (const m of sub) elections.push({ at: Date.now(), subject: m.subject });
    })();
    bus = await createNatsBus({ url: nats.url, prefix: c.prefix, replicas: 3, name: 'ha-scenario-test' });
  }, 240_000);

  afterAll(async () => {
    await bus?.close();
    await admin?.close();
    await c?.close();
    await hooks?.close();
    await smsc?.stop();
    await nats?.destroy();
  }, 60_000);

  it('every fault in turn: no 500, no answer past 5 s, calls answer again in time, every SMS sent once, every event delivered, money exact, every stream at 3 replicas', async () => {
    // What each process printed (warnings and errors), kept when a check fails.
    onTestFailed(() => {
      const dir = mkdtempSync(join(tmpdir(), 'sentral-ha-scenario-'));
      for (const [i, p] of c.procs.entries()) writeFileSync(join(dir, `${i}-${p.child.spawnargs.at(-1)}.log`), p.output());
      writeFileSync(join(dir, 'answers.json'), JSON.stringify(c.answers.map(({ body: _, ...a }) => a)));
      console.log(`the processes' output: ${dir}`);
    });
    const jsm = await jetstreamManager(admin, { checkAPI: false });
    const initialBalance = (await c.admin('GET', `/admin/v1/companies/${c.customer.companyId}`)).body.balanceOre as number;
    const endpoint = await c.request('POST', '/v1/webhook-endpoints', { url: hooks.url, events: ['*'] }, { 'idempotency-key': 'ha-endpoint' });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
    // Events from here on have a delivery to the endpoint.
    const before = (await c.request('GET', '/v1/events?limit=100', undefined, {}, 'read')).body;
    expect(before.hasMore).toBe(false);
    const firstCursor: string | null = before.nextCursor;

    // The load: each live call says something every 500 ms; an SMS every 300 ms (a 503 is sent again with
    // the same Idempotency-Key, as a client does).
    const live = new Set<string>();
    const placed: string[] = [];
    const accepted = new Map<string, string>();
    let running = true;
    let n = 0;
    const sayLoop = (callId: string) =>
      (async () => {
        while (running && live.has(callId)) {
          const tick = pause(500);
          await c.request('POST', `/v1/calls/${callId}/say`, { text: 'Still here.' }, { 'idempotency-key': `ha-say-${++n}` }, `say ${callId}`);
          await tick;
        }
      })();
    const loops: Promise<void>[] = [];
    const place = async (key: string): Promise<string> => {
      const callId = await c.placeCall(key);
      placed.push(callId);
      live.add(callId);
      loops.push(sayLoop(callId));
      return callId;
    };
    // One SMS sent until it is accepted, as a client does: the same Idempotency-Key again after the answer's
    // Retry-After (a 503; a 409 idempotency_in_flight while the claim of an attempt the outage cut short
    // holds), even after the load stops: a message whose answer was lost may exist, and its price is part of
    // the money check.
    const sendSms = async (i: number): Promise<void> => {
      const text = `ha sms ${i}`;
      for (let attempt = 0; attempt < 100; attempt++) {
        const answer = await c.request('POST', '/v1/sms', { profileId: c.customer.profileId, from: c.customer.number, to: SMS_TO, text }, { 'idempotency-key': `ha-sms-${i}` }, 'sms');
        if (answer.status === 201) {
          accepted.set(text, answer.body.id);
          return;
        }
        await pause(Math.max(300, Number(answer.retryAfter ?? 0) * 1000));
      }
    };
    loops.push(
      (async () => {
        const sending: Promise<void>[] = [];
        for (let i = 1; running; i++) {
          const tick = pause(300);
          sending.push(sendSms(i));
          await tick;
        }
        await Promise.all(sending);
      })(),
    );

    const ok = (a: Answer) => a.status >= 200 && a.status < 300;
    /** When `what` was first answered with success by a request sent at or after `from` (ms since the epoch). */
    const answeredAgain = async (what: string, from: number, timeoutMs: number): Promise<number> => {
      await eventually(() => c.answers.some((a) => a.at >= from && a.what === what && ok(a)), timeoutMs, 50);
      const a = c.answers.find((x) => x.at >= from && x.what === what && ok(x))!;
      return a.at + a.ms;
    };
    /** How long after `from` every live call had answered a `say` again. */
    const callsAgain = async (from: number, timeoutMs = 45_000): Promise<number> => {
      const at = await Promise.all([...live].map((id) => answeredAgain(`say ${id}`, from, timeoutMs)));
      return Math.round(Math.max(...at) - from);
    };
    /** Partitions each worker holds now. */
    const owners = async (): Promise<Map<number, string>> => {
      const kv = await bus.kv(PARTITION_LEASES_BUCKET);
      const held = new Map<number, string>();
      for (let p = 0; p < PARTITIONS; p++) {
        const entry = await kv.get(leaseKey(p));
        if (entry) held.set(p, (JSON.parse(new TextDecoder().decode(entry.value)) as { workerId: string }).workerId);
      }
      return held;
    };

    const figures: Array<Record<string, unknown>> = [];
    const record = (fault: string, from: number, again: Record<string, number>) => {
      const window = c.answers.filter((a) => a.at >= from);
      const elected = elections.filter((e) => e.at >= from && e.at <= from + 30_000);
      figures.push({
        fault,
        requests: window.length,
        answered503: window.filter((a) => a.status === 503).length,
        answered500: window.filter((a) => a.status >= 500 && a.status !== 503).length,
        slowestMs: Math.round(Math.max(...window.map((a) => a.ms))),
        over5s: window.filter((a) => a.ms > DEADLINE_MS).length,
        leadersElected: elected.length,
        lastElectionMs: elected.length ? Math.max(...elected.map((e) => e.at)) - from : null,
        ...again,
      });
      // Which groups elected when: a figure past its bound says whether nats-server's election or sentral was slow.
      if (elected.length) console.log(`${fault}: elections after ${elected.map((e) => `${e.at - from} ms ${e.subject.replace(/^\$JS\.EVENT\.ADVISORY\./, '').replace(c.prefix, '')}`).join(', ')}`);
    };
    const victims: NatsNode[] = [];
    const natsFault = async (name: string, pick: () => Promise<NatsNode>) => {
      const victim = await pick();
      victims.push(victim);
      await victim.kill();
      const killedAt = Date.now();
      const callsAgainMs = await callsAgain(killedAt);
      const smsAgainMs = Math.round((await answeredAgain('sms', killedAt, 45_000)) - killedAt);
      // The host comes back once the others have a meta leader (the group announces nothing to clients: its
      // leader is read from the nodes' monitoring); restarted sooner, the victim could lead it again.
      let metaLeaderMs = 0;
      await eventually(async () => {
        metaLeaderMs = Date.now() - killedAt;
        return (await nats.metaLeader().catch(() => victim)) !== victim;
      }, 30_000, 100);
      await victim.start();
      await nats.settled(60_000);
      // Answers with the node back, until every call has answered once more.
      await callsAgain(Date.now());
      record(`${name} (${victim.name})`, killedAt, { metaLeaderMs, callsAgainMs, smsAgainMs });
      return callsAgainMs;
    };

    const recoveries: Record<string, number> = {};
    let promotedAt = 0;
    try {
      for (let i = 0; i < 3; i++) await place(`ha-call-${i}`);
      await callsAgain(0, 20_000);

      recoveries.metaLeader = await natsFault('meta leader killed', () => nats.metaLeader());
      // Then another node: the one leading the calls' mailbox stream unless it leads the meta group now.
      recoveries.otherNode = await natsFault('another node killed', async () => {
        const meta = await nats.metaLeader();
        const mailbox = (await jsm.streams.info(sanitizeName(`${c.prefix}_${MAILBOX_STREAM.name}`))).cluster?.leader;
        const others = nats.nodes.filter((node) => node !== meta && !victims.includes(node));
        return others.find((node) => node.name === mailbox) ?? others[0]!;
      });

      // PostgreSQL: the primary crashes, the standby is promoted OUTAGE_MS later.
      const killedAt = Date.now();
      await c.pair.killPrimary();
      await pause(OUTAGE_MS);
      promotedAt = Date.now();
      await c.pair.promoteStandby();
      recoveries.promotion = await callsAgain(promotedAt);
      record('PostgreSQL primary killed, standby promoted', killedAt, {
        callsAgainMs: recoveries.promotion,
        smsAgainMs: Math.round((await answeredAgain('sms', promotedAt, 45_000)) - promotedAt),
      });

      // A worker cut off from NATS: it must hold at least one live call's partition for the cut to matter.
      for (let i = 0; ; i++) {
        const held = await owners();
        const cut = [...live].filter((id) => held.get(partitionOf(id, PARTITIONS)) === 'cut-worker');
        if (cut.length > 0) break;
        if (i === 8) throw new Error(`no call in the cut worker's partitions: ${JSON.stringify([...held])}`);
        await place(`ha-call-extra-${i}`);
        await callsAgain(0, 20_000);
      }
      workerPath.blackhole();
      const cutAt = Date.now();
      const workerCallsAgainMs = await callsAgain(cutAt, 60_000);
      workerPath.heal();
      const healedAt = Date.now();
      // It rejoins: it holds partitions again, and every call still answers.
      await eventually(async () => [...(await owners()).values()].includes('cut-worker'), 60_000, 250);
      const rejoinedMs = Date.now() - healedAt;
      const afterHealMs = await callsAgain(healedAt);
      record('a worker cut off from NATS', cutAt, { callsAgainMs: workerCallsAgainMs, rejoinedMs, afterHealMs });

      // The media node cut off: its calls end as media_lost; after the heal it takes new calls.
      const onNode = [...live];
      mediaPath.blackhole();
      const mediaCutAt = Date.now();
      for (const id of onNode) await eventually(async () => (await c.request('GET', `/v1/calls/${id}`, undefined, {}, 'read call')).body?.state === 'ended', 60_000, 500);
      const endedMs = Date.now() - mediaCutAt;
      for (const id of onNode) live.delete(id);
      mediaPath.heal();
      const mediaHealedAt = Date.now();
      for (let i = 0; i < 2; i++) await place(`ha-call-after-media-${i}`);
      const newCallsMs = await callsAgain(mediaHealedAt);
      record('the media node cut off from NATS', mediaCutAt, { callsEndedMs: endedMs, newCallsAnswerMs: newCallsMs });
      for (const id of onNode) expect((await c.request('GET', `/v1/calls/${id}`)).body.endReason).toBe('media_lost');
    } finally {
      running = false;
      await Promise.all(loops);
    }
    console.table(figures);
    // A retry of an SMS the crash cut short meets the claim of its first attempt until that claim's release lands.
    const inFlight = c.answers.filter((a) => a.code === 'idempotency_in_flight');
    console.log(`idempotency_in_flight: ${inFlight.length} answers, the last sent ${inFlight.length ? Math.max(...inFlight.map((a) => a.at)) - promotedAt : '-'} ms after the promotion`);

    expect(badAnswers(c.answers).map((a) => `${a.what} ${a.status} ${a.code}`)).toEqual([]);
    expect(c.answers.filter((a) => a.ms > DEADLINE_MS).map((a) => `${a.what} ${a.status} ${Math.round(a.ms)} ms`)).toEqual([]);
    expect(recoveries.metaLeader).toBeLessThan(NATS_RECOVERY_MS);
    expect(recoveries.otherNode).toBeLessThan(NATS_RECOVERY_MS);
    expect(recoveries.promotion).toBeLessThan(PROMOTION_RECOVERY_MS);

    // Every call ends when told to.
    for (const callId of live) {
      const hangup = await c.request('POST', `/v1/calls/${callId}/hangup`, {}, { 'idempotency-key': `ha-hangup-${callId}` });
      expect(hangup.status).toBeLessThan(300);
    }
    // A read as a client makes it: again after a 503 or 429 (the answer is judged like every other).
    const read = async (path: string) => {
      for (let attempt = 0; ; attempt++) {
        const answer = await c.request('GET', path, undefined, {}, 'read');
        if (answer.status === 200 || attempt === 20) return answer.body;
        await pause(Number(answer.retryAfter ?? 0.5) * 1000);
      }
    };
    for (const callId of placed) await eventually(async () => (await read(`/v1/calls/${callId}`))?.state === 'ended', 30_000, 250);

    // Every accepted SMS delivered, taken by the SMSC exactly once; none taken twice.
    for (const [text, id] of accepted) {
      const delivered = await eventually(async () => (await read(`/v1/sms/${id}`))?.state === 'delivered', 60_000, 250).then(() => true, () => false);
      // What it is instead, and what the SMSC took, when it is not.
      const sms = delivered ? null : await read(`/v1/sms/${id}`);
      if (sms) expect(`${id}: ${sms.state} ${JSON.stringify(sms.error ?? sms.errorCode ?? null)}, taken ${submits.get(text) ?? 0} times`).toBe(`${id}: delivered`);
    }
    expect([...accepted.keys()].filter((text) => submits.get(text) !== 1)).toEqual([]);
    expect([...submits].filter(([, count]) => count > 1)).toEqual([]);

    // Money exact: the balance moved by what the calls and messages report they cost.
    const prices = [];
    for (const path of [...placed.map((id) => `/v1/calls/${id}`), ...[...accepted.values()].map((id) => `/v1/sms/${id}`)]) prices.push(await read(path));
    const balance = (await c.admin('GET', `/admin/v1/companies/${c.customer.companyId}`)).body.balanceOre as number;
    expect(initialBalance - balance).toBe(prices.reduce((sum, p) => sum + (p.priceOre as number), 0));

    // Every event of the log reached the endpoint; a duplicate only under the same webhook-id.
    const events: string[] = [];
    for (let after: string | null = firstCursor; ; ) {
      const page = await read(`/v1/events?limit=100${after ? `&after=${after}` : ''}`);
      events.push(...page.data.map((e: { id: string }) => e.id));
      if (!page.hasMore) break;
      after = page.nextCursor;
    }
    const byEvent = () => {
      const ids = new Map<string, Set<string>>();
      for (const h of hooks.received) {
        const id = (JSON.parse(h.body) as { id: string }).id;
        ids.set(id, (ids.get(id) ?? new Set()).add(String(h.headers['webhook-id'])));
      }
      return ids;
    };
    await eventually(() => events.every((id) => byEvent().has(id)), 60_000, 250);
    expect([...byEvent()].filter(([, webhookIds]) => webhookIds.size > 1)).toEqual([]);

    // Every stream (and so every bucket) sentral made has the configured replicas.
    const replicas: Record<string, number> = {};
    for await (const info of jsm.streams.list()) if (info.config.name.includes(c.prefix)) replicas[info.config.name] = info.config.num_replicas;
    expect(Object.keys(replicas).length).toBeGreaterThan(3);
    expect(Object.entries(replicas).filter(([, r]) => r !== 3)).toEqual([]);
    console.table([{ calls: placed.length, sms: accepted.size, events: events.length, webhooks: hooks.received.length, requests: c.answers.length }]);
  }, 600_000);
});
