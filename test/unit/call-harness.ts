import { createActor, type Actor, type SnapshotFrom } from 'xstate';
import type { CallActorEvent, CallActorInput, CallEffect, ParticipantLaunch, StreamLaunch } from '../../protocol/calls/call-actor.js';
import type { MediaOp } from '../../protocol/media/media-op.js';
import type { NumberRouting } from '../../protocol/api/admin.js';
import { callMachine } from '../../control/calls/host/machine-registry.js';
import type { CallContext, TimerKind } from '../../control/calls/context/call-context.js';
import { eventMismatch } from '../support/event-check.js';

/** Epoch ms the test calls start at. */
export const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
/** One minute in ms. */
export const MIN = 60_000;

/** The input of an outbound call to a phone, with a 10-minute reservation at 25 øre a minute; override what a test needs. */
export function phoneCall(overrides: Partial<CallActorInput> = {}): CallActorInput {
  return {
    callId: 'call_test',
    companyId: 'co_test',
    profileId: '6f1d7a52-3c7e-4b8e-9d51-1b2c3d4e5f60',
    mode: 'live',
    at: T0,
    media: { nodeId: 'node_a', roomUrl: 'ws://127.0.0.1:9/room' },
    to: '+4712345678',
    from: '+4787654321',
    primaryParticipantId: 'part_phone',
    conference: false,
    externalRef: 'order-42',
    metadata: { team: 'blue' },
    assignedTo: null,
    greeting: null,
    recording: null,
    stream: null,
    participants: [],
    charge: { reservationId: 'res_call', service: 'phone', reservedOre: 250, rateOre: 25, paidMinutes: 10 },
    ...overrides,
  };
}

/** The input of a call between app users only (no phone dialled). */
export function appCall(participants: ParticipantLaunch[], overrides: Partial<CallActorInput> = {}): CallActorInput {
  return phoneCall({
    to: null,
    from: null,
    primaryParticipantId: null,
    participants,
    charge: { reservationId: 'res_call', service: 'app', reservedOre: 100, rateOre: 10, paidMinutes: 10 },
    ...overrides,
  });
}

/** An app participant launch. */
export function app(id: string): ParticipantLaunch {
  return { participantId: id, kind: 'app', displayName: id, externalRef: `user-${id}`, charge: null };
}

/** A bot participant launch with its own reservation of `minutes` at 10 øre a minute. */
export function bot(id: string, minutes: number, reservationId: string | null = `res_${id}`): ParticipantLaunch {
  return {
    participantId: id,
    kind: 'bot',
    maxMinutes: minutes,
    charge: { reservationId, service: 'bot', reservedOre: reservationId === null ? 0 : minutes * 10, rateOre: reservationId === null ? 0 : 10, paidMinutes: minutes },
  };
}

/** A distributive Omit, so each event keeps its own fields. */
export type EventWithoutAt = CallActorEvent extends infer E ? (E extends unknown ? Omit<E, 'at'> : never) : never;

/**
 * A call actor under test: collects every emitted effect, keeps the armed durable timers as the host
 * would, and fires them on request, so a test reads like a call's life.
 */
export class CallUnderTest {
  /** The actor. */
  actor: Actor<typeof callMachine>;
  /** Every effect emitted since the start (or the restore). */
  readonly all: CallEffect[] = [];
  /** Durable timers armed and not cancelled: timerId → fireAt. */
  readonly armed = new Map<string, number>();
  /** The clock of the test (epoch ms); events are stamped with it. */
  now: number;

  constructor(
    input: CallActorInput | null,
    restore?: { snapshot: unknown; armed: Map<string, number>; now: number },
    /** The machine under test (a machine with more verbs, say); the call machine by default. */
    private readonly machine: typeof callMachine = callMachine,
  ) {
    this.now = input?.at ?? restore!.now;
    if (restore) for (const [k, v] of restore.armed) this.armed.set(k, v);
    this.actor = restore
      // A restored actor needs no input: its context comes from the snapshot.
      ? createActor(machine, { snapshot: restore.snapshot as SnapshotFrom<typeof callMachine>, input: undefined as unknown as CallActorInput })
      : createActor(machine, { input: input! });
    this.actor.on('*', (e) => this.collect(e));
    this.actor.start();
  }

  private collect(e: CallEffect): void {
    // Every event the machine records must match its schema in protocol/calls/call-events.ts: code and schema cannot drift.
    if (e.type === 'event.record') {
      const mismatch = eventMismatch(e.eventType, e.data);
      if (mismatch !== null) throw new Error(mismatch);
    }
    this.all.push(e);
    if (e.type === 'timer.set') this.armed.set(e.timerId, e.fireAt);
    if (e.type === 'timer.cancel') this.armed.delete(e.timerId);
  }

  /** Sends an event stamped with the test clock (moved forward to `at` when given); returns what it emitted. */
  send(event: EventWithoutAt, at?: number): CallEffect[] {
    if (at !== undefined) this.now = at;
    if (event.type === 'timer.fired') this.armed.delete(event.timerId);
    const from = this.all.length;
    this.actor.send({ ...event, at: this.now } as CallActorEvent);
    return this.all.slice(from);
  }

  /** Moves the clock to `at`, firing every armed timer due by then in deadline order (as the host would). */
  advanceTo(at: number): CallEffect[] {
    const from = this.all.length;
    for (;;) {
      const due = [...this.armed].filter(([, fireAt]) => fireAt <= at).sort((a, b) => a[1] - b[1])[0];
      if (!due) break;
      this.armed.delete(due[0]);
      this.now = Math.max(this.now, due[1]);
      this.actor.send({ type: 'timer.fired', timerId: due[0], at: this.now });
    }
    this.now = at;
    return this.all.slice(from);
  }

  /** The call's context now. */
  get ctx(): CallContext {
    return this.actor.getSnapshot().context;
  }

  /** The armed timer of a kind for a subject: its id and deadline. */
  timer(kind: TimerKind, subjectId: string): { timerId: string; fireAt: number } | undefined {
    const entry = Object.entries(this.ctx.timers).find(([, t]) => t.kind === kind && t.subjectId === subjectId);
    return entry ? { timerId: entry[0], fireAt: this.armed.get(entry[0])! } : undefined;
  }

  /** The persisted snapshot through JSON, and a new actor restored from it (the old one is stopped). */
  restart(): CallUnderTest {
    const snapshot = JSON.parse(JSON.stringify(this.actor.getPersistedSnapshot()));
    this.actor.stop();
    return new CallUnderTest(null, { snapshot, armed: this.armed, now: this.now }, this.machine);
  }
}

/** The recorded events of a list of effects (optionally of one type). */
export function recorded(effects: CallEffect[], eventType?: string): Array<{ eventType: string; data: Record<string, unknown> }> {
  return effects.flatMap((e) => (e.type === 'event.record' && (eventType === undefined || e.eventType === eventType) ? [e] : []));
}

/** The media ops of a list of effects (optionally of one op). */
export function ops(effects: CallEffect[], op?: MediaOp['op']): MediaOp[] {
  return effects.flatMap((e) => (e.type === 'media.op' && (op === undefined || e.op.op === op) ? [e.op] : []));
}

/** The replies in a list of effects. */
export function replies(effects: CallEffect[]): Array<{ body: any; status?: number }> {
  return effects.flatMap((e) => (e.type === 'reply' ? [e] : []));
}

/** The ledger moves in a list of effects. */
export function ledger(effects: CallEffect[]): CallEffect[] {
  return effects.filter((e) => e.type === 'ledger.capture' || e.type === 'ledger.release');
}

/** A stream launch as the API resolves it. */
export function streamLaunch(id: string, maxMinutes = 5, mode: 'live' | 'test' = 'live'): StreamLaunch {
  return {
    participantId: id,
    endpointId: 'ep_1',
    listenParticipantId: null,
    charge: mode === 'live' ? { reservationId: `res_${id}`, service: 'stream', reservedOre: maxMinutes * 5, rateOre: 5, paidMinutes: maxMinutes } : null,
    leg: {
      streamId: id, url: 'https://example.test/ws', secrets: ['whsec_abc'], accountSid: 'co_test', from: '+4787654321', to: '+4712345678',
      customParameters: {}, audio: 'talk' as const, maxMinutes, reconnect: true, test: mode === 'test',
    },
  };
}

/** The caller's participant id in `inboundCall`. */
export const CALLER = 'part_caller';

/** An inbound call from +442079460001 to +4723000001 on a number deciding within 10 s. */
export function inboundCall(options: { mode?: 'api' | 'routing'; routing?: NumberRouting | null } = {}): CallActorInput {
  return phoneCall({
    to: '+4723000001',
    from: '+442079460001',
    primaryParticipantId: CALLER,
    externalRef: null,
    metadata: {},
    assignedTo: 'seller-7',
    charge: { reservationId: null, service: 'inbound', reservedOre: 0, rateOre: 0, paidMinutes: 60 },
    inbound: {
      offerId: 'sim_1',
      carrier: 'sim',
      numberId: 'num_1',
      inboundMode: options.mode ?? 'api',
      decideWithinSeconds: 10,
      routing: options.routing === undefined ? { type: 'message', text: 'We are closed.' } : options.routing,
    },
  });
}

/**
 * Drives `inboundCall()` through `steps` in order (a fast-check ordering), `late` spacing them 5 s apart
 * instead of 100 ms: `deadline` runs the clock to decideBy, `hangup` hangs the caller up, any other step is
 * sent by `send`. Answers the steps whose request the call accepted as its decision, and the accepted ones.
 */
export function raceInbound<S extends string>(
  call: CallUnderTest,
  steps: readonly (S | 'deadline' | 'hangup')[],
  late: boolean,
  send: (step: S, at: number) => CallEffect[],
): { decisions: S[]; accepted: S[] } {
  let at = T0 + 1_000;
  const decisions: S[] = [];
  const accepted: S[] = [];
  for (const step of steps) {
    if (call.actor.getSnapshot().status === 'done') break;
    at += late ? 5_000 : 100;
    // An action after the decision (an offer after answer) is not a second decision.
    const decidedBefore = call.ctx.inbound!.window.phase === 'decided';
    if (step === 'deadline') call.advanceTo(Math.max(at, T0 + 10_000));
    else if (step === 'hangup') call.send({ type: 'leg.hungUp', legId: CALLER, reason: 'hung up' }, at);
    else {
      const reply = replies(send(step as S, at))[0];
      if (reply !== undefined && !('error' in reply.body)) {
        accepted.push(step as S);
        if (!decidedBefore) decisions.push(step as S);
      }
    }
    at = Math.max(at, call.now);
  }
  return { decisions, accepted };
}
