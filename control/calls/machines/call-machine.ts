import { enqueueActions, setup } from 'xstate';
import type { CallActorEvent, CallActorInput, CallEffect } from '../../../protocol/calls/call-actor.js';
import type { CallEndReason } from '../../../protocol/calls/call.js';
import type { CallContext, ParticipantRecord } from './call-context.js';
import { CallDraft } from './call-draft.js';
import { callBody } from './reply-bodies.js';
import { answerCall, finishCall, handleEnded, handleLive, initialContext, launchCall } from './call-handlers.js';
import { followHandovers } from './handover.js';
import { isPerson, isPresent } from './participant-machine.js';
import { transcriptionsSettled } from './call-transcription.js';
import { callVerbs } from '../verbs/call-verbs.js';
import type { VerbRegistry } from '../verbs/verb-registry.js';

type InitEvent = { type: 'xstate.init'; input: CallActorInput };
type AnyCallEvent = CallActorEvent | InitEvent;

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

/**
 * The call machine (docs/calls.md has its state table). Pure: time comes in events as `at`, ids in the
 * input and events; everything it wants done is emitted as an effect (see protocol/calls/call-actor.ts).
 *
 * The lifecycle is driven by guarded eventless transitions over the context: event handlers only record
 * facts (a participant left, a hang-up was asked, paid time ran out) and the state follows from them. So
 * two events that race (hang-up and paid-time expiry, two last participants leaving) always meet one
 * check, and the call ends once, with the reason of whichever fact came first.
 *
 * Verbs (say, gather, hangup, stream start, …) are decided by their modules through `verbs`: a new verb is
 * a registry entry, not a new case here.
 */
export function createCallMachine(verbs: VerbRegistry) {
  return setup({
  types: {
    context: {} as CallContext,
    events: {} as CallActorEvent,
    input: {} as CallActorInput,
    emitted: {} as CallEffect,
  },
  actions: {
    /** Runs a handler on a draft of the context, then assigns it and emits its effects in order. */
    apply: enqueueActions(({ context, event, enqueue }, params: { run: (d: CallDraft, event: AnyCallEvent) => void }) => {
      const d = new CallDraft(context, atOf(event as AnyCallEvent), verbs);
      params.run(d, event as AnyCallEvent);
      followHandovers(context, d, event as AnyCallEvent);
      enqueue.assign(() => d.ctx);
      for (const effect of d.effects) enqueue.emit(effect);
    }),
  },
  guards: {
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
  },
}).createMachine({
  id: 'call',
  context: ({ input }) => initialContext(input),
  initial: 'live',
  states: {
    live: {
      initial: 'dialing',
      entry: { type: 'apply', params: { run: (d, e) => launchCall(d, (e as InitEvent).input) } },
      on: { '*': { actions: { type: 'apply', params: { run: (d, e) => handleLive(d, e as CallActorEvent) } } } },
      always: { guard: 'endRequested', target: 'ending' },
      states: {
        dialing: {
          entry: { type: 'apply', params: { run: replyOnCreate } },
          always: [
            { guard: 'noPrimary', target: 'in_progress' },
            { guard: 'primaryLeft', target: '#call.ending', actions: { type: 'apply', params: { run: setEndFromPrimary } } },
            { guard: 'primaryJoined', target: 'in_progress' },
            { guard: 'primaryRinging', target: 'ringing' },
          ],
        },
        ringing: {
          entry: { type: 'apply', params: { run: (d) => void (d.ctx.status = 'ringing') } },
          always: [
            { guard: 'primaryLeft', target: '#call.ending', actions: { type: 'apply', params: { run: setEndFromPrimary } } },
            { guard: 'primaryJoined', target: 'in_progress' },
          ],
        },
        in_progress: {
          entry: [{ type: 'apply', params: { run: answerCall } }, { type: 'apply', params: { run: replyOnCreate } }],
          always: [
            { guard: 'primaryGone', target: '#call.ending', actions: { type: 'apply', params: { run: setEndFromPrimary } } },
            { guard: 'noPersonLeft', target: '#call.ending', actions: { type: 'apply', params: { run: (d) => void (d.ctx.endReason ??= 'last_person_left') } } },
          ],
        },
      },
    },
    ending: {
      entry: { type: 'apply', params: { run: (d, e) => finishCall(d, e.type as CallActorEvent['type']) } },
      on: { '*': { actions: { type: 'apply', params: { run: (d, e) => handleEnded(d, e as CallActorEvent) } } } },
      always: { guard: 'recordingsSettled', target: 'ended' },
    },
    ended: { type: 'final' },
  },
});
}

/** The call machine with the call verbs (control/calls/verbs/call-verbs.ts). */
export const callMachine = createCallMachine(callVerbs);

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
