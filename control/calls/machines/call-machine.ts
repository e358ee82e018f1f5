import { enqueueActions, setup } from 'xstate';
import type { CallActorEvent, CallActorInput, CallEffect } from '../../../protocol/calls/call-actor.js';
import type { CallEndReason } from '../../../protocol/calls/call.js';
import { COMMAND_MEDIA_EVENT_TYPES, LEG_MEDIA_EVENT_TYPES } from '../../../protocol/media/media-event.js';
import type { CallContext, ParticipantRecord } from '../context/call-context.js';
import { CallDraft } from '../context/call-draft.js';
import { callBody } from '../context/reply-bodies.js';
import { isPerson, isPresent } from '../context/participant-records.js';
import { upgradeCallSnapshot } from '../context/stored-calls.js';
import { handoversBehind, movedLinkGone, routingDue, transcriptionsSettled, voicemailPlayed } from '../context/call-facts.js';
import type { VerbPort } from '../context/verb-port.js';

/** XState's first event, which carries the input (the entry of the first state runs with it). */
export type InitEvent = { type: 'xstate.init'; input: CallActorInput };
type AnyCallEvent = CallActorEvent | InitEvent;

// Handlers take their own event (the transition that names them is taken only for it): the chart, not the
// handler, says which event reaches which handler.
export type Handler = (d: CallDraft, e: never) => void;

/** The actions the chart names whose handlers the call's behaviour gives it. */
const HANDLED = [
  'launch', 'answer', 'finish', 'endAsVoicemailLeft', 'endAsMovedCallEnded', 'endAsRoutingEnded', 'endAsTargetsGone', 'answerRoutedCaller',
  'followHandovers', 'replyCall', 'updateMetadata', 'addParticipant', 'updateParticipant', 'removeParticipant', 'renewParticipantToken', 'linkMovedCaller',
  'replyStream', 'replyCommand', 'decideVerb', 'takeRoutingCharge', 'takeKey', 'takeOpResult', 'takeDetection', 'takeSegments',
  'endTranscription', 'takeCommandEvent', 'takeLegEvent', 'fireTimer', 'loseMedia', 'failCommandRequest',
  'readCallAfterEnd', 'updateMetadataAfterEnd', 'replyStreamAfterEnd', 'replyCommandAfterEnd', 'refuseDecisionAfterEnd', 'refuseAfterEnd',
  'decideVerbAfterEnd', 'releaseRoutingCharge', 'takeLateOpResult', 'takeLateSegments', 'endTranscriptionAfterEnd', 'takeLateCommandEvent',
  'fireEndedTimer', 'loseMediaAfterEnd',
] as const;

/** An action whose handler the call's behaviour gives. */
export type HandledAction = (typeof HANDLED)[number];

/**
 * What the call does, given to its chart (control/calls/call/call-behaviour.ts): its first context and the
 * handler of each action the chart names. The chart says which event or fact (context/call-facts.ts) reaches
 * which handler; the behaviour, what the handler does.
 */
export interface CallBehaviour {
  initialContext(input: CallActorInput): CallContext;
  handlers: Record<HandledAction, Handler>;
}

function atOf(event: AnyCallEvent): number {
  return event.type === 'xstate.init' ? event.input.at : event.at;
}

function primary(context: CallContext): ParticipantRecord | undefined {
  return context.primaryId === null ? undefined : context.participants.find((p) => p.id === context.primaryId);
}

/** Why the call ends when its dialled phone is gone. */
function endFromPrimary(p: ParticipantRecord): CallEndReason {
  switch (p.leftReason) {
    case 'busy':
    case 'no_answer':
    case 'failed':
      return p.leftReason;
    case 'removed':
      return 'hangup_api';
    case 'paid_time_exhausted':
      return 'paid_time_exhausted';
    default:
      return 'hangup_phone';
  }
}

/** The creation answers with the call as it stands once the first state is entered. */
function replyOnCreate(d: CallDraft, e: AnyCallEvent): void {
  if (e.type !== 'xstate.init') return;
  if (d.ctx.status === 'dialing' && d.ctx.primaryId === null) return; // passes on to in_progress, which answers
  d.reply(callBody(d.ctx), 201);
}

function setEndFromPrimary(d: CallDraft): void {
  const p = primary(d.ctx);
  if (p) d.ctx.endReason ??= endFromPrimary(p);
}

/** The name of one of the call's actions. */
type CallActionName = keyof ReturnType<typeof callActions>;
/** How the chart takes one event type: with an action, when a guard allows. */
type Taking = { actions: CallActionName; guard?: keyof ReturnType<typeof callGuards> };
/** The events a state takes: event types are read off the registry and the protocol, so the keys are strings. */
type EventMap = Record<string, Taking>;

/** Each event type with the action that takes it. */
function taking(types: readonly string[], action: CallActionName): EventMap {
  return Object.fromEntries(types.map((type) => [type, { actions: action }]));
}

/** A named action: the handler runs on a draft of the context, which is then assigned and its effects emitted in order. */
function draftAction(verbs: VerbPort, run: Handler) {
  return enqueueActions<CallContext, CallActorEvent, undefined, CallActorEvent, never, never, never, never, CallEffect>(({ context, event: received, enqueue }) => {
    // The entry of the first state runs with XState's init event, which carries the input.
    const event = received as AnyCallEvent;
    const d = new CallDraft(context, atOf(event), verbs);
    (run as (d: CallDraft, e: AnyCallEvent) => void)(d, event);
    enqueue.assign(() => d.ctx);
    for (const effect of d.effects) enqueue.emit(effect);
  });
}

/** The call's named guards: each reads the facts its context records. */
function callGuards() {
  return {
    endRequested: ({ context }) => context.endReason !== null,
    noPrimary: ({ context }) => context.primaryId === null,
    primaryRinging: ({ context }) => primary(context)?.state === 'ringing',
    primaryJoined: ({ context }) => {
      const s = primary(context)?.state;
      return s === 'joined' || s === 'reconnecting';
    },
    primaryLeft: ({ context }) => primary(context)?.state === 'left',
    /** A plain (not conference) call with a dialled phone ends when that phone is gone. */
    primaryGone: ({ context }) => !context.conference && primary(context)?.state === 'left',
    /** A conference or a call without a dialled phone ends when no person (phone or app) is left in it. */
    noPersonLeft: ({ context }) =>
      (context.conference || context.primaryId === null) && !context.participants.some((p) => isPerson(p) && isPresent(p)),
    recordingsSettled: ({ context }) => context.recordingsPending.length === 0 && transcriptionsSettled(context),
    /** A voicemail drop's message has played out (or could not): the call ends (voicemail_left). */
    voicemailPlayed: ({ context }) => voicemailPlayed(context),
    /** A moved caller's link is gone (not moved on): the call ends (moved_call_ended). */
    movedLinkGone: ({ context }) => movedLinkGone(context),
    /** An inbound routing's message has played: the call ends (routing_ended). */
    routingMessagePlayed: ({ context }) => routingDue(context) === 'messagePlayed',
    /** A routing target joined while the caller rings: the caller is answered. */
    routingTargetJoined: ({ context }) => routingDue(context) === 'answerCaller',
    /** Every routing target is gone: the call ends as the last did. */
    routingTargetsGone: ({ context }) => routingDue(context) === 'targetsGone',
    /** A running offer or transfer has news: a participant of theirs joined or left, or the call ended. */
    handoversBehind: ({ context }) => handoversBehind(context),
    /** An event of a type the chart does not name that names a command: a verb's own media event. */
    namesCommand: ({ event }) => typeof (event as { commandId?: unknown }).commandId === 'string',
  } satisfies Record<string, (args: { context: CallContext; event: CallActorEvent }) => boolean>;
}

/** The call's named actions: its lifecycle's entry actions, then what takes each event while live and after the end. */
function callActions(verbs: VerbPort, behaviour: CallBehaviour) {
  const act = (run: Handler) => draftAction(verbs, run);
  const handled = Object.fromEntries(HANDLED.map((name) => [name, act(behaviour.handlers[name])])) as Record<HandledAction, ReturnType<typeof act>>;
  return {
    replyOnCreate: act(replyOnCreate),
    markRinging: act((d) => void (d.ctx.status = 'ringing')),
    endFromPrimary: act(setEndFromPrimary),
    endAsLastPersonLeft: act((d) => void (d.ctx.endReason ??= 'last_person_left')),
    ...handled,
  };
}

// Media events with an action of their own; the rest go to their leg's participant or their command's verb.
const ownActions = new Set(['dtmf.received', 'media.op.result', 'amd.decided', 'amd.greetingEnded', 'transcription.segments', 'transcription.ended']);
const commandMedia = COMMAND_MEDIA_EVENT_TYPES.filter((t) => !ownActions.has(t));
const legMedia = LEG_MEDIA_EVENT_TYPES.filter((t) => !ownActions.has(t));

/**
 * What follows any step of the call, before its lifecycle's own checks, over the facts the step recorded:
 * the running offer or transfer hears what happened to its participants or to the call (first: what it does,
 * an answered caller say, the checks after it see), a voicemail drop's message played, an inbound routing's
 * message played, a routing target joined (the caller is answered) or all of them gone, a moved caller's link
 * gone. Each is a guarded transition of the states where its facts can hold (none while an outbound call
 * dials: detection starts at the answer, offers and transfers at the answer or while an inbound caller rings,
 * and routing and moves are for inbound calls, which ring from their start), so the chart draws them
 * (docs/statecharts.md).
 */
const followUps = {
  handovers: { guard: 'handoversBehind', actions: 'followHandovers' },
  voicemail: { guard: 'voicemailPlayed', target: '#call.ending', actions: 'endAsVoicemailLeft' },
  routingMessage: { guard: 'routingMessagePlayed', target: '#call.ending', actions: 'endAsRoutingEnded' },
  routingAnswer: { guard: 'routingTargetJoined', actions: 'answerRoutedCaller' },
  routingTargets: { guard: 'routingTargetsGone', target: '#call.ending', actions: 'endAsTargetsGone' },
  move: { guard: 'movedLinkGone', target: '#call.ending', actions: 'endAsMovedCallEnded' },
} as const;

/** What the live call does with each event: by type (each verb's event read off `verbs`), then a command's own media event. */
function liveEvents(verbs: VerbPort) {
  const verbEvents = verbs.all().map((v) => v.event);
  const events: EventMap = {
    ...taking(legMedia, 'takeLegEvent'),
    ...taking(commandMedia, 'takeCommandEvent'),
    ...taking(verbEvents, 'decideVerb'),
    'call.get': { actions: 'replyCall' },
    'call.update': { actions: 'updateMetadata' },
    'participant.add': { actions: 'addParticipant' },
    'participant.update': { actions: 'updateParticipant' },
    'participant.remove': { actions: 'removeParticipant' },
    'participant.token': { actions: 'renewParticipantToken' },
    'call.link': { actions: 'linkMovedCaller' },
    'stream.get': { actions: 'replyStream' },
    'command.get': { actions: 'replyCommand' },
    'dtmf.received': { actions: 'takeKey' },
    'media.op.result': { actions: 'takeOpResult' },
    'amd.decided': { actions: 'takeDetection' },
    'amd.greetingEnded': { actions: 'takeDetection' },
    'transcription.segments': { actions: 'takeSegments' },
    'transcription.ended': { actions: 'endTranscription' },
    'timer.fired': { actions: 'fireTimer' },
    'inbound.routingCharged': { actions: 'takeRoutingCharge' },
    'call.mediaLost': { actions: 'loseMedia' },
    'actor.message.failed': { actions: 'failCommandRequest' },
    '*': { guard: 'namesCommand', actions: 'takeCommandEvent' },
  };
  // XState types the keys by the event union; these are checked above by action and guard name instead.
  return events as never;
}

/** What the ended call (waiting for its recordings) does with each event. */
function endedEvents(verbs: VerbPort) {
  const verbEvents = verbs.all().map((v) => v.event);
  const events: EventMap = {
    ...taking(commandMedia, 'takeLateCommandEvent'),
    ...taking(verbEvents, 'decideVerbAfterEnd'),
    'amd.decided': { actions: 'takeLateCommandEvent' },
    'amd.greetingEnded': { actions: 'takeLateCommandEvent' },
    'call.get': { actions: 'readCallAfterEnd' },
    'call.update': { actions: 'updateMetadataAfterEnd' },
    'command.get': { actions: 'replyCommandAfterEnd' },
    'stream.get': { actions: 'replyStreamAfterEnd' },
    'participant.add': { actions: 'refuseDecisionAfterEnd' },
    'participant.update': { actions: 'refuseAfterEnd' },
    'participant.remove': { actions: 'refuseAfterEnd' },
    'participant.token': { actions: 'refuseAfterEnd' },
    'call.link': { actions: 'refuseAfterEnd' },
    'inbound.routingCharged': { actions: 'releaseRoutingCharge' },
    'media.op.result': { actions: 'takeLateOpResult' },
    'transcription.segments': { actions: 'takeLateSegments' },
    'transcription.ended': { actions: 'endTranscriptionAfterEnd' },
    'timer.fired': { actions: 'fireEndedTimer' },
    'call.mediaLost': { actions: 'loseMediaAfterEnd' },
    '*': { guard: 'namesCommand', actions: 'takeLateCommandEvent' },
  };
  return events as never;
}

/**
 * The call machine (docs/statecharts.md draws it; docs/calls.md has its state table). Pure: time comes in
 * events as `at`, ids in the input and events; everything it wants done is emitted as an effect
 * (protocol/calls/call-actor.ts), which the host commits with the snapshot and then carries out.
 *
 * The lifecycle is driven by guarded eventless transitions over the context: the actions taking events only
 * record facts (a participant left, a hang-up was asked, paid time ran out) and the state follows from them.
 * So two events that race (hang-up and paid-time expiry, two last participants leaving) always meet one
 * check, and the call ends once, with the reason of whichever fact came first.
 *
 * Every event the call takes is named in the chart with the action that takes it: API reads and
 * participant changes, each verb's request (read off `verbs`: a new verb is a registry entry, not a new
 * case here), the media event types read once off the protocol's union (a leg's to its participant, one
 * naming a command to the verb that issued it), durable timers and the host's word. An event of a type the
 * chart does not name is a verb's own media event when it names a command (`namesCommand`), and is
 * ignored otherwise.
 */
export function createCallMachine(verbs: VerbPort, behaviour: CallBehaviour) {
  const machine = setup({
    types: {
      context: {} as CallContext,
      events: {} as CallActorEvent,
      input: {} as CallActorInput,
      emitted: {} as CallEffect,
    },
    actions: callActions(verbs, behaviour),
    guards: callGuards(),
  }).createMachine({
    id: 'call',
    context: ({ input }) => behaviour.initialContext(input),
    initial: 'live',
    states: {
      live: {
        initial: 'dialing',
        entry: 'launch',
        on: liveEvents(verbs),
        always: { guard: 'endRequested', target: 'ending' },
        states: {
          dialing: {
            entry: 'replyOnCreate',
            always: [
              { guard: 'noPrimary', target: 'in_progress' },
              { guard: 'primaryLeft', target: '#call.ending', actions: 'endFromPrimary' },
              { guard: 'primaryJoined', target: 'in_progress' },
              { guard: 'primaryRinging', target: 'ringing' },
            ],
          },
          ringing: {
            entry: 'markRinging',
            // An inbound caller rings until answered: its routing's targets and a move may follow; the routing's
            // message and a detection start at the answer.
            always: [
              followUps.handovers,
              followUps.routingAnswer,
              followUps.routingTargets,
              followUps.move,
              { guard: 'primaryLeft', target: '#call.ending', actions: 'endFromPrimary' },
              { guard: 'primaryJoined', target: 'in_progress' },
            ],
          },
          in_progress: {
            entry: ['answer', 'replyOnCreate'],
            // The caller is answered: a routing target joining has nothing left to answer.
            always: [
              followUps.handovers,
              followUps.voicemail,
              followUps.routingMessage,
              followUps.routingTargets,
              followUps.move,
              { guard: 'primaryGone', target: '#call.ending', actions: 'endFromPrimary' },
              { guard: 'noPersonLeft', target: '#call.ending', actions: 'endAsLastPersonLeft' },
            ],
          },
        },
      },
      ending: {
        entry: 'finish',
        on: endedEvents(verbs),
        // An offer or transfer still running when the call ended settles first, without an event of its own.
        always: [followUps.handovers, { guard: 'recordingsSettled', target: 'ended' }],
      },
      ended: { type: 'final' },
    },
  });
  // A call stored by an earlier version is brought to today's context as it is restored.
  const restore = machine.restoreSnapshot.bind(machine);
  machine.restoreSnapshot = (snapshot, scope) => restore(upgradeCallSnapshot(snapshot), scope);
  return machine;
}
