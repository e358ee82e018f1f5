/**
 * What the tick clock's fine window costs and buys: the production TickClock alone, run with each `fineMs`
 * in turn (interleaved, round after round, so a shared machine's load falls on every variant alike), idle
 * and with a synthetic tick of `work` ms of busy work (the node's tick makes the loop time the next timer
 * is measured from lag). Per variant: CPU % of one core and lateness against the ideal grid (first deadline
 * + k × 20 ms), p50 / p99 / max.
 *
 *   node --import tsx bench/media-tick/clock-window.ts [fine=1.5,0.5,0.25,0] [work=0,5] [seconds=6] [rounds=3]
 */
import { performance } from 'node:perf_hooks';
import { TickClock } from '../../media/clock/tick-clock.js';
import { FRAME_MS } from '../../media/clock/tick-source.js';
import { machine } from './machine.js';
import { round, Samples } from './samples.js';

const [fineArg = '1.5,0.5,0.25,0', workArg = '0,5', secondsArg = '6', roundsArg = '3'] = process.argv.slice(2);
const fines = fineArg.split(',').map(Number);
const works = workArg.split(',').map(Number);
const seconds = Number(secondsArg);
const rounds = Number(roundsArg);

interface Window {
  fineMs: number;
  workMs: number;
  round: number;
  cpuPercentOfOneCore: number;
  latenessMs: { p50: number; p99: number; max: number; count: number };
  ticksPlusSkippedMinusElapsed: number;
}

function once(fineMs: number, workMs: number, r: number): Promise<Window> {
  return new Promise((resolve) => {
    const lateness = new Samples();
    const clock = new TickClock({ fineMs });
    const startedAt = performance.now();
    const cpuStart = process.cpuUsage();
    clock.start(() => {
      const t0 = performance.now();
      lateness.add(t0 - (startedAt + (clock.ticks + clock.skipped) * FRAME_MS));
      while (performance.now() - t0 < workMs);
      if (t0 - startedAt < seconds * 1000) return;
      clock.stop();
      const cpu = process.cpuUsage(cpuStart);
      const wall = performance.now() - startedAt;
      resolve({
        fineMs,
        workMs,
        round: r,
        cpuPercentOfOneCore: round(((cpu.user + cpu.system) / 1000 / wall) * 100),
        latenessMs: lateness.summary(),
        ticksPlusSkippedMinusElapsed: clock.ticks + clock.skipped - Math.round((t0 - startedAt) / FRAME_MS),
      });
    });
  });
}

const windows: Window[] = [];
const atStart = machine();
for (let r = 0; r < rounds; r++) {
  for (const workMs of works) {
    for (const fineMs of fines) {
      const w = await once(fineMs, workMs, r);
      windows.push(w);
      console.error(`fine ${fineMs} work ${workMs} round ${r}: CPU ${w.cpuPercentOfOneCore} %, lateness p50 ${w.latenessMs.p50} p99 ${w.latenessMs.p99} max ${w.latenessMs.max} ms`);
    }
  }
}
// Per variant: the least CPU (the window the machine disturbed least) and the median of the windows' p99.
const summary = works.flatMap((workMs) =>
  fines.map((fineMs) => {
    const mine = windows.filter((w) => w.fineMs === fineMs && w.workMs === workMs);
    const p99s = mine.map((w) => w.latenessMs.p99).sort((a, b) => a - b);
    return {
      fineMs,
      workMs,
      cpuPercentMin: Math.min(...mine.map((w) => w.cpuPercentOfOneCore)),
      latenessP99MedianMs: p99s[Math.floor(p99s.length / 2)]!,
      latenessP50MedianMs: mine.map((w) => w.latenessMs.p50).sort((a, b) => a - b)[Math.floor(mine.length / 2)]!,
      drift: mine.map((w) => w.ticksPlusSkippedMinusElapsed),
    };
  }),
);
console.log(JSON.stringify({ bench: 'clock-window', command: `clock-window.ts ${fineArg} ${workArg} ${seconds} ${rounds}`, machineAtStart: atStart, machineAtEnd: machine(), summary, windows }, null, 2));
