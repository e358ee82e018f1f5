/**
 * SIP benchmark, on loopback, in one process:
 * 1. Call setups per second: the media node's SipAgent dials a minimal answering UAS (the same `sip` stack,
 *    200 OK at once) with `concurrency` calls in flight; each call is hung up (BYE) as soon as it is answered.
 *    Baseline in the same run: OPTIONS round trips through the same two stacks (the stack's own ceiling).
 * 2. Concurrent RTP legs: pairs of RtpLegs sending to each other, every leg pushed and pulled on the real
 *    20 ms TickClock for `seconds`; CPU time per second of audio per leg gives legs per core.
 *    Baseline in the same run: the tick alone (no legs).
 *
 *   node --import tsx bench/sip/run.ts [calls=2000] [concurrency=50] [seconds=10]
 */
import { performance } from 'node:perf_hooks';
import * as sip from 'sip';
import type { SipMessage } from 'sip';
import { createLogger } from '../../shared/log/log.js';
import { TickClock } from '../../media/clock/tick-clock.js';
import { G711Codec } from '../../media/rtp/g711-codec.js';
import { RtpLeg } from '../../media/rtp/rtp-leg.js';
import { RtpPortPool } from '../../media/rtp/rtp-port-pool.js';
import type { LegContext } from '../../media/session/leg.js';
import { SipAgent } from '../../media/sip/sip-agent.js';
import { createSipStack } from '../../media/sip/sip-stack.js';
import { sine } from '../../shared/audio/tones.js';
import { machine } from '../media-tick/machine.js';
import { freeSipPort } from '../../test/support/baresip.js';

const calls = Number(process.argv[2] ?? 2000);
const concurrency = Number(process.argv[3] ?? 50);
const seconds = Number(process.argv[4] ?? 10);
const log = createLogger({ level: 'silent' });
const before = machine();

// The answering side: 200 OK with an SDP at once, 200 to BYE.
const uasPort = await freeSipPort('127.0.0.2');
const sdp = 'v=0\r\no=uas 1 1 IN IP4 127.0.0.2\r\ns=-\r\nc=IN IP4 127.0.0.2\r\nt=0 0\r\nm=audio 9 RTP/AVP 0\r\na=rtpmap:0 PCMU/8000\r\n';
let tag = 0;
const uas = createSipStack({ address: '127.0.0.2', port: uasPort, publicAddress: '127.0.0.2', udp: true, tcp: false }, (rq: SipMessage) => {
  if (rq.method === 'ACK') return;
  const rs = sip.makeResponse(rq, 200, 'OK');
  if (rq.method === 'INVITE') {
    rs.headers.to!.params.tag = `u${++tag}`;
    rs.headers.contact = [{ uri: `sip:uas@127.0.0.2:${uasPort}`, params: {} }];
    rs.headers['content-type'] = 'application/sdp';
    rs.content = sdp;
  }
  uas.send(rs);
}, log);

const agentPort = await freeSipPort('127.0.0.1');
const agent = SipAgent.start(
  { listenAddress: '127.0.0.1', listenPort: agentPort, publicAddress: '127.0.0.1', trunk: { host: '127.0.0.2', port: uasPort, transport: 'udp' }, credentials: null, allow: ['127.0.0.2'], rtpPorts: [0, 0] },
  new RtpPortPool('127.0.0.1', 0, 0),
  log,
);

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100;
}

// Baseline: OPTIONS round trips from a third stack to the UAS.
const probePort = await freeSipPort('127.0.0.1');
const probe = createSipStack({ address: '127.0.0.1', port: probePort, publicAddress: '127.0.0.1', udp: true, tcp: false }, () => undefined, log);
async function optionsRate(n: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const i = next++;
      probe.send(
        { method: 'OPTIONS', uri: `sip:uas@127.0.0.2:${uasPort}`, headers: { to: { uri: `sip:uas@127.0.0.2`, params: {} }, from: { uri: 'sip:probe@127.0.0.1', params: { tag: `p${i}` } }, 'call-id': `opt${i}`, cseq: { method: 'OPTIONS', seq: 1 }, 'max-forwards': 70, via: [] } },
        (rs) => ((rs.status ?? 0) >= 200 ? resolve() : undefined),
      );
    });
  const workers = Array.from({ length: concurrency }, async () => {
    while (next < n) await one();
  });
  await Promise.all(workers);
  return n / ((performance.now() - started) / 1000);
}

async function setups(n: number): Promise<{ perSecond: number; latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const one = async (): Promise<void> => {
    const i = next++;
    const t0 = performance.now();
    await new Promise<void>((resolve) => {
      let leg: { close(reason: string): void } | null = null;
      let answered = false;
      const ctx: LegContext = {
        callId: `call_${i}`,
        report: (e) => {
          if (e.type === 'leg.answered') {
            answered = true;
            latencies.push(performance.now() - t0);
            if (leg) leg.close('bench');
            resolve();
          } else if (e.type !== 'leg.ringing') {
            failed++;
            resolve();
          }
        },
        ended: () => resolve(),
      };
      void agent.dial({ legId: 'phone', to: `+47${String(10000000 + i)}`, context: ctx }).then((l) => {
        leg = l;
        if (answered) l.close('bench');
      });
    });
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < n) await one();
  }));
  return { perSecond: n / ((performance.now() - started) / 1000), latencies, failed };
}

await setups(Math.min(200, calls)); // warm-up
const baseline = await optionsRate(calls);
const measured = await setups(calls);

// RTP legs: pairs on loopback, ticked for real.
const pool = new RtpPortPool('127.0.0.1', 0, 0);
async function legsCpu(pairs: number): Promise<{ cpuMsPerSecond: number; p99LatenessMs: number; received: number }> {
  const legs: RtpLeg[] = [];
  const ctx: LegContext = { callId: 'bench', report: () => undefined, ended: () => undefined };
  for (let i = 0; i < pairs; i++) {
    const a = new RtpLeg(`a${i}`, ctx, await pool.take());
    const b = new RtpLeg(`b${i}`, ctx, await pool.take());
    a.setRemote({ address: '127.0.0.1', port: b.localPort, codec: 'PCMU', payloadType: 0, telephoneEvent: 101, direction: 'sendrecv' });
    b.setRemote({ address: '127.0.0.1', port: a.localPort, codec: 'PCMU', payloadType: 0, telephoneEvent: 101, direction: 'sendrecv' });
    legs.push(a, b);
  }
  const tone = new Uint8Array(160);
  new G711Codec('PCMU').encode(sine(440, 20, 8000, 8000), tone);
  const clock = new TickClock();
  clock.start(() => {
    for (const leg of legs) {
      leg.pull();
      leg.push(tone);
    }
  });
  await new Promise((r) => setTimeout(r, 1000));
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  const cpu = process.cpuUsage(cpu0);
  const wall = (performance.now() - t0) / 1000;
  clock.stop();
  const lateness = Math.round(clock.lateness.quantile(0.99) * 100) / 100;
  const received = legs.reduce((n, l) => n + l.stats.received, 0);
  for (const leg of legs) leg.close('bench');
  return { cpuMsPerSecond: (cpu.user + cpu.system) / 1000 / wall, p99LatenessMs: lateness, received };
}

const idle = await legsCpu(0);
const rtp: { legs: number; cpuMsPerSecond: number; cpuPerLegMs: number; p99LatenessMs: number; delivered: number }[] = [];
for (const pairs of [25, 50, 100, 200]) {
  const r = await legsCpu(pairs);
  // Share of the packets a leg should have received (50 a second): below 1 the process was starved and the run says nothing per leg.
  const delivered = Math.round((r.received / (pairs * 2 * 50 * seconds)) * 100) / 100;
  rtp.push({ legs: pairs * 2, cpuMsPerSecond: Math.round(r.cpuMsPerSecond), p99LatenessMs: r.p99LatenessMs, delivered, cpuPerLegMs: Math.round(((r.cpuMsPerSecond - idle.cpuMsPerSecond) / (pairs * 2)) * 1000) / 1000 });
}
agent.close();
setImmediate(() => {
  uas.destroy();
  probe.destroy();
});

// Legs per core from the largest run in which every leg got (nearly) all its packets.
const full = rtp.filter((r) => r.delivered >= 0.95).pop();
const perLeg = full?.cpuPerLegMs ?? NaN;
console.log(
  JSON.stringify(
    {
      command: `node --import tsx bench/sip/run.ts ${calls} ${concurrency} ${seconds}`,
      machine: before,
      setups: {
        calls,
        concurrency,
        perSecond: Math.round(measured.perSecond),
        failed: measured.failed,
        latencyMs: { p50: percentile(measured.latencies, 50), p99: percentile(measured.latencies, 99) },
        baselineOptionsPerSecond: Math.round(baseline),
      },
      rtp: { idleTickCpuMsPerSecond: Math.round(idle.cpuMsPerSecond * 10) / 10, runs: rtp, legsPerCore: Number.isFinite(perLeg) ? Math.floor(1000 / perLeg) : null, from: full?.legs ?? null },
      after: machine(),
    },
    null,
    2,
  ),
);
process.exit(0);
