import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** What a decision half and the call machine may reach: the contract, the call's pure folders (its context, charts and behaviours), the verbs' decision halves, the error catalogue. */
const decisionFolders = [
  'protocol/',
  ...['context', 'machines', 'participants', 'inbound', 'handovers', 'speech', 'call', 'verbs'].map((folder) => `control/calls/${folder}/`),
  'shared/errors/catalogue.ts',
];
/** The one helper outside them the machine reaches: a pure formatter of times for its reply bodies (no clock, no I/O). */
const pureHelpers = ['shared/clock/iso.ts', 'shared/machines/machine-step.ts'];
/** Packages the machine may use: the chart library and the schema library of protocol/. */
const packages = ['xstate', 'typebox', 'typebox/value'];

interface Import {
  from: string;
  spec: string;
  typeOnly: boolean;
}

/** The imports (and re-exports) of a module, each with whether it brings types only; a dynamic import brings values. */
function importsOf(file: string): Import[] {
  const source = readFileSync(resolve(root, file), 'utf8');
  const statics = [...source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;]*?\s+from\s+)?'([^']+)'/gms)].map((m) => ({ from: file, spec: m[2]!, typeOnly: m[1] !== undefined }));
  const dynamics = [...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => ({ from: file, spec: m[1]!, typeOnly: false }));
  return [...statics, ...dynamics];
}

/** Where an import leads: a file of the repository, or a package's name. */
function target(i: Import): string {
  if (!i.spec.startsWith('.')) return i.spec;
  return relative(root, resolve(root, dirname(i.from), i.spec.replace(/\.js$/, '.ts')));
}

const inside = (path: string, allowed: readonly string[]) => allowed.some((a) => path === a || (a.endsWith('/') && path.startsWith(a)));

/** The modules a module reaches through value imports (type-only imports are erased), itself included. */
function valueClosure(start: string): Set<string> {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!existsSync(resolve(root, file))) continue;
    for (const i of importsOf(file)) if (!i.typeOnly) stack.push(target(i));
  }
  return seen;
}

describe('a verb in two halves', () => {
  it('its decision half imports only protocol/, the machines, other decision halves and the error catalogue', () => {
    const halves = readdirSync(resolve(root, 'control/calls/verbs')).filter((f) => f.endsWith('.ts')).map((f) => `control/calls/verbs/${f}`);
    expect(halves.length).toBeGreaterThan(17);
    // The throwaway verb's decision half (test/unit/throwaway-verb.test.ts) keeps the rule too.
    halves.push('test/unit/throwaway-verb/knock-verb.ts');
    const outside = halves.flatMap((file) => importsOf(file).map((i) => ({ file, to: target(i) }))).filter(({ to }) => !inside(to, decisionFolders));
    expect(outside).toEqual([]);
  });

  it("the call machine's value-import closure, with its verbs, stays inside those folders (no store, no API, no money, no clips)", () => {
    const registry = 'control/calls/host/machine-registry.ts';
    const closure = [...valueClosure(registry)].filter((path) => path !== registry);
    const outside = closure.filter((path) => !inside(path, [...decisionFolders, ...pureHelpers]) && !packages.includes(path));
    expect(outside).toEqual([]);
    // Measured when the verbs were split: 85 modules before, 55 after (docs/verbs.md).
    expect(closure.filter((path) => path.endsWith('.ts')).length).toBeLessThanOrEqual(60);
  });

  it('machines/ holds charts only, and they import of the calls layer only the context (the verb port, context/verb-port.ts, included): no verb, no behaviour', () => {
    const machines = readdirSync(resolve(root, 'control/calls/machines')).filter((f) => f.endsWith('.ts')).map((f) => `control/calls/machines/${f}`);
    expect(machines.filter((file) => !readFileSync(resolve(root, file), 'utf8').includes('.createMachine('))).toEqual([]);
    const reached = machines.flatMap((file) => importsOf(file).map((i) => ({ file, to: target(i) }))).filter(({ to }) => to.startsWith('control/calls/'));
    expect(reached.filter(({ to }) => !to.startsWith('control/calls/context/') && !to.startsWith('control/calls/machines/'))).toEqual([]);
  });

  it('the API checks its routes without loading a machine or a decision half: its value-import closure holds none', () => {
    const closure = [...valueClosure('control/api/server/server.ts')];
    // The closure is the whole API (routes, store, requests): an empty one would pass for the wrong reason.
    expect(closure.filter((path) => path.startsWith('control/api/routes/call-verbs/')).length).toBeGreaterThan(17);
    expect(closure.filter((path) => path.startsWith('control/calls/machines/') || path.startsWith('control/calls/verbs/'))).toEqual([]);
  });
});
