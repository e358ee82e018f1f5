/**
 * Media tick benchmark: the real media node (startMediaNode, real clock, real TickClock) runs for a given time
 * under a light load, and the tick is checked against the wall of monotonic time: ticks run plus frames
 * skipped must equal elapsed / 20 ms (± 1), and lateness is measured against the ideal grid for every tick.
 * No test clock anywhere. Lateness percentiles exclude a 5 s warm-up; the tick count covers everything.
 * Stops by itself; loopback only.
 *
 *   node --import tsx bench/media-tick/run.ts [seconds=600] [sessions=5]
 *
 * Light load: `sessions` sessions, each a sim phone playing a 440 Hz tone for the whole run and the sim echo
 * phone (…008) hearing and repeating it, so every tick pulls, mixes and pushes real audio.
 */
import { performance } from 'node:perf_hooks';
import { FRAME_MS } from '../../media/clock/tick-source.js';
import { BenchNode } from '../media-mix/bench-node.js';
import { machine } from './machine.js';
import { round, Samples } from './samples.js';

const seconds = Number(process.argv[2] ?? 600);
const sessions = Number(process.argv[3] ?? 5);
if (!(seconds > 0 && seconds <= 3600) || !(sessions >= 0 && sessions <= 200)) {
  console.error('usage: run.ts [seconds 1..3600] [sessions 0..200]');
  process.exit(2);
}
const before = machine();
const bench = await new BenchNode().start();
const TONE_PHONE = '+15550000440';
bench.node.sim.defineSimPhone(TONE_PHONE, [{ step: 'answerAfter', ms: 0 }, { step: 'tone', hz: 440, ms: Math.min(3_600_000, (seconds + 60) * 1000) }]);
for (let i = 0; i < sessions; i++) {
  const callId = `call_tick${i}`;
  await bench.op({ op: 'openSession', callId });
  await bench.op({ op: 'addLeg', callId, legId: 'part_tone', kind: 'phone', phone: { to: TONE_PHONE } });
  await bench.op({ op: 'addLeg', callId, legId: 'part_echo', kind: 'phone', phone: { to: '+442079460008' } });
}

// Start-up (module loading, JIT, speech pre-rendering) stalls the first second or so: lateness is measured
// after a warm-up, while the tick count is checked over the whole life of the clock.
const WARMUP_S = 5;
await new Promise((resolve) => setTimeout(resolve, WARMUP_S * 1000));
bench.probe.reset();

// Lateness per minute shows whether anything grows over the run (it would, with drift).
const perMinute: { minute: number; ticks: number; p99: number; max: number }[] = [];
let minuteStart = { ticks: bench.probe.clock.ticks + bench.probe.clock.skipped, samples: bench.probe.lateness.count };
const minute = new Samples();
const closeMinute = (): void => {
  const all = bench.probe.lateness;
  minute.reset();
  for (let i = minuteStart.samples; i < all.count; i++) minute.add(all.at(i));
  const ticks = bench.probe.clock.ticks + bench.probe.clock.skipped - minuteStart.ticks;
  if (ticks === 0) return;
  perMinute.push({ minute: perMinute.length + 1, ticks, p99: round(minute.quantile(0.99)), max: round(minute.quantile(1)) });
  minuteStart = { ticks: ticks + minuteStart.ticks, samples: all.count };
  console.error(`minute ${perMinute.length}: ${ticks} ticks, lateness p99 ${round(minute.quantile(0.99))} ms`);
};
const report = setInterval(closeMinute, 60_000);

const cpuStart = process.cpuUsage();
await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
clearInterval(report);
const stoppedAt = performance.now();
bench.probe.stop();
closeMinute();
const cpu = process.cpuUsage(cpuStart);
const clock = bench.probe.clock;
const elapsedMs = stoppedAt - bench.probe.startedAt;
const expected = Math.floor(elapsedMs / FRAME_MS);
const counted = bench.probe.frames;
const result = {
  bench: 'media-tick',
  command: `node --import tsx bench/media-tick/run.ts ${seconds} ${sessions}`,
  at: new Date().toISOString(),
  machineAtStart: before,
  machineAtEnd: machine(),
  load: `${sessions} sessions × (440 Hz tone phone + echo phone)`,
  measuredSeconds: seconds,
  elapsedMs: round(elapsedMs),
  elapsedOver20ms: expected,
  ticks: clock.ticks,
  skippedFrames: clock.skipped,
  ticksPlusSkippedMinusExpected: counted - expected,
  withinOne: Math.abs(counted - expected) <= 1,
  latenessMsAfterWarmup: bench.probe.lateness.summary(),
  tickWorkMsAfterWarmup: { ...bench.probe.work.summary(), mean: round(bench.probe.work.mean()) },
  cpuPercentOfOneCore: round(((cpu.user + cpu.system) / 1000 / elapsedMs) * 100),
  rssMiB: round(process.memoryUsage().rss / 1048576),
  perMinute,
};
console.log(JSON.stringify(result, null, 2));
await bench.stop();
process.exit(0);
