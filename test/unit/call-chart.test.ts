import { describe, expect, it } from 'vitest';
import { createActor, transition, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type AnyTransitionDefinition, type EventObject, type InspectionEvent } from 'xstate';
import { getAdjacencyMap, getSimplePaths } from 'xstate/graph';
import type { CallActorEvent, CallActorInput, CallEffect } from '../../protocol/calls/call-actor.js';
import { callMachine } from '../../control/calls/host/machine-registry.js';
import type { CallContext } from '../../control/calls/context/call-context.js';
import { app, appCall, CALLER, inboundCall, phoneCall, T0 } from './call-harness.js';

const machine = callMachine as AnyStateMachine;

/** The leaf state of a snapshot as a dotted path (`live.ringing`, `ending`). */
function valueOf(state: AnyMachineSnapshot): string {
  const value = state.value as string | Record<string, string>;
  return typeof value === 'string' ? value : Object.entries(value).map(([k, v]) => `${k}.${v}`).join();
}

/** A transition of the chart as `source --event [guard]--> target` (eventless ones as `always`). */
function named(t: AnyTransitionDefinition): string {
  const path = (node: AnyStateNode) => node.path.join('.');
  const guard = typeof t.guard === 'string' ? t.guard : (t.guard as { type?: string } | undefined)?.type;
  return `${path(t.source)} --${t.eventType === '' ? 'always' : t.eventType}${guard ? ` [${guard}]` : ''}--> ${t.target?.length ? path(t.target[0]!) : '(stays)'}`;
}

/** Whether the walk must take a transition: one that changes the state, or a guarded eventless one (a follow-up that stays). */
const mustTake = (t: AnyTransitionDefinition): boolean => Boolean(t.target?.length) || t.eventType === '';

/** Every transition drawn in the chart that changes the state or follows any step (the actions-only ones that take an event and stay are not). */
function drawnTargeted(node: AnyStateNode = machine.root): Set<string> {
  const drawn = new Set<string>();
  for (const t of [...node.always ?? [], ...[...node.transitions.values()].flat()]) if (mustTake(t)) drawn.add(named(t));
  for (const child of Object.values(node.states)) for (const t of drawnTargeted(child)) drawn.add(t);
  return drawn;
}

/**
 * Events every call meets, for the call as it stands: its phone's leg events, an app user's connection and
 * drop, the hang-up, a read, the media lost, each armed timer firing and each pending recording reported.
 */
function eventsFor(state: AnyMachineSnapshot): CallActorEvent[] {
  const c = state.context as CallContext;
  const at = Math.max(c.createdAt, c.answeredAt ?? 0, c.endedAt ?? 0) + 1_000;
  const events: CallActorEvent[] = [{ type: 'call.get', at }, { type: 'call.hangup', at }, { type: 'call.mediaLost', reason: 'media_lost', at }];
  for (const p of c.participants) {
    if (p.state === 'left') continue;
    if (p.kind === 'phone') {
      events.push({ type: 'leg.ringing', legId: p.id, at }, { type: 'leg.answered', legId: p.id, at }, { type: 'leg.hungUp', legId: p.id, reason: 'bye', at });
    } else {
      events.push({ type: 'participant.connected', legId: p.id, at }, { type: 'participant.disconnected', legId: p.id, clean: true, at } as CallActorEvent);
    }
  }
  for (const timerId of Object.keys(c.timers)) events.push({ type: 'timer.fired', timerId, at });
  for (const r of c.recordingsPending) events.push({ type: 'recording.ready', commandId: r.commandId, recordingId: r.recordingId, durationMs: 1_000, at } as CallActorEvent);
  return [...events, ...followUpEvents(c, at)];
}

/**
 * What makes the follow-ups due: a played message (a voicemail drop's, an inbound routing's), a detection
 * deciding on a machine and its greeting ending, and a caller still awaiting its decision moved into a room.
 */
function followUpEvents(c: CallContext, at: number): CallActorEvent[] {
  const events: CallActorEvent[] = [];
  for (const cmd of c.commands) if (cmd.state === 'issued' && cmd.playback) events.push({ type: 'playback.ended', commandId: cmd.id, outcome: 'completed', at } as CallActorEvent);
  const amd = c.amd;
  if (amd && c.primaryId !== null && amd.state === 'detecting') events.push({ type: 'amd.decided', commandId: amd.commandId, legId: c.primaryId, result: 'machine', reason: 'long_greeting', ms: 3_000, at });
  if (amd && c.primaryId !== null && amd.state === 'waiting') events.push({ type: 'amd.greetingEnded', commandId: amd.commandId, legId: c.primaryId, by: 'beep', ms: 6_000, at });
  const inbound = c.inbound;
  if (inbound?.window.phase === 'routed' && inbound.routeTargets.length === 0 && inbound.messageCommandId === null) {
    // The host reserved the routing's money: the routing runs (a message plays, a forward dials).
    const charge = { reservationId: 'res_answer', service: 'inbound', reservedOre: 900, rateOre: 15, paidMinutes: 60 };
    events.push({ type: 'inbound.routingCharged', charge, forwardCharge: { ...charge, reservationId: 'res_fwd', service: 'phone' }, at } as CallActorEvent);
  }
  if (inbound?.window.phase === 'awaiting_decision') {
    const into = { callId: 'call_room', participantId: 'part_link', url: 'ws://node-b/room', token: 'tok' };
    events.push({ type: 'call.move', into, answerCharge: { reservationId: 'res_answer', service: 'inbound', reservedOre: 900, rateOre: 15, paidMinutes: 60 }, at } as CallActorEvent);
  }
  return events;
}

/** A target for the handovers the walk starts: one phone, with its own reservation. */
const handoverTarget = { participantId: 'part_target', kind: 'phone', to: '+4790000009', charge: { reservationId: 'res_target', service: 'phone', reservedOre: 250, rateOre: 25, paidMinutes: 10 } } as const;

/**
 * What starts a handover, for the walk of their follow-up: an offer to an inbound caller still awaiting its
 * decision (ringing), a cold transfer of an answered call; once, so the walk stays small.
 */
function handoverEvents(state: AnyMachineSnapshot): CallActorEvent[] {
  const c = state.context as CallContext;
  const at = Math.max(c.createdAt, c.answeredAt ?? 0, c.endedAt ?? 0) + 1_000;
  if (c.offer || c.transfer) return eventsFor(state);
  const answerCharge = { reservationId: 'res_answer', service: 'inbound', reservedOre: 900, rateOre: 15, paidMinutes: 60 };
  const start: CallActorEvent[] = [];
  if (c.inbound?.window.phase === 'awaiting_decision') start.push({ type: 'call.offer', offerId: 'ofr_1', targets: [handoverTarget], timeoutSeconds: 30, answerCharge, at } as CallActorEvent);
  if (c.inbound === null && c.status === 'in_progress') start.push({ type: 'call.transfer', transferId: 'xfer_1', kind: 'cold', target: handoverTarget, timeoutSeconds: 30, at } as CallActorEvent);
  return [...eventsFor(state), ...start];
}

/**
 * A call's state for the walk: the chart's state and what its guards read (participants' states, a requested
 * end, recordings pending; for the follow-ups the commands' states, the detection's and the routing's answer).
 */
function serializeState(state: AnyMachineSnapshot): string {
  const c = state.context as CallContext;
  const followUps = [c.commands.map((m) => m.state), c.amd?.state ?? null, c.inbound?.answerSent ?? null, c.inbound?.routeTargets.length ?? null, c.moved !== null && c.moved !== undefined, c.offer?.state ?? null, c.transfer?.state ?? null];
  return JSON.stringify([valueOf(state), c.participants.map((p) => p.state), c.endReason !== null, c.recordingsPending.length, c.status, ...followUps]);
}

/** A phone call recording from its answer, an app-only call of two, and an inbound call waiting for its decision. */
const inputs: CallActorInput[] = [
  phoneCall({ recording: { commandId: 'cmd_rec', recordingId: 'rec_1' } }),
  appCall([app('part_a'), app('part_b')]),
  inboundCall(),
];

/** Calls whose follow-ups the walk takes too: a voicemail drop, an inbound routing's message and its forward to a phone (the handovers' below). */
const followUpInputs: CallActorInput[] = [
  phoneCall({ amd: { mode: 'voicemail_drop', commandId: 'cmd_amd', messageCommandId: 'cmd_vm', text: 'Please call us back.' } }),
  inboundCall({ mode: 'routing' }),
  inboundCall({ mode: 'routing', routing: { type: 'forward', to: '+442079460001' } }),
];

/** Calls whose handovers the walk takes: an inbound caller offered while it rings, an answered call transferred. */
const handoverInputs: CallActorInput[] = [inboundCall(), phoneCall()];

/** The chart's transitions an actor takes from `snapshot` on `event` (or from its start), read with XState's inspection. */
function transitionsTaken(input: CallActorInput, snapshot?: AnyMachineSnapshot, event?: EventObject): string[] {
  const taken: string[] = [];
  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.microstep') for (const t of (e as { _transitions: AnyTransitionDefinition[] })._transitions) if (mustTake(t)) taken.push(named(t));
  };
  const actor = snapshot
    ? createActor(machine, { snapshot: machine.getPersistedSnapshot(snapshot), input, inspect })
    : createActor(machine, { input, inspect });
  actor.start();
  if (event) actor.send(event);
  actor.stop();
  return taken;
}

describe('the call chart, walked by xstate/graph', () => {
  it('reaches every state and takes every drawn transition that changes the state, and every follow-up', () => {
    const states = new Set<string>();
    const taken = new Set<string>();
    const walks = [...[...inputs, ...followUpInputs].map((input) => ({ input, events: eventsFor })), ...handoverInputs.map((input) => ({ input, events: handoverEvents }))];
    for (const { input, events } of walks) {
      for (const t of transitionsTaken(input)) taken.add(t);
      for (const { state, transitions } of Object.values(getAdjacencyMap(machine, { events, input, serializeState }))) {
        states.add(valueOf(state));
        if (state.status === 'done') continue;
        for (const { event } of Object.values(transitions) as { event: EventObject }[]) for (const t of transitionsTaken(input, state, event)) taken.add(t);
      }
    }
    expect([...states].sort()).toEqual(['ended', 'ending', 'live.dialing', 'live.in_progress', 'live.ringing']);
    expect([...taken].sort()).toEqual([...drawnTargeted()].sort());
  });

  it('names every event a call takes, each with its action, while live and after the end', () => {
    const live = machine.root.states.live!;
    const ending = machine.root.states.ending!;
    for (const type of ['call.hangup', 'command.say', 'participant.add', 'leg.answered', 'playback.ended', 'media.op.result', 'timer.fired', 'call.mediaLost', 'actor.message.failed']) {
      expect(live.transitions.get(type)?.[0]?.actions.length, `live takes ${type}`).toBe(1);
    }
    for (const type of ['call.get', 'command.say', 'participant.add', 'recording.ready', 'media.op.result', 'timer.fired', 'call.mediaLost']) {
      expect(ending.transitions.get(type)?.[0]?.actions.length, `ending takes ${type}`).toBe(1);
    }
    // A type no list names reaches a verb only when it names a command.
    expect(live.transitions.get('*')?.[0]?.guard).toBe('namesCommand');
  });

  it('on every path: call.ended is recorded once, when the call ends, and nothing happens after it is done', () => {
    for (const input of inputs) {
      // A path joins states the walk told apart only by serializeState: each step is taken from the state
      // the walk explored under that key, whose context the step's event was made for.
      const explored = getAdjacencyMap(machine, { events: eventsFor, input, serializeState }) as unknown as Record<string, { state: AnyMachineSnapshot }>;
      const emitted = (from: AnyMachineSnapshot, event: EventObject): CallEffect[] => {
        const [, actions] = transition(machine, explored[serializeState(from)]!.state, event);
        return (actions as { type: string; params?: unknown }[]).flatMap((a) => (a.type === 'xstate.emit' ? [(a.params as { event: CallEffect }).event] : []));
      };
      for (const path of getSimplePaths(machine, { events: eventsFor, input, serializeState })) {
        const effects: CallEffect[] = [];
        path.steps.slice(1).forEach(({ event }, i) => {
          const from = path.steps[i]!.state;
          const step = emitted(from, event);
          if (from.status === 'done') expect(step).toEqual([]);
          effects.push(...step);
        });
        const value = valueOf(path.state);
        const ended = effects.filter((e) => e.type === 'event.record' && e.eventType === 'call.ended').length;
        expect(ended, path.steps.map((s) => s.event.type).join(' ')).toBe(value === 'ending' || value === 'ended' ? 1 : 0);
      }
    }
  });
});

describe('the call chart for an inbound caller', () => {
  it('rings from its start and is in progress once answered', () => {
    const actor = createActor(callMachine, { input: inboundCall() }).start();
    expect(valueOf(actor.getSnapshot())).toBe('live.ringing');
    expect(actor.getSnapshot().context.participants.find((p) => p.id === CALLER)?.state).toBe('ringing');
    actor.send({ type: 'call.hangup', at: T0 + 1_000 });
    expect(valueOf(actor.getSnapshot())).toBe('ended');
  });
});
