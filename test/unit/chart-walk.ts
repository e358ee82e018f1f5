import type { AnyStateMachine, EventObject } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';

/** A chart's transitions as drawn: `source --event--> target` (a targetless one stays where it is). */
export function drawnTransitions(machine: AnyStateMachine): Set<string> {
  const drawn = new Set<string>();
  for (const [name, node] of Object.entries(machine.root.states)) {
    for (const [event, defs] of node.transitions) for (const def of defs) drawn.add(`${name} --${event}--> ${def.target?.[0]?.key ?? name}`);
  }
  return drawn;
}

/**
 * Walks a chart with xstate/graph from `input` over `events`: the states it reaches and the transitions it
 * takes. A step that changed nothing is a refused event (a guard said no), not a drawn transition.
 */
export function walk(machine: AnyStateMachine, events: readonly EventObject[], input: unknown, into = { states: new Set<string>(), taken: new Set<string>() }): { states: Set<string>; taken: Set<string> } {
  for (const { state, transitions } of Object.values(getAdjacencyMap(machine, { events, input }))) {
    into.states.add(String(state.value));
    for (const { event, state: next } of Object.values(transitions) as { event: EventObject; state: typeof state }[]) {
      if (next.value === state.value && JSON.stringify(next.context) === JSON.stringify(state.context)) continue;
      into.taken.add(`${String(state.value)} --${event.type}--> ${String(next.value)}`);
    }
  }
  return into;
}
