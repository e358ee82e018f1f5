/**
 * Media streams benchmark: N concurrent bidirectional streams from one media node (its own process,
 * stream-node.ts) to bot-like customer servers (another process, customer-servers.ts), and in the same run
 * the same N from a bidirectional bare relay (bare-relay.ts: reads and queues what the bot sends and sends it
 * back on the same deadline clock, no mixing or codec) to the same servers. For each N the node is measured,
 * then the relay, over equal windows, each side in a fresh process.
 *
 * Two scenarios: `two` (default): every node session is an echo sim phone (…008) and a stream, against the
 * relay, each with the bursty bot (200 ms chunks at 2× real time, about 4 messages a second) and with the
 * frame bot (one 20 ms frame for every frame heard, 50 a second, as Pipecat and real voice bots send);
 * `three`: every session also has an app room participant whose client (room-clients.ts, its own
 * process) sends and receives 16 kHz PCM, so the session is a three-leg mix at 16 kHz (node only).
 *
 * Per N, at the customer: interval between consecutive media messages (p1, p50, p99, max), drift, mark echo
 * error against the frame boundary it was due at, clear → mark echo and clear → silence; at the sender: tick
 * lateness and work, skipped frames, drift of ticks + skips against elapsed / 20 ms, CPU per stream, the
 * streams one core would carry at that CPU per stream, memory per stream. Each side ramps until frames are
 * skipped beyond 1 % (or its mean tick work exceeds 15 ms) twice in a row, for each bot apart. A step of 0
 * measures each side with no stream at all (the idle node). Loopback only; stops by itself.
 *
 *   node --import tsx bench/media-streams/run.ts [steps=50,100,200,300,400,500,600,800,1000] [seconds=10]
 *     [--scenario=two|three] [--send-delay-frames=1] [--sides=node,relay,raw] [--bots=bursty,frame]
 *     [--allocation] [--node-args='--trace-gc'] [--relay-args=…] > results.json
 *
 * `--sides` may add `raw`: the bare relay on a minimal WebSocket client of its own (raw-relay.ts), to see how
 * much of the relay's cost is `ws`. `--allocation` samples every JavaScript allocation of each sender's window (bytes per stream and frame, and
 * the functions that allocated them); `--node-args` and `--relay-args` are Node/V8 flags for that side's
 * process only (the node side runs with the heap flags production's launcher gives it, heap-settings.ts,
 * and its args after them). The run ends with issue 29's targets read off its own windows (`targets` in the JSON, a
 * table on stderr): per bot, the streams per core at the largest N the node carried with no skipped frame,
 * node ÷ relay CPU per stream at every N, and the node's p99 tick lateness up to 500 streams.
 *
 * `--send-delay-frames` is how many frames the node holds a frame before sending it (1 with the two-phase
 * tick, 0 before it): the mark echo error is measured against the boundary that delay puts the echo on.
 */
import { machine } from '../media-tick/machine.js';
import { stallProbe, type StallReport } from '../media-tick/stall-probe.js';
import { round } from '../media-tick/samples.js';
import { BenchChild } from '../media-mix/bench-child.js';
import type { ClientCommand, ClientReply } from '../media-mix/room-clients.js';
import type { BotKind, CustomerReport, ServerCommand, ServerReply } from './customer-servers.js';
import type { SenderCommand, SenderReply, SenderReport } from './sender-messages.js';
import { MEDIA_HEAP_FLAGS } from '../../media/node/heap-settings.js';

const SETTLE_MS = 4000;
/** `raw`: the bare relay on a minimal WebSocket client of its own instead of `ws` (raw-relay.ts). */
type Side = 'node' | 'relay' | 'raw';
const OPEN_TIMEOUT_MS = 180_000;
const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const flags = new Map(
  process.argv
    .slice(2)
    .filter((a) => a.startsWith('--'))
    .map((a) => {
      const at = a.indexOf('=');
      return at < 0 ? [a.slice(2), ''] : [a.slice(2, at), a.slice(at + 1)];
    }),
);
const steps = (positional[0] ?? '50,100,200,300,400,500,600,800,1000').split(',').map(Number);
const seconds = Number(positional[1] ?? 10);
const scenario = flags.get('scenario') ?? 'two';
const sendDelayFrames = Number(flags.get('send-delay-frames') ?? 1);
const sides = (flags.get('sides') ?? (scenario === 'three' ? 'node' : 'node,relay')).split(',') as Side[];
const bots = (flags.get('bots') ?? 'bursty,frame').split(',') as BotKind[];
const allocation = flags.has('allocation');
// The node runs with the flags production's launcher gives it; --node-args come after them (the last one wins).
const nodeArgs: Record<Side, string[]> = {
  node: [...MEDIA_HEAP_FLAGS.split(' '), ...(flags.get('node-args') ?? '').split(' ').filter(Boolean)],
  relay: (flags.get('relay-args') ?? '').split(' ').filter(Boolean),
  raw: (flags.get('relay-args') ?? '').split(' ').filter(Boolean),
};
if (
  steps.some((n) => !(n >= 0 && n <= 5000)) ||
  bots.some((b) => b !== 'bursty' && b !== 'frame') ||
  !(seconds > 0 && seconds <= 600) ||
  !['two', 'three'].includes(scenario) ||
  sides.some((s) => s !== 'node' && s !== 'relay' && s !== 'raw') ||
  !(sendDelayFrames >= 0)
) {
  console.error(
    "usage: run.ts [steps, each 0..5000] [seconds 1..600] [--scenario=two|three] [--send-delay-frames=N] [--sides=node,relay,raw] [--bots=bursty,frame] [--allocation] [--node-args='…'] [--relay-args='…']",
  );
  process.exit(2);
}

const SENDERS: Record<Side, { file: string; path: string }> = {
  node: { file: './stream-node.ts', path: '/stream' },
  relay: { file: './bare-relay.ts', path: '/relay' },
  raw: { file: './raw-relay.ts', path: '/relay' },
};
/**
 * A side is past capacity after two steps in a row whose mean tick work exceeded this, or that skipped more
 * than 1 % of the window's frames (a shared machine deschedules a process now and then: a few skips alone
 * do not end the ramp, but they fail the step).
 */
const OVERLOADED_WORK_MS = 15;

const startMachine = { ...machine(), stalls: await stallProbe() };
const server = new BenchChild<ServerCommand, ServerReply>(new URL('./customer-servers.ts', import.meta.url));
const listening = await server.ask({ type: 'listen' });
if (listening.type !== 'listening') throw new Error('the customer servers did not start');
const base = `http://127.0.0.1:${listening.port}`;

interface Row {
  side: Side;
  /** The customer's bot; `none` for the idle step (no stream). */
  bot: BotKind | 'none';
  streams: number;
  /** Zero frames skipped and the customer-side p99 interval within 20 ± 2 ms. */
  pass: boolean;
  cpuPerStreamPercent: number;
  /** Streams one core would carry at this CPU per stream. */
  streamsPerCoreAtThisCost: number;
  customer: CustomerReport;
  sender: SenderReport;
  rooms?: Extract<ClientReply, { type: 'report' }>;
  loadavg: number[];
}
const rows: Row[] = [];
// Steps in a row past capacity, by side and bot.
const overloaded = new Map<string, number>();
const past = (side: Side, bot: BotKind): number => overloaded.get(`${side} ${bot}`) ?? 0;
for (const n of steps) {
  for (const bot of n === 0 ? ['none' as const] : bots) {
    for (const side of sides) {
      if (bot !== 'none' && past(side, bot) >= 2) continue;
      await step(side, bot, n);
    }
  }
  if (sides.every((side) => bots.every((bot) => past(side, bot) >= 2))) break;
}

async function step(side: Side, bot: BotKind | 'none', n: number): Promise<void> {
  const { customer, sender, rooms } = await measure(side, n, bot === 'none' ? 'bursty' : bot);
  const pass = n > 0 && sender.skippedFrames === 0 && customer.intervalMs.p99 >= 18 && customer.intervalMs.p99 <= 22 && customer.connections === n;
  const cpuPerStream = n === 0 ? 0 : round(sender.cpuPercentOfOneCore / n);
  const row: Row = {
    side,
    bot,
    streams: n,
    pass,
    cpuPerStreamPercent: cpuPerStream,
    streamsPerCoreAtThisCost: n === 0 ? 0 : Math.floor(100 / cpuPerStream),
    customer,
    sender,
    ...(rooms ? { rooms } : {}),
    loadavg: machine().loadavg,
  };
  rows.push(row);
  console.error(
    `${scenario} ${side} ${bot} ${n}: interval p50 ${customer.intervalMs.p50} p99 ${customer.intervalMs.p99} ms; tick p99 ${sender.latenessMs.p99} ms; ` +
      `late ${sender.lateTicks.count} (after GC ${sender.lateTicks.afterGc}); skipped ${sender.skippedFrames}; CPU ${sender.cpuPercentOfOneCore} % (${cpuPerStream} %/stream, kernel ${sender.kernelShareOfCpu}); ` +
      `mark error p99 ${customer.markEchoErrorMs.p99}; load ${row.loadavg.join(' ')}; ${pass ? 'pass' : 'FAIL'}`,
  );
  if (bot === 'none') return;
  const key = `${side} ${bot}`;
  const over = sender.skippedFrames > seconds * 50 * 0.01 || sender.tickWorkMs.mean > OVERLOADED_WORK_MS;
  overloaded.set(key, over ? past(side, bot) + 1 : 0);
}

const endMachine = { ...machine(), stalls: await stallProbe() };
const targets = readTargets(rows);
printTargets(targets, [startMachine.stalls, endMachine.stalls]);
const best = (side: Side, bot: BotKind): number =>
  Math.max(0, ...rows.filter((r) => r.side === side && r.bot === bot && r.sender.skippedFrames === 0 && r.customer.connections === r.streams).map((r) => r.streams));
console.log(
  JSON.stringify(
    {
      bench: 'media-streams',
      scenario,
      command: `node --import tsx bench/media-streams/run.ts ${steps.join(',')} ${seconds} --scenario=${scenario} --send-delay-frames=${sendDelayFrames} --sides=${sides.join(',')} --bots=${bots.join(',')}${allocation ? ' --allocation' : ''}${nodeArgs.node.length ? ` --node-args='${nodeArgs.node.join(' ')}'` : ''}${nodeArgs.relay.length ? ` --relay-args='${nodeArgs.relay.join(' ')}'` : ''}`,
      machineAtStart: startMachine,
      machineAtEnd: endMachine,
      largestNWithZeroSkips: Object.fromEntries(sides.flatMap((s) => bots.map((b) => [`${s} ${b}`, best(s, b)]))),
      idleCpuPercentOfOneCore: Object.fromEntries(rows.filter((r) => r.streams === 0).map((r) => [r.side, r.sender.cpuPercentOfOneCore])),
      targets,
      steps: rows,
    },
    null,
    2,
  ),
);
await server.kill();
process.exit(0);

// One side at one size: a fresh sender process opens n streams, settles, is measured, and goes.
async function measure(side: Side, n: number, bot: BotKind): Promise<{ customer: CustomerReport; sender: SenderReport; rooms?: Extract<ClientReply, { type: 'report' }> }> {
  const sender = new BenchChild<SenderCommand, SenderReply>(new URL(SENDERS[side].file, import.meta.url), [], nodeArgs[side]);
  let clients: BenchChild<ClientCommand, ClientReply> | undefined;
  try {
    const started = server.ask({ type: 'started', count: n, sendDelayFrames: side === 'node' ? sendDelayFrames : 0, bot });
    const opened = await within(sender.ask({ type: 'open', count: n, url: `${base}${SENDERS[side].path}`, rooms: scenario === 'three' }), `${side} opening ${n} streams`);
    await within(started, `${n} ${side} streams starting`);
    if (opened.type === 'opened' && opened.roomUrls && opened.roomUrls.length > 0) {
      clients = new BenchChild<ClientCommand, ClientReply>(new URL('../media-mix/room-clients.ts', import.meta.url));
      const connected = await within(clients.ask({ type: 'connect', urls: opened.roomUrls }), `${n} room clients connecting`);
      if (connected.type !== 'connected' || connected.failed > 0) throw new Error(`room clients: ${JSON.stringify(connected)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    await server.ask({ type: 'reset' });
    await sender.ask({ type: 'reset', allocation });
    clients?.tell({ type: 'reset' });
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    const senderReport = await sender.ask({ type: 'report' });
    const customerReport = await server.ask({ type: 'report' });
    const roomReport = clients ? await clients.ask({ type: 'report' }) : undefined;
    if (senderReport.type !== 'report' || customerReport.type !== 'report') throw new Error('unexpected reply');
    const { type: _s, ...s } = senderReport;
    const { type: _c, ...c } = customerReport;
    return { customer: c, sender: s, ...(roomReport?.type === 'report' ? { rooms: roomReport } : {}) };
  } finally {
    await sender.kill();
    await clients?.kill();
    await server.ask({ type: 'dropAll' });
  }
}

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out: ${what}`)), OPEN_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}


/** A window that counts: every stream connected and not one frame skipped. */
function clean(r: Row | undefined): r is Row {
  return r !== undefined && r.sender.skippedFrames === 0 && r.customer.connections === r.streams;
}

/** Issue 29's targets as this run's windows answer them, per bot. */
interface Targets {
  /** The node with no call, % of one core (target ≤ 1.5). */
  idleNodePercentOfOneCore: number | null;
  byBot: Record<
    string,
    {
      /** The largest N the node carried with no skipped frame, and the streams per core at its CPU per stream there (target ≥ 1,000, frame bot). */
      node: { largestCleanN: number; streamsPerCore: number | null };
      relay: { largestCleanN: number; streamsPerCore: number | null };
      /**
       * Per N: node ÷ relay CPU per stream (target ≤ 1.3 at every N), null where either side skipped; and the
       * same of CPU µs per stream and tick run, which a starved window still answers.
       */
      ratioByN: { n: number; node: number; relay: number; ratio: number | null; perTickRatio: number }[];
      /** The node's p99 tick lateness per N up to 500 (target ≤ 1.5 ms), and the largest of them. */
      latenessP99MsByN: { n: number; p99: number; skipped: number }[];
      worstLatenessP99MsUpTo500: number | null;
    }
  >;
}

function readTargets(all: Row[]): Targets {
  const idle = all.find((r) => r.side === 'node' && r.streams === 0);
  const byBot: Targets['byBot'] = {};
  for (const bot of bots) {
    const of = (side: Side): Row[] => all.filter((r) => r.side === side && r.bot === bot);
    const capacity = (side: Side): { largestCleanN: number; streamsPerCore: number | null } => {
      const top = of(side).filter(clean).sort((a, b) => b.streams - a.streams)[0];
      return { largestCleanN: top?.streams ?? 0, streamsPerCore: top ? top.streamsPerCoreAtThisCost : null };
    };
    const ratioByN = of('node').flatMap((node) => {
      const relay = of('relay').find((r) => r.streams === node.streams);
      if (relay === undefined) return [];
      const ratio = clean(node) && clean(relay) ? round(node.cpuPerStreamPercent / relay.cpuPerStreamPercent) : null;
      const perTickRatio = round(node.sender.cpuMicrosecondsPerStreamTick / relay.sender.cpuMicrosecondsPerStreamTick);
      return [{ n: node.streams, node: node.cpuPerStreamPercent, relay: relay.cpuPerStreamPercent, ratio, perTickRatio }];
    });
    const latenessP99MsByN = of('node')
      .filter((r) => r.streams <= 500)
      .map((r) => ({ n: r.streams, p99: r.sender.latenessMs.p99, skipped: r.sender.skippedFrames }));
    byBot[bot] = {
      node: capacity('node'),
      relay: capacity('relay'),
      ratioByN,
      latenessP99MsByN,
      worstLatenessP99MsUpTo500: latenessP99MsByN.length > 0 ? Math.max(...latenessP99MsByN.map((l) => l.p99)) : null,
    };
  }
  return { idleNodePercentOfOneCore: idle ? idle.sender.cpuPercentOfOneCore : null, byBot };
}

function printTargets(t: Targets, stalls: StallReport[]): void {
  const lines = [`\nissue 29's targets in this run (${scenario}; load at end ${machine().loadavg.join(' ')})`];
  const spread = stalls.map((s) => `p50 ${s.unitMs.p50} p99 ${s.unitMs.p99} max ${s.unitMs.max} ms, ${s.slowUnits} of ${s.units} over 3x`).join('; at the end ');
  lines.push(`- the machine: a fixed computation every 20 ms took ${spread} (lateness cannot be steadier than this)`);
  lines.push(`- idle node: ${t.idleNodePercentOfOneCore ?? '(no step 0)'} % of one core (target <= 1.5)`);
  for (const [bot, b] of Object.entries(t.byBot)) {
    lines.push(
      `- ${bot} bot: node ${b.node.largestCleanN} streams with no skipped frame, ${b.node.streamsPerCore ?? '-'} per core at that cost ` +
        `(relay ${b.relay.largestCleanN}, ${b.relay.streamsPerCore ?? '-'}); target >= 1000 per core`,
    );
    lines.push(`  | N | node %/stream | relay %/stream | ratio (<= 1.3) | ratio of µs per stream-tick | node lateness p99 ms (<= 1.5 up to 500) |`);
    for (const r of b.ratioByN) {
      const l = b.latenessP99MsByN.find((x) => x.n === r.n);
      lines.push(`  | ${r.n} | ${r.node} | ${r.relay} | ${r.ratio ?? 'skipped'} | ${r.perTickRatio} | ${l ? `${l.p99}${l.skipped ? ` (${l.skipped} skipped)` : ''}` : '-'} |`);
    }
    lines.push(`  worst node lateness p99 up to 500: ${b.worstLatenessP99MsUpTo500 ?? '-'} ms`);
  }
  console.error(lines.join('\n'));
}
