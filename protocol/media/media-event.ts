import { Type, type Static } from 'typebox';
import { SEGMENT_TEXT_MAX } from '../calls/transcript.js';

const LegId = Type.String({ minLength: 1, maxLength: 64 });
const CommandId = Type.String({ minLength: 1, maxLength: 64 });

/** A phone leg is ringing at the far end. */
export const LegRinging = Type.Object({ type: Type.Literal('leg.ringing'), legId: LegId });
/** A phone leg was answered. */
export const LegAnswered = Type.Object({ type: Type.Literal('leg.answered'), legId: LegId });
/** A phone leg's number is busy. */
export const LegBusy = Type.Object({ type: Type.Literal('leg.busy'), legId: LegId });
/** A phone leg rang until its ring timeout without an answer. */
export const LegNoAnswer = Type.Object({ type: Type.Literal('leg.noAnswer'), legId: LegId });
/** A leg could not be set up (number not in service, stream refused, ...). */
export const LegFailed = Type.Object({ type: Type.Literal('leg.failed'), legId: LegId, reason: Type.String() });
/** The far side of a leg hung up or went away; the leg is gone from the session. */
export const LegHungUp = Type.Object({ type: Type.Literal('leg.hungUp'), legId: LegId, reason: Type.String() });
/** A DTMF digit was detected on a leg. */
export const DtmfReceived = Type.Object({
  type: Type.Literal('dtmf.received'),
  legId: LegId,
  digit: Type.String({ pattern: '^[0-9*#A-D]$' }),
});
/** A say or play finished (played out, stopped, or failed to start). */
export const PlaybackEnded = Type.Object({
  type: Type.Literal('playback.ended'),
  commandId: CommandId,
  outcome: Type.Union([Type.Literal('completed'), Type.Literal('stopped'), Type.Literal('failed')]),
  reason: Type.Optional(Type.String()),
});
/** A recording was written and can be read from storage under `key`. */
export const RecordingReady = Type.Object({
  type: Type.Literal('recording.ready'),
  commandId: CommandId,
  recordingId: Type.String(),
  // An object name of the recordings' store (shared/objects/object-store.ts).
  key: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-][A-Za-z0-9_.-]*$' }),
  durationMs: Type.Integer({ minimum: 0 }),
});
/** A recording could not be written. */
export const RecordingFailed = Type.Object({
  type: Type.Literal('recording.failed'),
  commandId: CommandId,
  recordingId: Type.String(),
  reason: Type.String(),
});
/** One utterance of one leg: times in ms from the session's opening (the call's creation). */
export const SegmentBody = Type.Object({
  legId: LegId,
  startMs: Type.Integer({ minimum: 0 }),
  endMs: Type.Integer({ minimum: 0 }),
  text: Type.String({ maxLength: SEGMENT_TEXT_MAX }),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
});
/** One utterance of one leg. */
export type SegmentBody = Static<typeof SegmentBody>;

/** Most segments one transcription.segments carries (the mailbox takes messages up to 256 KiB). */
export const SEGMENTS_PER_EVENT = 50;

/**
 * Utterances a transcription recognised: one at a time as they end (live), or the post-call transcript
 * in batches, before its transcription.ended.
 */
export const TranscriptionSegments = Type.Object({
  type: Type.Literal('transcription.segments'),
  transcriptionId: Type.String(),
  segments: Type.Array(SegmentBody, { maxItems: SEGMENTS_PER_EVENT }),
});

/**
 * A transcription finished: every segment has been sent. `failed` counts utterances the recognizer could
 * not read; `outcome` failed when nothing could be transcribed (`reason`: why).
 */
export const TranscriptionEnded = Type.Object({
  type: Type.Literal('transcription.ended'),
  transcriptionId: Type.String(),
  outcome: Type.Union([Type.Literal('completed'), Type.Literal('failed')]),
  reason: Type.Optional(Type.String({ maxLength: 500 })),
  failed: Type.Integer({ minimum: 0 }),
  segmentCount: Type.Integer({ minimum: 0 }),
});

/** An app or bot participant connected to the room endpoint (again, after a reconnect). */
export const ParticipantConnected = Type.Object({ type: Type.Literal('participant.connected'), legId: LegId });
/** An app or bot participant's connection closed; the leg stays until removed. */
export const ParticipantDisconnected = Type.Object({
  type: Type.Literal('participant.disconnected'),
  legId: LegId,
  reason: Type.String(),
  /** The client closed it itself (close code 1000): a departure, not a network failure. */
  clean: Type.Optional(Type.Boolean()),
});
/** A stream leg's connection changed (connected, reconnecting, resumed, closed). */
export const StreamStatus = Type.Object({
  type: Type.Literal('stream.status'),
  legId: LegId,
  status: Type.String(),
  detail: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]))),
});

/** A listen heard voice begin on its leg (a gather's barge-in). */
export const SpeechStarted = Type.Object({ type: Type.Literal('speech.started'), commandId: CommandId, legId: LegId });
/** A listen's utterance was recognized: its text, a confidence in [0, 1] and the phrase it matched (index) or null. */
export const SpeechRecognized = Type.Object({
  type: Type.Literal('speech.recognized'),
  commandId: CommandId,
  legId: LegId,
  text: Type.String({ maxLength: 4000 }),
  confidence: Type.Number({ minimum: 0, maximum: 1 }),
  phrase: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
/** A listen's recognizer failed (it was unavailable, overloaded or crashed). */
export const SpeechFailed = Type.Object({ type: Type.Literal('speech.failed'), commandId: CommandId, legId: LegId, reason: Type.String() });
/** Answering-machine detection decided who answered; `ms` after detection started (the answer). */
export const MachineDecided = Type.Object({
  type: Type.Literal('amd.decided'),
  commandId: CommandId,
  legId: LegId,
  result: Type.Union([Type.Literal('human'), Type.Literal('machine'), Type.Literal('unknown')]),
  reason: Type.String(),
  ms: Type.Integer({ minimum: 0 }),
});
/** A machine's greeting is over (its beep ended, or silence after it, or the wait ran out); `ms` after the answer. */
export const GreetingEnded = Type.Object({
  type: Type.Literal('amd.greetingEnded'),
  commandId: CommandId,
  legId: LegId,
  by: Type.Union([Type.Literal('beep'), Type.Literal('silence'), Type.Literal('timeout')]),
  ms: Type.Integer({ minimum: 0 }),
});

/**
 * The node's answer to an operation, published into the call's mailbox once it is carried out or refused
 * (`code` from the error catalogue). Every outcome of an op reaches the call this way; the control plane
 * writes this event itself only when the node never answered (code media_unreachable).
 */
export const MediaOpResult = Type.Object({
  type: Type.Literal('media.op.result'),
  opId: Type.String({ minLength: 1, maxLength: 200 }),
  ok: Type.Boolean(),
  code: Type.Optional(Type.String()),
});

/** What happened, without the envelope: what legs and sessions report. */
export const MediaEventBody = Type.Union([
  MediaOpResult,
  LegRinging,
  LegAnswered,
  LegBusy,
  LegNoAnswer,
  LegFailed,
  LegHungUp,
  DtmfReceived,
  PlaybackEnded,
  RecordingReady,
  RecordingFailed,
  ParticipantConnected,
  ParticipantDisconnected,
  StreamStatus,
  SpeechStarted,
  SpeechRecognized,
  SpeechFailed,
  MachineDecided,
  GreetingEnded,
  TranscriptionSegments,
  TranscriptionEnded,
]);
/** What happened, without the envelope. */
export type MediaEventBody = Static<typeof MediaEventBody>;

/** Every media event type, read off the union above so that it is listed once. */
export const MEDIA_EVENT_TYPES: readonly MediaEventBody['type'][] = MediaEventBody.anyOf.map((member) => member.properties.type.const);

/** The media event types that name a command (`commandId`): each belongs to the verb that issued it. */
export const COMMAND_MEDIA_EVENT_TYPES: readonly MediaEventBody['type'][] = MediaEventBody.anyOf.filter((member) => 'commandId' in member.properties).map((member) => member.properties.type.const);

/** The media event types of a leg (`legId`, no command): each belongs to the leg's participant. */
export const LEG_MEDIA_EVENT_TYPES: readonly MediaEventBody['type'][] = MediaEventBody.anyOf
  .filter((member) => 'legId' in member.properties && !('commandId' in member.properties))
  .map((member) => member.properties.type.const);

/** Envelope fields of every media event published to a call's mailbox. */
export const MediaEventEnvelope = Type.Object({
  /** Also the bus msgId: a republished event is dropped as a duplicate. */
  eventId: Type.String(),
  source: Type.Literal('media'),
  nodeId: Type.String(),
  callId: Type.String(),
  /** Epoch milliseconds on the node's clock. */
  at: Type.Integer(),
  /** Counts from 1 per call on this node, so the actor can spot a gap. */
  seq: Type.Integer({ minimum: 1 }),
});

/** A media event as it travels on `cmd.<partition>.<callId>`: the envelope plus the body. */
export type MediaEvent = Static<typeof MediaEventEnvelope> & MediaEventBody;
