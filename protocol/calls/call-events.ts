import { Type, type Static, type TProperties } from 'typebox';
import { Mode, WouldCostOre } from '../api/common.js';
import { CallEndReason, CallState, Metadata, PriceItem } from './call.js';
import { AudioMode, ParticipantKind, ParticipantLeftReason, ParticipantState } from './participant.js';
import { CommandAction, GatherResult } from './command.js';
import { offerEventFields, transferEventFields } from './handover.js';
import { TranscriptSegment, TranscriptSource } from './transcript.js';

/** Fields every call event's data carries. */
const callBase = {
  callId: Type.String(),
  externalRef: Type.Union([Type.String(), Type.Null()]),
  metadata: Metadata,
  mode: Mode,
  profileId: Type.String(),
};

function callEvent<T extends TProperties>(title: string, fields: T) {
  return Type.Object({ ...callBase, ...fields }, { title });
}

/** A participant as events describe it (no connection: tokens never travel in events). */
const participantFields = {
  participantId: Type.String(),
  kind: ParticipantKind,
  state: ParticipantState,
  to: Type.Union([Type.String(), Type.Null()]),
  displayName: Type.Union([Type.String(), Type.Null()]),
  /** The participant's own externalRef (`externalRef` is the call's). */
  participantExternalRef: Type.Union([Type.String(), Type.Null()]),
};

/**
 * call.ended: duration in seconds, started minutes of the call's own charge, and the whole price in øre
 * (everything the call drew from the balance: its minutes, participants, streams, recordings) with its items.
 */
export const CallEndedData = callEvent('CallEndedData', {
  state: CallState,
  reason: CallEndReason,
  duration: Type.Integer({ minimum: 0 }),
  countedMinutes: Type.Integer({ minimum: 0 }),
  priceOre: Type.Integer({ minimum: 0 }),
  wouldCostOre: WouldCostOre,
  priceItems: Type.Array(PriceItem),
  assignedTo: Type.Union([Type.String(), Type.Null()]),
});
/** call.ended data. */
export type CallEndedData = Static<typeof CallEndedData>;

/** call.ringing: the dialled party's phone rings (Twilio's ringing, Telnyx's call.ringing). */
export const CallRingingData = callEvent('CallRingingData', { state: CallState, participantId: Type.String(), to: Type.Union([Type.String(), Type.Null()]) });
/** call.ringing data. */
export type CallRingingData = Static<typeof CallRingingData>;

/** call.answered: the dialled party answered; recorded before its call.participant.joined. */
export const CallAnsweredData = callEvent('CallAnsweredData', { state: CallState, participantId: Type.String(), to: Type.Union([Type.String(), Type.Null()]) });
/** call.answered data. */
export type CallAnsweredData = Static<typeof CallAnsweredData>;

/** call.participant.joined. */
export const ParticipantJoinedData = callEvent('ParticipantJoinedData', participantFields);
/** call.participant.joined data. */
export type ParticipantJoinedData = Static<typeof ParticipantJoinedData>;

/** call.participant.left, with the reason (a stream's end reason for a stream). */
export const ParticipantLeftData = callEvent('ParticipantLeftData', { ...participantFields, reason: ParticipantLeftReason });
/** call.participant.left data. */
export type ParticipantLeftData = Static<typeof ParticipantLeftData>;

/** call.participant.updated: the participant's mix settings after the change. */
export const ParticipantUpdatedData = callEvent('ParticipantUpdatedData', {
  ...participantFields,
  muted: Type.Boolean(),
  held: Type.Boolean(),
  audioMode: AudioMode,
});
/** call.participant.updated data. */
export type ParticipantUpdatedData = Static<typeof ParticipantUpdatedData>;

/** call.command.completed, call.command.failed and call.command.uncertain. */
export const CommandOutcomeData = callEvent('CommandOutcomeData', {
  commandId: Type.String(),
  action: CommandAction,
  reason: Type.Union([Type.String(), Type.Null()]),
});
/** call.command.* data. */
export type CommandOutcomeData = Static<typeof CommandOutcomeData>;

/** call.playback.ended: a read-aloud text or clip finished (completed), was stopped, or failed. */
export const PlaybackEndedData = callEvent('PlaybackEndedData', {
  commandId: Type.String(),
  outcome: Type.Union([Type.Literal('completed'), Type.Literal('stopped'), Type.Literal('failed')]),
});
/** call.playback.ended data. */
export type PlaybackEndedData = Static<typeof PlaybackEndedData>;

/** call.gather.completed. */
export const GatherCompletedData = callEvent('GatherCompletedData', { commandId: Type.String(), ...GatherResult.properties });
/** call.gather.completed data. */
export type GatherCompletedData = Static<typeof GatherCompletedData>;

/** call.dtmf.received: a key pressed outside a gather. */
export const DtmfReceivedData = callEvent('DtmfReceivedData', { participantId: Type.String(), digit: Type.String() });
/** call.dtmf.received data. */
export type DtmfReceivedData = Static<typeof DtmfReceivedData>;

/**
 * call.machineDetected: who answered an outbound call with amd (human, machine or unknown), why (the rule that
 * decided: short_greeting, long_greeting, max_words, beep, initial_silence, timeout), and how long deciding
 * took from the answer.
 */
export const MachineDetectedData = callEvent('MachineDetectedData', {
  participantId: Type.String(),
  result: Type.Union([Type.Literal('human'), Type.Literal('machine'), Type.Literal('unknown')]),
  reason: Type.String(),
  durationMs: Type.Integer({ minimum: 0 }),
});
/** call.machineDetected data. */
export type MachineDetectedData = Static<typeof MachineDetectedData>;

/** call.recording.ready. */
export const RecordingReadyData = callEvent('RecordingReadyData', {
  recordingId: Type.String(),
  commandId: Type.String(),
  durationMs: Type.Integer({ minimum: 0 }),
});
/** call.recording.ready data. */
export type RecordingReadyData = Static<typeof RecordingReadyData>;

/** call.offer.accepted (acceptedBy names who took it) and call.offer.expired (expiry says why). */
export const OfferEventData = callEvent('OfferEventData', offerEventFields);
/** call.offer.* data. */
export type OfferEventData = Static<typeof OfferEventData>;

/** call.transfer.started, .answered (warm: the target answered the operator), .completed, .cancelled, .failed. */
export const TransferEventData = callEvent('TransferEventData', transferEventFields);
/** call.transfer.* data. */
export type TransferEventData = Static<typeof TransferEventData>;

/**
 * call.transcription.segment: live transcription heard the end of one participant's utterance (one event per
 * utterance per participant, as soon as the recognizer has it). Times are ms from the call's creation.
 */
export const TranscriptionSegmentData = callEvent('TranscriptionSegmentData', {
  /** The transcription.start command. */
  commandId: Type.String(),
  ...TranscriptSegment.properties,
});
/** call.transcription.segment data. */
export type TranscriptionSegmentData = Static<typeof TranscriptionSegmentData>;

/**
 * call.transcript.ready: the call ended and its transcript is complete: read it at GET /v1/calls/:id/transcript.
 * `complete` is false when part of the audio could not be transcribed.
 */
export const TranscriptReadyData = callEvent('TranscriptReadyData', {
  source: TranscriptSource,
  complete: Type.Boolean(),
  segmentCount: Type.Integer({ minimum: 0 }),
});
/** call.transcript.ready data. */
export type TranscriptReadyData = Static<typeof TranscriptReadyData>;

/** call.incoming: a number with `inboundMode: api` is called; decide before `decideBy` (protocol/calls/inbound.ts). */
export const CallIncomingEventData = callEvent('CallIncomingData', {
  from: Type.String(),
  to: Type.String(),
  numberId: Type.String(),
  assignedTo: Type.Union([Type.String(), Type.Null()]),
  decideBy: Type.String(),
});
/** call.incoming data. */
export type CallIncomingEventData = Static<typeof CallIncomingEventData>;

/** Each call event type and the schema of its data. */
export const callEventSchemas = {
  'call.incoming': CallIncomingEventData,
  'call.ringing': CallRingingData,
  'call.answered': CallAnsweredData,
  'call.ended': CallEndedData,
  'call.participant.joined': ParticipantJoinedData,
  'call.participant.left': ParticipantLeftData,
  'call.participant.updated': ParticipantUpdatedData,
  'call.command.completed': CommandOutcomeData,
  'call.command.failed': CommandOutcomeData,
  'call.command.uncertain': CommandOutcomeData,
  'call.playback.ended': PlaybackEndedData,
  'call.gather.completed': GatherCompletedData,
  'call.dtmf.received': DtmfReceivedData,
  'call.recording.ready': RecordingReadyData,
  'call.offer.accepted': OfferEventData,
  'call.offer.expired': OfferEventData,
  'call.transfer.started': TransferEventData,
  'call.transfer.answered': TransferEventData,
  'call.transfer.completed': TransferEventData,
  'call.transfer.cancelled': TransferEventData,
  'call.transfer.failed': TransferEventData,
  'call.machineDetected': MachineDetectedData,
  'call.transcription.segment': TranscriptionSegmentData,
  'call.transcript.ready': TranscriptReadyData,
} as const;

/** A call event type the call machine records. */
export type CallEventType = keyof typeof callEventSchemas;
