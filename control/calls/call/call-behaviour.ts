/**
 * What the call does, given to its chart (control/calls/machines/call-machine.ts, which imports none of it):
 * the first context, the handler of each action the chart names (its lifecycle, each event's handler, the
 * follow-ups) and the facts the follow-ups and the end read.
 */
import type { CallActorEvent } from '../../../protocol/calls/call-actor.js';
import type { CallBehaviour, InitEvent } from '../machines/call-machine.js';
import { followHandovers, handoversBehind } from '../handovers/handover.js';
import { endAsMovedCallEnded, movedLinkGone } from '../handovers/call-move.js';
import { answerRoutedCaller, endAsRoutingEnded, endAsTargetsGone, routingDue } from '../inbound/inbound-flow.js';
import { endAsVoicemailLeft, voicemailPlayed } from '../speech/answering-machine.js';
import { transcriptionsSettled } from '../speech/call-transcription.js';
import * as on from './call-handlers.js';
import { answerCall, finishCall, initialContext, launchCall } from './call-lifecycle.js';

/** The call's behaviour, handed with the verbs to `createCallMachine` (control/calls/host/machine-registry.ts). */
export const callBehaviour: CallBehaviour = {
  initialContext,
  handlers: {
    launch: (d, e: InitEvent) => launchCall(d, e.input),
    answer: answerCall,
    finish: (d, e: CallActorEvent) => finishCall(d, e.type),
    endAsVoicemailLeft,
    endAsMovedCallEnded,
    endAsRoutingEnded,
    endAsTargetsGone,
    answerRoutedCaller,
    followHandovers,

    replyCall: on.replyCall,
    updateMetadata: on.updateMetadata,
    addParticipant: on.addParticipant,
    updateParticipant: on.updateParticipant,
    removeParticipant: on.removeParticipant,
    renewParticipantToken: on.renewParticipantToken,
    linkMovedCaller: on.linkMovedCaller,
    replyStream: on.replyStream,
    replyCommand: on.replyCommand,
    decideVerb: on.decideVerb,
    takeRoutingCharge: on.takeRoutingCharge,
    takeKey: on.takeKey,
    takeOpResult: on.takeOpResult,
    takeDetection: on.takeDetection,
    takeSegments: on.takeSegments,
    endTranscription: on.endTranscription,
    takeCommandEvent: on.takeCommandEvent,
    takeLegEvent: on.takeLegEvent,
    fireTimer: on.fireTimer,
    loseMedia: on.loseMedia,
    failCommandRequest: on.failCommandRequest,

    readCallAfterEnd: on.replyCall,
    updateMetadataAfterEnd: on.updateMetadata,
    replyStreamAfterEnd: on.replyStream,
    replyCommandAfterEnd: on.replyCommand,
    refuseDecisionAfterEnd: on.refuseDecisionEnded,
    refuseAfterEnd: on.refuseEnded,
    decideVerbAfterEnd: on.decideVerbAfterEnd,
    releaseRoutingCharge: on.releaseRoutingCharge,
    takeLateOpResult: on.takeLateOpResult,
    takeLateSegments: on.takeSegments,
    endTranscriptionAfterEnd: on.endTranscription,
    takeLateCommandEvent: on.takeCommandEvent,
    fireEndedTimer: on.fireEndedTimer,
    loseMediaAfterEnd: on.loseMediaAfterEnd,
  },
  voicemailPlayed,
  movedLinkGone,
  routingDue,
  transcriptionsSettled,
  handoversBehind,
};
