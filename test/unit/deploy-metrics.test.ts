import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// deploy/'s alert rules and dashboard may name only series sentral exports: a renamed metric must not leave
// an alert that can never fire or a panel that stays empty.

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string): string => readFileSync(join(root, path), 'utf8');

/** Every TypeScript source file of the running system (not tests, not benchmarks). */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' ? [] : sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The metric names the code registers: quoted `sentral_*` names (prom-client adds _bucket, _sum, _count to histograms). */
const exported = new Set(
  ['control', 'media', 'shared', 'carriers'].flatMap(sources).flatMap((file) => [...read(file).matchAll(/'(sentral_[a-z0-9_]+)'/g)].map((m) => m[1]!)),
);
// prom-client's default process metrics, which every role turns on.
const processMetric = (name: string): boolean => /^(process_|nodejs_)/.test(name);

/** The metric names in PromQL expressions (sentral's own and the process metrics). */
function named(expressions: string[]): string[] {
  return [...new Set(expressions.flatMap((e) => [...e.matchAll(/\b(?:sentral|process|nodejs)_[a-z0-9_]+/g)].map((m) => m[0])))];
}

function exists(name: string): boolean {
  return processMetric(name) || exported.has(name) || exported.has(name.replace(/_(bucket|sum|count)$/, ''));
}

describe('deploy/ monitoring', () => {
  it('alert rules name only metrics sentral exports', () => {
    const rules = read('deploy/prometheus/sentral-alerts.yml');
    const expressions = [...rules.matchAll(/^\s+expr: (.+)$/gm)].map((m) => m[1]!);
    expect(expressions.length).toBeGreaterThanOrEqual(8);
    const names = named(expressions);
    expect(names).toContain('sentral_http_requests_total');
    expect(names.filter((n) => !exists(n))).toEqual([]);
  });

  it('the Grafana dashboard names only metrics sentral exports', () => {
    const dashboard = JSON.parse(read('deploy/grafana/sentral-dashboard.json')) as { panels: Array<{ targets: Array<{ expr: string }> }> };
    const expressions = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr));
    expect(expressions.length).toBeGreaterThanOrEqual(10);
    const names = named(expressions);
    expect(names).toContain('sentral_webhook_queue_depth');
    expect(names.filter((n) => !exists(n))).toEqual([]);
  });

  it('would notice a metric that does not exist', () => {
    expect(named(['rate(sentral_no_such_metric_total[5m]) > 0']).filter((n) => !exists(n))).toEqual(['sentral_no_such_metric_total']);
  });
});
