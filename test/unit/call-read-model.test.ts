import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

/**
 * The files that may touch actor_snapshots: the host's store, the sweeper marking a call as never started,
 * and the read model's backfill of calls committed before it existed.
 */
const SNAPSHOT_TABLE_USERS = ['control/calls/host/actor-store.ts', 'control/calls/host/reservation-sweeper.ts', 'control/calls/store/call-views.ts'];

function controlSources(): Array<{ path: string; text: string }> {
  return readdirSync(join(root, 'control'), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name))
    .map((file) => ({ path: relative(root, file).split(sep).join('/'), text: readFileSync(file, 'utf8') }));
}

describe('the API reads calls from the read model, never from a snapshot', () => {
  it('no SQL in control/ looks inside a snapshot (snapshot -> …)', () => {
    const offenders = controlSources().filter((f) => /snapshot\s*->/.test(f.text)).map((f) => f.path);
    expect(offenders).toEqual([]);
  });

  it('only the host store, the sweeper and the read model\'s backfill name actor_snapshots', () => {
    const users = controlSources().filter((f) => f.text.includes('actor_snapshots')).map((f) => f.path).sort();
    expect(users).toEqual(SNAPSHOT_TABLE_USERS);
  });

  it('routes and reads never see the machine\'s private context', () => {
    const readers = controlSources().filter((f) => f.path.startsWith('control/api/') || ['control/calls/requests/call-reads.ts', 'control/calls/requests/call-additions.ts'].includes(f.path));
    expect(readers.length).toBeGreaterThan(10);
    expect(readers.filter((f) => /machines\/call-context\.js|CallContext/.test(f.text)).map((f) => f.path)).toEqual([]);
  });
});
