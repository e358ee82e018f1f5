/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): busy time, and the functions with the most self time,
 * each with its file. Used for the profiles recorded in RESULTS.md.
 *
 *   node --import tsx bench/media-streams/profile-summary.ts FILE.cpuprofile [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const file = process.argv[2];
const top = Number(process.argv[3] ?? 25);
if (!file) {
  console.error('usage: profile-summary.ts FILE.cpuprofile [top]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i]!;
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);
const totals = new Map<string, number>();
let busy = 0;
let idle = 0;
let gc = 0;
for (const [id, us] of self) {
  const frame = byId.get(id)!.callFrame;
  if (frame.functionName === '(idle)') idle += us;
  else busy += us;
  if (frame.functionName === '(garbage collector)') gc += us;
  const where = frame.url.replace(/^.*\/(media|shared|bench|node_modules)\//, '$1/');
  const key = IDLE.has(frame.functionName) ? frame.functionName : `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
  totals.set(key, (totals.get(key) ?? 0) + us);
}
const wall = (profile.endTime - profile.startTime) / 1000;
console.log(`wall ${Math.round(wall)} ms, busy ${Math.round(busy / 1000)} ms (${Math.round((busy / 1000 / wall) * 100)} %), gc ${Math.round(gc / 1000)} ms`);
const rows = [...totals].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, top);
for (const [key, us] of rows) console.log(`${(us / 1000).toFixed(0).padStart(7)} ms ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${key}`);
