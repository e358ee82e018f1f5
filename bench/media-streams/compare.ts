/**
 * Before and after from interleaved runs on a shared machine: reads files each holding one or more run.ts
 * outputs (appended run after run) and prints a markdown table per bot: for each N, node and relay CPU per
 * stream (the least across the runs' windows that skipped no frame: load on the machine only adds to it, and
 * a window starved into skipping did less work), their ratio, the least p99
 * interval at the bot, the least p99 tick lateness and the fewest frames skipped; then the idle CPU.
 *
 *   node --import tsx bench/media-streams/compare.ts LABEL=results.json [LABEL=results.json …]
 */
import { readFileSync } from 'node:fs';

interface Step {
  side: 'node' | 'relay';
  bot?: string;
  streams: number;
  cpuPerStreamPercent: number;
  customer: { intervalMs: { p99: number } };
  sender: { latenessMs: { p99: number }; skippedFrames: number; cpuPercentOfOneCore: number };
}
interface Run {
  steps: Step[];
  machineAtStart: { loadavg: number[] };
}

const labelled = process.argv.slice(2).map((arg) => {
  const [label, file] = arg.split('=') as [string, string];
  // run.ts prints one pretty-printed object per run; appended runs start each at a line holding only `{`.
  const runs = readFileSync(file, 'utf8')
    .split(/^(?=\{$)/m)
    .filter((t) => t.trim())
    .map((t) => JSON.parse(t) as Run);
  return { label, runs };
});
if (labelled.length === 0) {
  console.error('usage: compare.ts LABEL=results.json [LABEL=results.json …]');
  process.exit(2);
}

const least = (values: number[]): number => (values.length === 0 ? Number.NaN : Math.min(...values));
const fmt = (v: number, digits = 3): string => (Number.isFinite(v) ? String(Math.round(v * 10 ** digits) / 10 ** digits) : '–');
const steps = (label: string): Step[] => labelled.find((l) => l.label === label)!.runs.flatMap((r) => r.steps);
const bots = [...new Set(labelled.flatMap((l) => l.runs.flatMap((r) => r.steps.map((s) => s.bot ?? 'bursty'))))].filter((b) => b !== 'none');
const sizes = [...new Set(labelled.flatMap((l) => l.runs.flatMap((r) => r.steps.map((s) => s.streams))))].filter((n) => n > 0).sort((a, b) => a - b);

for (const bot of bots) {
  console.log(`\n${bot} bot (${labelled.map((l) => `${l.label}: ${l.runs.length} runs`).join(', ')})\n`);
  console.log('| N | ' + labelled.map((l) => `${l.label}: node / relay CPU per stream % (ratio) | ${l.label}: node / relay p99 interval ms | ${l.label}: node / relay p99 tick lateness ms | ${l.label}: node / relay fewest skipped`).join(' | ') + ' |');
  console.log('|---|' + labelled.map(() => '---|---|---|---|').join(''));
  for (const n of sizes) {
    const cells = labelled.map(({ label }) => {
      const of = (side: Step['side']): Step[] => steps(label).filter((s) => s.streams === n && (s.bot ?? 'bursty') === bot && s.side === side);
      const [node, relay] = [of('node'), of('relay')];
      const cpu = (s: Step[]): number => least(s.filter((x) => x.sender.skippedFrames === 0).map((x) => x.cpuPerStreamPercent));
      const p = (s: Step[], f: (x: Step) => number): string => `${fmt(least(s.map(f)), 1)}`;
      return [
        `${fmt(cpu(node))} / ${fmt(cpu(relay))} (${fmt(cpu(node) / cpu(relay), 2)})`,
        `${p(node, (x) => x.customer.intervalMs.p99)} / ${p(relay, (x) => x.customer.intervalMs.p99)}`,
        `${p(node, (x) => x.sender.latenessMs.p99)} / ${p(relay, (x) => x.sender.latenessMs.p99)}`,
        `${fmt(least(node.map((x) => x.sender.skippedFrames)), 0)} / ${fmt(least(relay.map((x) => x.sender.skippedFrames)), 0)}`,
      ].join(' | ');
    });
    console.log(`| ${n} | ${cells.join(' | ')} |`);
  }
}
console.log('\nidle (no stream): CPU % of one core, least across runs (each run)\n');
for (const { label, runs } of labelled) {
  for (const side of ['node', 'relay'] as const) {
    const idle = runs.flatMap((r) => r.steps.filter((s) => s.streams === 0 && s.side === side).map((s) => s.sender.cpuPercentOfOneCore));
    if (idle.length > 0) console.log(`- ${label} ${side}: ${fmt(least(idle))} (${idle.map((v) => fmt(v)).join(', ')})`);
  }
}
console.log(`\nload average (1 min) at each run's start: ${labelled.map((l) => `${l.label} ${l.runs.map((r) => r.machineAtStart.loadavg[0]).join(', ')}`).join('; ')}`);
