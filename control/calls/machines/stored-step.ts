import { transition, type AnyStateMachine, type EventFromLogic } from 'xstate';

/**
 * One step of a chart kept as a stored record (an offer, a transfer, a command, a participant: the record's
 * `state` is the chart's state and the record is its context): the record after the event and the events the
 * chart emitted, in order. An event the chart does not take gives the record back unchanged and no effects.
 */
export function stepStored<R extends { state: string }, F>(machine: AnyStateMachine, record: R, event: EventFromLogic<AnyStateMachine>): { record: R; effects: F[] } {
  const [next, executed] = transition(machine, machine.resolveState({ value: record.state, context: record }), event);
  if (next === undefined || (next.value === record.state && next.context === record)) return { record, effects: [] };
  const effects = (executed as { type: string; params?: unknown }[]).flatMap((a) => (a.type === 'xstate.emit' ? [(a.params as { event: F }).event] : []));
  return { record: { ...(next.context as R), state: next.value as R['state'] }, effects };
}
