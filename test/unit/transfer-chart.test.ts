import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getSimplePaths } from 'xstate/graph';
import { drawnTransitions, walk } from './chart-walk.js';
import { openTransfer, stepTransfer, transferMachine, type TransferAction, type TransferEvent } from '../../control/calls/machines/transfer-machine.js';
import type { TransferKind, TransferRecord } from '../../control/calls/context/handover-records.js';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

/** Every kind of event a transfer meets, with two operators. */
const events: TransferEvent[] = [
  { type: 'target.answered', at: T0 + 1_000 },
  { type: 'target.gone', failure: 'busy', at: T0 + 2_000 },
  { type: 'operator.gone', participantId: 'part_op1', at: T0 + 3_000 },
  { type: 'operator.gone', participantId: 'part_op2', at: T0 + 3_500 },
  { type: 'caller.gone', at: T0 + 4_000 },
  { type: 'complete', at: T0 + 5_000 },
  { type: 'cancel', at: T0 + 6_000 },
  { type: 'call.ended', at: T0 + 7_000 },
];

function opened(kind: TransferKind): TransferRecord {
  return openTransfer({ id: 'xfer_1', kind, callerId: 'part_caller', operatorIds: ['part_op1', 'part_op2'], targetId: 'part_target' }, T0).transfer;
}

describe('the transfer chart, walked by xstate/graph', () => {
  it('reaches every state and takes every drawn transition (cold and warm together)', () => {
    // The chart typed loosely: xstate/graph's types do not take a machine with typed emitted events.
    const walked = walk(transferMachine as AnyStateMachine, events, opened('cold'));
    const { states, taken } = walk(transferMachine as AnyStateMachine, events, opened('warm'), walked);
    expect([...states].sort()).toEqual(['cancelled', 'completed', 'failed', 'ringing', 'talking']);
    expect([...taken].sort()).toEqual([...drawnTransitions(transferMachine as AnyStateMachine)].sort());
  });

  it('on every path: one outcome event at most, the caller never left on hold once settled, operators leave only on completion', () => {
    for (const kind of ['cold', 'warm'] as const) {
      for (const path of getSimplePaths(transferMachine as AnyStateMachine, { events, input: opened(kind) })) {
        let t = opened(kind);
        const actions: TransferAction[] = kind === 'warm' ? [{ type: 'hold', participantId: 'part_caller', held: true }] : [];
        for (const { event } of path.steps.slice(1)) {
          const settled = t.state !== 'ringing' && t.state !== 'talking';
          const step = stepTransfer(t, event as TransferEvent);
          if (settled) expect(step.actions).toEqual([]);
          actions.push(...step.actions);
          t = step.transfer;
        }
        expect(t.state).toBe(path.state.value);
        const outcomes = actions.filter((a) => a.type === 'event' && a.eventType !== 'call.transfer.answered');
        expect(outcomes.length).toBeLessThanOrEqual(1);
        const holds = actions.filter((a) => a.type === 'hold');
        // A warm transfer that settled (other than by the call ending or the caller leaving) takes the caller off hold.
        if (kind === 'warm' && (t.state === 'completed' || t.state === 'failed' || t.reason === 'api')) expect(holds.at(-1)).toMatchObject({ held: false });
        const transferred = actions.filter((a) => a.type === 'stop' && a.reason === 'transferred');
        if (t.state !== 'completed') expect(transferred).toEqual([]);
      }
    }
  });
});
