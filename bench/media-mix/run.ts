/**
 * Media mix benchmark: N concurrent sessions on one media node, each of three legs: a simulated phone (the
 * echo phone …008, which repeats what it hears), an app room participant and a bot room participant. The
 * room participants are real `ws` clients in a separate process (room-clients.ts) sending and receiving
 * 640-byte frames every 20 ms. N ramps up; at each step the node's tick lateness (every tick, against the
 * ideal grid) and CPU (process.cpuUsage of the node process) are measured over a fixed window, memory after a
 * full collection.
 * The result is the largest N whose p99 lateness is ≤ 2 ms: sessions per core, the node being one event loop
 * (a shared machine's noise can fail a smaller step, so every step runs). Stops after the last step, or after
 * two steps in a row whose mean tick work exceeds 15 ms (overloaded); loopback only.
 *
 *   node --import tsx bench/media-mix/run.ts [steps=10,20,40,60,80,100,130,160,200] [seconds=10]
 */
import { performance } from 'node:perf_hooks';
import { BenchChild } from './bench-child.js';
import { BenchNode } from './bench-node.js';
import type { ClientCommand, ClientReply } from './room-clients.js';
import { machine } from '../media-tick/machine.js';
import { round } from '../media-tick/samples.js';
import { settledMemory } from '../media-tick/settled-memory.js';

const LIMIT_P99_MS = 2;
/** Two steps in a row whose mean tick work is this long end the ramp: the node is past its capacity. */
const OVERLOADED_WORK_MS = 15;
const SETTLE_MS = 3000;
const steps = (process.argv[2] ?? '10,20,40,60,80,100,130,160,200').split(',').map(Number);
const seconds = Number(process.argv[3] ?? 10);
if (steps.some((n) => !(n > 0 && n <= 1000)) || !(seconds > 0 && seconds <= 120)) {
  console.error('usage: run.ts [steps, each 1..1000, comma-separated] [seconds 1..120]');
  process.exit(2);
}

const startMachine = machine();
const bench = await new BenchNode().start();
const clients = new BenchChild<ClientCommand, ClientReply>(new URL('./room-clients.ts', import.meta.url));

const baseline = settledMemory();
const rows: Record<string, unknown>[] = [];
let sessions = 0;
let overloadedInRow = 0;
for (const n of steps) {
  const urls: string[] = [];
  for (; sessions < n; sessions++) {
    const callId = `call_mix${sessions}`;
    await bench.op({ op: 'openSession', callId });
    await bench.op({ op: 'addLeg', callId, legId: 'part_phone', kind: 'phone', phone: { to: '+442079460008' } });
    for (const kind of ['app', 'bot'] as const) {
      await bench.op({ op: 'addLeg', callId, legId: `part_${kind}`, kind: 'room', room: { participantKind: kind } });
      urls.push(await bench.roomUrl(callId, `part_${kind}`, kind));
    }
  }
  const connected = await clients.ask({ type: 'connect', urls });
  // The echo phone answers after 1 s; settling also lets the new clients' first bursts pass.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  clients.tell({ type: 'reset' });
  bench.probe.reset();
  const cpuStart = process.cpuUsage();
  const t0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const cpu = process.cpuUsage(cpuStart);
  const wallMs = performance.now() - t0;
  const lateness = bench.probe.lateness.summary();
  const client = await clients.ask({ type: 'report' });
  // Collected after the window, so the collection's pause is not measured as lateness.
  const memory = settledMemory();
  const cpuPercent = ((cpu.user + cpu.system) / 1000 / wallMs) * 100;
  const row = {
    sessions: n,
    legs: bench.node.engine.legCount,
    clientsConnected: connected.type === 'connected' ? connected.total - connected.failed : 0,
    latenessMs: lateness,
    tickWorkMs: { ...bench.probe.work.summary(), mean: round(bench.probe.work.mean()) },
    skippedFrames: bench.probe.clock.skipped,
    nodeCpuPercentOfOneCore: round(cpuPercent),
    cpuPercentPerSession: round(cpuPercent / n),
    memoryAfterGcMiB: memory,
    heapPlusExternalKiBPerSession: round(((memory.heapUsedMiB + memory.externalMiB - baseline.heapUsedMiB - baseline.externalMiB) * 1024) / n),
    rssKiBPerSession: round(((memory.rssMiB - baseline.rssMiB) * 1024) / n),
    clients: client,
    loadavg: machine().loadavg,
    pass: lateness.p99 <= LIMIT_P99_MS,
  };
  rows.push(row);
  console.error(`${n} sessions: lateness p99 ${lateness.p99} ms, node CPU ${round(cpuPercent)} %, heap+external per session ${row.heapPlusExternalKiBPerSession} KiB`);
  if (row.tickWorkMs.mean <= OVERLOADED_WORK_MS) overloadedInRow = 0;
  else if (++overloadedInRow >= 2) break;
}

const last = rows.filter((r) => r.pass).at(-1);
console.log(
  JSON.stringify(
    {
      bench: 'media-mix',
      command: `node --import tsx bench/media-mix/run.ts ${steps.join(',')} ${seconds}`,
      machineAtStart: startMachine,
      machineAtEnd: machine(),
      session: 'echo sim phone (…008) + app room client + bot room client; clients send 640 B every 20 ms from another process',
      criterion: `p99 tick lateness ≤ ${LIMIT_P99_MS} ms over ${seconds} s`,
      sessionsPerCore: last?.sessions ?? 0,
      cpuPercentPerSessionAtThatLoad: last?.cpuPercentPerSession ?? null,
      steps: rows,
    },
    null,
    2,
  ),
);
await clients.kill();
await bench.stop();
process.exit(0);
