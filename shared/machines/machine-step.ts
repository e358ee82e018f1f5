import { transition, type AnyStateMachine, type EventFromLogic } from 'xstate';

// The one idiom for a small state machine: an xstate chart whose actions emit, as events, the effects its
// host carries out (the machine decides; the host does the I/O). A chart is stepped as a stored record, or,
// when its moves depend on nothing but the state and the event's type, through a remembered table.

/**
 * One step of a chart kept as a stored record (an offer, a transfer, a command, a participant, a campaign:
 * the record's `state` is the chart's state and the record is its context): the record after the event and
 * the events the chart emitted, in order. An event the chart does not take gives the same record object
 * back and no effects.
 */
export function stepStored<R extends { state: string }, F>(machine: AnyStateMachine, record: R, event: EventFromLogic<AnyStateMachine>): { record: R; effects: F[] } {
  const [next, executed] = transition(machine, machine.resolveState({ value: record.state, context: record }), event);
  if (next === undefined || (next.value === record.state && next.context === record)) return { record, effects: [] };
  return { record: { ...(next.context as R), state: next.value as R['state'] }, effects: emitted<F>(executed) };
}

/** A step of a chart without context or guards: the next state and the emitted effects, or null when the event is not taken. */
export type PlainStep<F> = (state: string, eventType: string) => { state: string; effects: F[] } | null;

/**
 * Steps a chart whose moves depend only on the state and the event's type (no context, no guards) and
 * remembers each answer: a hot path (every message of a campaign moves several times) pays xstate's
 * ~15 µs a step once per (state, event type) instead of at every move.
 */
export function plainStepper<F>(machine: AnyStateMachine): PlainStep<F> {
  const known = new Map<string, { state: string; effects: F[] } | null>();
  return (state, eventType) => {
    const key = `${state}\u0000${eventType}`;
    if (known.has(key)) return known.get(key)!;
    const snapshot = machine.resolveState({ value: state, context: {} });
    let answer: { state: string; effects: F[] } | null = null;
    if (snapshot.can({ type: eventType })) {
      const [next, executed] = transition(machine, snapshot, { type: eventType });
      answer = { state: next.value as string, effects: emitted<F>(executed) };
    }
    known.set(key, answer);
    return answer;
  };
}

// The events a step emitted (its `emit` actions), in order.
function emitted<F>(executed: readonly unknown[]): F[] {
  return (executed as { type: string; params?: unknown }[]).flatMap((a) => (a.type === 'xstate.emit' ? [(a.params as { event: F }).event] : []));
}
