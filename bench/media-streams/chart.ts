/**
 * Draws the media-streams results as an SVG: CPU per stream, the bot-side p99 interval and the sender's p99
 * tick lateness against N, one line per series (a side and bot of one results file), so node and relay,
 * before and after, sit on the same axes. The idle step (N = 0) is left out.
 *
 *   node --import tsx bench/media-streams/chart.ts OUT.svg LABEL=results.json [LABEL=results.json …]
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface Step {
  side: string;
  bot?: string;
  streams: number;
  cpuPerStreamPercent: number;
  customer: { intervalMs: { p99: number } };
  sender: { latenessMs: { p99: number } };
}

const [out, ...inputs] = process.argv.slice(2);
if (!out || inputs.length === 0) {
  console.error('usage: chart.ts OUT.svg LABEL=results.json [LABEL=results.json …]');
  process.exit(2);
}

interface Series {
  name: string;
  points: { n: number; cpu: number; p99: number; late: number }[];
}
const series: Series[] = [];
for (const input of inputs) {
  const [label, file] = input.split('=') as [string, string];
  const steps = (JSON.parse(readFileSync(file, 'utf8')) as { steps: Step[] }).steps.filter((s) => s.streams > 0);
  const kind = (s: Step): string => (s.bot ? `${s.side} ${s.bot}` : s.side);
  for (const name of [...new Set(steps.map(kind))]) {
    series.push({
      name: `${label} ${name}`,
      points: steps
        .filter((s) => kind(s) === name)
        .map((s) => ({ n: s.streams, cpu: s.cpuPerStreamPercent, p99: s.customer.intervalMs.p99, late: s.sender.latenessMs.p99 })),
    });
  }
}

const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f'];
const PER_ROW = 4;
const W = 460;
const H = 300;
const M = { left: 60, right: 20, top: 30, bottom: 45 };

function panel(x0: number, title: string, yLabel: string, value: (p: Series['points'][number]) => number): string {
  const all = series.flatMap((s) => s.points);
  const maxN = Math.max(...all.map((p) => p.n));
  const maxY = Math.max(...all.map(value)) * 1.1 || 1;
  const px = (n: number): number => x0 + M.left + (n / maxN) * (W - M.left - M.right);
  const py = (v: number): number => M.top + (1 - v / maxY) * (H - M.top - M.bottom);
  const parts = [
    `<text x="${x0 + W / 2}" y="18" text-anchor="middle" font-weight="bold">${title}</text>`,
    `<line x1="${px(0)}" y1="${py(0)}" x2="${px(maxN)}" y2="${py(0)}" stroke="#000"/>`,
    `<line x1="${px(0)}" y1="${py(0)}" x2="${px(0)}" y2="${py(maxY)}" stroke="#000"/>`,
    `<text x="${x0 + W / 2}" y="${H - 8}" text-anchor="middle">streams (N)</text>`,
    `<text x="${x0 + 14}" y="${H / 2}" text-anchor="middle" transform="rotate(-90 ${x0 + 14} ${H / 2})">${yLabel}</text>`,
  ];
  for (let i = 0; i <= 4; i++) {
    const v = (maxY / 4) * i;
    parts.push(`<text x="${px(0) - 6}" y="${py(v) + 4}" text-anchor="end" font-size="11">${v.toFixed(v < 1 ? 2 : 0)}</text>`);
    const n = Math.round((maxN / 4) * i);
    parts.push(`<text x="${px(n)}" y="${py(0) + 16}" text-anchor="middle" font-size="11">${n}</text>`);
  }
  series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length]!;
    const path = s.points.map((p, k) => `${k === 0 ? 'M' : 'L'}${px(p.n).toFixed(1)},${py(value(p)).toFixed(1)}`).join(' ');
    parts.push(`<path d="${path}" fill="none" stroke="${colour}" stroke-width="2"/>`);
    for (const p of s.points) parts.push(`<circle cx="${px(p.n).toFixed(1)}" cy="${py(value(p)).toFixed(1)}" r="3" fill="${colour}"/>`);
  });
  return parts.join('\n');
}

const legend = series
  .map((s, i) => {
    const x = 20 + (i % PER_ROW) * 330;
    const y = H + 8 + Math.floor(i / PER_ROW) * 18;
    return `<rect x="${x}" y="${y}" width="12" height="12" fill="${COLOURS[i % COLOURS.length]}"/><text x="${x + 16}" y="${y + 11}" font-size="12">${s.name}</text>`;
  })
  .join('\n');
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${3 * W}" height="${H + 14 + Math.ceil(series.length / PER_ROW) * 18}" font-family="sans-serif" font-size="13">
<rect width="100%" height="100%" fill="#fff"/>
${panel(0, 'CPU per stream', '% of one core', (p) => p.cpu)}
${panel(W, 'Bot-side p99 interval', 'ms', (p) => p.p99)}
${panel(2 * W, 'Sender tick lateness p99', 'ms', (p) => p.late)}
${legend}
</svg>
`;
writeFileSync(out, svg);
