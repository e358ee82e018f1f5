import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The modules that load a role's parts (or a CLI command's) only when the process runs it. */
const roleLoaders = ['control/cli/main.ts', 'control/app/parts.ts', 'control/app/run-role.ts'];

/** What only a worker, a dispatcher, a messaging process or a media node runs. */
const otherRoles = [
  'control/calls/machines/', 'control/calls/verbs/', 'control/calls/host/', 'control/calls/call/', 'control/calls/handovers/',
  'control/calls/inbound/', 'control/calls/participants/', 'control/calls/speech/', 'control/messaging/outbox/',
  'control/events/dispatcher.ts', 'control/transcription/job-runner.ts', 'control/numbers/rent-runner.ts', 'media/', 'carriers/sms/smsc-sim.ts',
];

/** Relative value imports of a module (type-only ones are erased); with `dynamic`, its import() calls too. */
function importsOf(file: string, dynamic: boolean): string[] {
  const source = readFileSync(resolve(root, file), 'utf8');
  const specs = [...source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;]*?\s+from\s+)?'([^']+)'/gms)].filter((m) => m[1] === undefined).map((m) => m[2]!);
  if (dynamic) specs.push(...[...source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => m[1]!));
  return specs.filter((s) => s.startsWith('.')).map((s) => relative(root, resolve(root, dirname(file), s.replace(/\.js$/, '.ts'))));
}

/** The modules a process loads from `starts`, following import() everywhere but in the role loaders unless `allRoles`. */
function loaded(starts: string[], allRoles = false): string[] {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file) || !existsSync(resolve(root, file))) continue;
    seen.add(file);
    stack.push(...importsOf(file, allRoles || !roleLoaders.includes(file)));
  }
  return [...seen].sort();
}

const ofOtherRoles = (files: string[]) => files.filter((f) => otherRoles.some((o) => f === o || (o.endsWith('/') && f.startsWith(o))));

describe('a process loads the modules of its roles only', () => {
  it('an API process (sentral api) loads no chart, verb, actor host, outbox, dispatcher, runner or media node', () => {
    const api = loaded(['control/cli/main.ts', 'control/app/api-parts.ts']);
    // The whole API is there (its routes, the call requests): an empty closure would pass for the wrong reason.
    expect(api.filter((f) => f.startsWith('control/api/routes/')).length).toBeGreaterThan(30);
    expect(api).toContain('control/calls/requests/call-launcher.ts');
    expect(ofOtherRoles(api)).toEqual([]);
  });

  it('`sentral start` loads them all (the check sees what the role loaders import)', () => {
    const all = loaded(['control/cli/main.ts'], true);
    for (const o of ['control/calls/machines/call-machine.ts', 'control/calls/host/actor-host.ts', 'control/messaging/outbox/messaging-role.ts', 'control/events/dispatcher.ts', 'media/node/media-node.ts']) {
      expect(all).toContain(o);
    }
  });
});
