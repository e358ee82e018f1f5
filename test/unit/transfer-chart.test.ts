import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { getAdjacencyMap, getSimplePaths } from 'xstate/graph';
import { openTransfer, stepTransfer, transferMachine, type TransferAction, type TransferEvent, type TransferKind, type TransferRecord } from '../../control/calls/machines/transfer-machine.js';

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

/** The chart's transitions as drawn: source, event and target (a targetless one stays where it is). */
function drawnTransitions(): Set<string> {
  const drawn = new Set<string>();
  for (const [name, node] of Object.entries(transferMachine.root.states)) {
    for (const [event, defs] of node.transitions) for (const def of defs) drawn.add(`${name} --${event}--> ${def.target?.[0]?.key ?? name}`);
  }
  return drawn;
}

describe('the transfer chart, walked by xstate/graph', () => {
  it('reaches every state and takes every drawn transition (cold and warm together)', () => {
    const states = new Set<string>();
    const taken = new Set<string>();
    for (const kind of ['cold', 'warm'] as const) {
      // The walk's logic typed loosely: getAdjacencyMap's types do not take a machine with typed emitted events.
      const map = getAdjacencyMap(transferMachine as AnyStateMachine, { events, input: opened(kind) });
      for (const { state, transitions } of Object.values(map)) {
        states.add(String(state.value));
        for (const { event, state: next } of Object.values(transitions) as { event: TransferEvent; state: typeof state }[]) {
          if (next.value === state.value && JSON.stringify(next.context) === JSON.stringify(state.context)) continue;
          taken.add(`${String(state.value)} --${event.type}--> ${String(next.value)}`);
        }
      }
    }
    expect([...states].sort()).toEqual(['cancelled', 'completed', 'failed', 'ringing', 'talking']);
    expect([...taken].sort()).toEqual([...drawnTransitions()].sort());
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
