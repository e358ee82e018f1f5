import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { drawnTransitions, walk } from './chart-walk.js';
import { commandMachine, stepCommand, type CommandEffect, type CommandEvent } from '../../control/calls/machines/command-machine.js';
import type { CommandRecord } from '../../control/calls/context/call-context.js';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

/** Every kind of event a command meets. */
const events: CommandEvent[] = [
  { type: 'op.result', ok: true, code: 'media_error', at: T0 + 1_000 },
  { type: 'op.result', ok: false, code: 'media_error', at: T0 + 1_500 },
  { type: 'timeout', at: T0 + 2_000 },
  { type: 'finish', outcome: 'completed', reason: null, at: T0 + 3_000 },
  { type: 'finish', outcome: 'failed', reason: 'gather_in_progress', at: T0 + 3_500 },
  { type: 'finish', outcome: 'uncertain', reason: 'media_unresponsive', at: T0 + 4_000 },
];

function issued(fields: Partial<CommandRecord>): CommandRecord {
  return {
    id: 'cmd_1', action: 'say', state: 'issued', reason: null, issuedAt: T0, finishedAt: null, opId: 'op_1', acked: false,
    playback: true, resultWindowMs: 10_000, slot: null, charge: null, ...fields,
  };
}

/** A say (acknowledged, then its playback ends), a media.stop (done on acknowledgement), and a gather with no question (nothing to acknowledge). */
const commands = [issued({}), issued({ action: 'media.stop', playback: false }), issued({ action: 'gather', opId: null, acked: true, playback: false })];

describe('the command chart, walked by xstate/graph', () => {
  it('reaches every state and takes every drawn transition', () => {
    let walked = { states: new Set<string>(), taken: new Set<string>() };
    for (const c of commands) walked = walk(commandMachine as AnyStateMachine, events, c, walked);
    expect([...walked.states].sort()).toEqual(['completed', 'failed', 'issued', 'uncertain']);
    expect([...walked.taken].sort()).toEqual([...drawnTransitions(commandMachine as AnyStateMachine)].sort());
  });

  it('on every path: exactly one outcome recorded once it settles, nothing after it, its timers cancelled at the outcome', () => {
    for (const start of commands) {
      for (const path of getSimplePaths(commandMachine as AnyStateMachine, { events, input: start })) {
        let c = start;
        const effects: CommandEffect[] = [];
        for (const { event } of path.steps.slice(1)) {
          const settled = c.state !== 'issued';
          const step = stepCommand(c, event as CommandEvent);
          if (settled) expect(step).toEqual({ command: c, effects: [] });
          effects.push(...step.effects);
          c = step.command;
        }
        expect(c.state).toBe(path.state.value);
        const records = effects.filter((e) => e.type === 'record');
        if (c.state === 'issued') {
          expect(records).toEqual([]);
          continue;
        }
        expect(records).toEqual([{ type: 'record', outcome: c.state, reason: c.reason }]);
        expect(effects.at(-1)).toEqual(records[0]);
        expect(effects.at(-2)).toEqual({ type: 'cancelTimers' });
        expect(c.finishedAt).not.toBeNull();
        if (path.steps.at(-1)!.event.type === 'timeout') expect(c.reason).toBe('media_unresponsive');
      }
    }
  });

  it('a playback acknowledged arms its result deadline from the acknowledgement; a second answer from the node changes nothing', () => {
    const acked = stepCommand(issued({}), { type: 'op.result', ok: true, code: 'media_error', at: T0 + 1_000 });
    expect(acked.command).toMatchObject({ state: 'issued', acked: true });
    expect(acked.effects).toEqual([{ type: 'cancelTimers', kinds: ['commandAck'] }, { type: 'setTimer', kind: 'commandResult', fireAt: T0 + 11_000 }]);
    expect(stepCommand(acked.command, { type: 'op.result', ok: false, code: 'media_error', at: T0 + 2_000 }).effects).toEqual([]);
  });
});
