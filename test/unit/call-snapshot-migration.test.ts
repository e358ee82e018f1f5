import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CallUnderTest } from './call-harness.js';
import { runStep, scenarios, type SnapshotFixture } from './call-snapshot-scenarios.js';

const dir = new URL('./call-snapshots/', import.meta.url);

/**
 * Snapshots of live calls of every kind, written by the code before the participant, stream and command
 * charts (main at ab7cd30, by `record` in call-snapshot-scenarios.ts): restored by today's code, each call
 * goes on exactly as the code that wrote it did. A change to the stored format fails here, not in a live call.
 */
describe('live calls stored by an earlier version', () => {
  const fixtures = readdirSync(dir).map((file) => JSON.parse(readFileSync(new URL(file, dir), 'utf8')) as SnapshotFixture);

  it('there is a stored call for every scenario', () => {
    expect(fixtures.map((f) => f.name).sort()).toEqual(scenarios.map((s) => s.name).sort());
  });

  for (const fixture of fixtures) {
    it(`${fixture.name}: restores and goes on as before`, () => {
      const call = new CallUnderTest(null, { snapshot: fixture.snapshot, armed: new Map(fixture.armed), now: fixture.now });
      const effects = fixture.after.flatMap((step) => runStep(call, step));
      expect(JSON.parse(JSON.stringify(effects))).toEqual(fixture.effects);
    });
  }
});

describe('a command stored before its verb kept its state in a slot', () => {
  it('restores with the gather (or the recording id) in its slot, the old fields gone and its timer the verb\'s', () => {
    const stored = JSON.parse(readFileSync(new URL('gather-waiting.json', dir), 'utf8')) as SnapshotFixture;
    const call = new CallUnderTest(null, { snapshot: stored.snapshot, armed: new Map(stored.armed), now: stored.now });
    const gather = call.ctx.commands.find((c) => c.action === 'gather')!;
    expect(gather).not.toHaveProperty('gather');
    expect(gather).not.toHaveProperty('recordingId');
    expect(gather.slot).toMatchObject({ finishOnKey: '#', digits: expect.any(String) });
    expect((stored.snapshot as { context: { commands: object[] } }).context.commands[0]).toHaveProperty('gather');
    // The gather's wait was the core's timer kind gather; it is the verb's own now.
    expect(Object.values(call.ctx.timers)).toContainEqual({ kind: 'verb.gather', subjectId: 'cmd_g' });
  });
});

