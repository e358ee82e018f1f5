/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): self time by module (npm package, the repository's
 * folder, node's internals) and by function, as a share of the profile's busy (non-idle) time.
 *
 *   node --import tsx bench/calls/profile-summary.ts <file.cpuprofile> [top=25]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

/** The module a frame belongs to: an npm package, a folder of the repository, node's own code, or V8's pseudo-frames. */
function moduleOf(url: string, name: string): string {
  if (url === '') return name.startsWith('(') ? name : '(native)';
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  const repo = /\/(control|shared|media|protocol|carriers|bench|web)\/((?:[^/]+\/)?)/.exec(url);
  return repo ? `${repo[1]}/${repo[2]}` : url;
}

const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const modules = new Map<string, number>();
const functions = new Map<string, number>();
let busy = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const { callFrame } = byId.get(id)!;
  if (callFrame.functionName === '(idle)') {
    idle += us;
    continue;
  }
  busy += us;
  const mod = moduleOf(callFrame.url, callFrame.functionName);
  modules.set(mod, (modules.get(mod) ?? 0) + us);
  const where = callFrame.url ? `${callFrame.url.replace(/^.*?\/(node_modules|control|shared|media|protocol|carriers|bench)\//, '$1/')}:${callFrame.lineNumber + 1}` : '';
  const fn = `${callFrame.functionName || '(anonymous)'} ${where}`;
  functions.set(fn, (functions.get(fn) ?? 0) + us);
}

const table = (title: string, rows: Map<string, number>): void => {
  console.log(`\n| ${title} | ms | % of busy |\n|---|---|---|`);
  for (const [key, us] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`| ${key.replace(/\|/g, '\\|')} | ${(us / 1000).toFixed(0)} | ${((100 * us) / busy).toFixed(1)} |`);
  }
};
console.log(`${file}: busy ${(busy / 1000).toFixed(0)} ms, idle ${(idle / 1000).toFixed(0)} ms`);
table('module (self time)', modules);
table('function (self time)', functions);
