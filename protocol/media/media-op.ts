import { Type, type Static } from 'typebox';
import { RoomParticipantKind } from '../room/room-message.js';
import { Voice } from '../speech/voice.js';

const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });

/**
 * Fields every operation carries: the op id makes a repeat return the first answer and do nothing again.
 * The node publishes the op's outcome into the call's mailbox (media.op.result) when it refuses the op, and
 * also when it carried it out if `ack` is true (ops that carry out a command).
 */
const base = { opId: Id, callId: Id, ack: Type.Optional(Type.Boolean()) };

/** Opens the call's session on this node (idempotent: an open session is kept). */
export const OpenSession = Type.Object({ op: Type.Literal('openSession'), ...base });
/** Closes the call's session: every leg, playback and recording ends. */
export const CloseSession = Type.Object({
  op: Type.Literal('closeSession'),
  ...base,
  reason: Type.Optional(Type.String({ maxLength: 200 })),
});

/** A telephone leg: the node dials `to` on its carrier (the simulated network unless `carrier` is `sip`). */
export const PhoneLegSpec = Type.Object({
  /** E.164; `anonymous` only for a caller calling in without a number (a SIP INVITE may withhold it). */
  to: Type.Union([Type.String({ pattern: '^\\+[1-9][0-9]{6,14}$' }), Type.Literal('anonymous')]),
  /** sim (default): the simulated network; sip: the node's SIP trunk (live calls only; see docs/sip.md). */
  carrier: Type.Optional(Type.Union([Type.Literal('sim'), Type.Literal('sip')])),
  /** A live call's leg: without `carrier`, the node dials over its SIP trunk when that reaches `to` (docs/sip.md), else the simulated network. */
  live: Type.Optional(Type.Boolean()),
  /** With carrier sip: answer this inbound offer (sip_…) instead of dialling; `to` is the number called. */
  answer: Type.Optional(Type.String({ pattern: '^sip_[0-9a-f]{20}$' })),
  from: Type.Optional(Type.String({ maxLength: 32 })),
  /**
   * The far end is calling in (an inbound call's caller): the leg is not dialled; `to` is the caller's
   * number, `from` the number called. It rings (its caller hears ringing) until answerLeg; on the simulated
   * network the caller's script (the phone at `to`) runs.
   */
  inbound: Type.Optional(Type.Boolean()),
  /** Seconds to ring before reporting no answer. */
  ringTimeoutSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 600 })),
});
/** An app or bot participant that connects to the room endpoint with a token. */
export const RoomLegSpec = Type.Object({ participantKind: RoomParticipantKind });

/** The kinds of leg a session mixes (a link joins another call's room: a moved caller). */
export const LegKind = Type.Union([Type.Literal('phone'), Type.Literal('room'), Type.Literal('stream'), Type.Literal('link')]);
/** The kinds of leg a session mixes. */
export type LegKind = Static<typeof LegKind>;

/** Adds a leg (participant) to the session; `legId` is the participant id. */
export const AddLeg = Type.Object({
  op: Type.Literal('addLeg'),
  ...base,
  legId: Id,
  kind: LegKind,
  phone: Type.Optional(PhoneLegSpec),
  room: Type.Optional(RoomLegSpec),
  /** A link leg: joins another call's room (the call a caller was moved into) as a client with this token. */
  link: Type.Optional(Type.Object({ url: Type.String({ maxLength: 2000 }), token: Type.String({ maxLength: 4000 }) })),
  /** Settings of a stream leg, checked by the stream leg factory. */
  stream: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  muted: Type.Optional(Type.Boolean()),
  audioMode: Type.Optional(Type.Union([Type.Literal('talk'), Type.Literal('listen'), Type.Literal('whisper')])),
  whisperTo: Type.Optional(Type.Union([Id, Type.Null()])),
  listenTo: Type.Optional(Type.Union([Id, Type.Null()])),
});

/** Answers a leg that is calling in (addLeg with phone.inbound); it reports leg.answered. */
export const AnswerLeg = Type.Object({ op: Type.Literal('answerLeg'), ...base, legId: Id });

/** Changes how a leg takes part in the mix; absent fields stay as they are. */
export const UpdateLeg = Type.Object({
  op: Type.Literal('updateLeg'),
  ...base,
  legId: Id,
  muted: Type.Optional(Type.Boolean()),
  held: Type.Optional(Type.Boolean()),
  audioMode: Type.Optional(Type.Union([Type.Literal('talk'), Type.Literal('listen'), Type.Literal('whisper')])),
  whisperTo: Type.Optional(Type.Union([Id, Type.Null()])),
  listenTo: Type.Optional(Type.Union([Id, Type.Null()])),
});

/** Removes a leg (hangs up a phone, disconnects a room client, stops a stream). */
export const RemoveLeg = Type.Object({
  op: Type.Literal('removeLeg'),
  ...base,
  legId: Id,
  reason: Type.Optional(Type.String({ maxLength: 200 })),
});

/**
 * A room participant got a new token: tokens of an earlier generation stop working, and a connection opened
 * with one is closed (4401 room_token_superseded). A connection made with the new token first raises the
 * generation by itself; this op then changes nothing.
 */
export const SupersedeTokens = Type.Object({
  op: Type.Literal('supersedeTokens'),
  ...base,
  legId: Id,
  generation: Type.Integer({ minimum: 1 }),
});

/** Speaks text to everyone, or to one participant with `to`; ends with playback.ended. */
export const Say = Type.Object({
  op: Type.Literal('say'),
  ...base,
  commandId: Id,
  text: Type.String({ minLength: 1, maxLength: 4000 }),
  voice: Type.Optional(Voice),
  to: Type.Optional(Id),
  /** Times to play it (default 1). */
  repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

/** Plays a stored clip to everyone, or to one participant with `to`; ends with playback.ended. */
export const Play = Type.Object({
  op: Type.Literal('play'),
  ...base,
  commandId: Id,
  clipId: Id,
  to: Type.Optional(Id),
  repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

/** Stops one playback (`commandId`) or every playback of the call at once. */
export const StopMedia = Type.Object({ op: Type.Literal('stopMedia'), ...base, commandId: Type.Optional(Id) });

/** Starts recording the call's mix; ends with recording.ready when stopped or the session closes. */
export const StartRecording = Type.Object({
  op: Type.Literal('startRecording'),
  ...base,
  commandId: Id,
  recordingId: Id,
});

/** Stops a recording started with startRecording. */
export const StopRecording = Type.Object({ op: Type.Literal('stopRecording'), ...base, recordingId: Id });

/** A phrase a recognizer listens for (a gather choice's word or short phrase). */
export const ListenPhrase = Type.String({ minLength: 1, maxLength: 100 });

/**
 * Recognizes one utterance of a leg's own speech for a command (a gather by speech). The node publishes
 * speech.started when voice begins (and with `bargeIn` stops the command's own playback, its question),
 * then speech.recognized (or speech.failed) once the utterance ends, and stops listening. With `phrases`
 * the recognizer is constrained to them (`phrase` in the result indexes them); without, it transcribes.
 */
export const Listen = Type.Object({
  op: Type.Literal('listen'),
  ...base,
  commandId: Id,
  legId: Id,
  phrases: Type.Optional(Type.Array(ListenPhrase, { maxItems: 100 })),
  /** Non-speech that ends the utterance (default 700 ms). */
  endSilenceMs: Type.Optional(Type.Integer({ minimum: 200, maximum: 5000 })),
  bargeIn: Type.Optional(Type.Boolean()),
});

/** Stops a listen (the gather ended another way); nothing more is published for it. */
export const StopListening = Type.Object({ op: Type.Literal('stopListening'), ...base, commandId: Id });

/**
 * Runs answering-machine detection on a leg from now (its answer): the node publishes amd.decided once,
 * and with `untilGreetingEnds`, after a machine, amd.greetingEnded when its greeting is over (the beep, or
 * silence after it). Then it stops.
 */
export const DetectMachine = Type.Object({
  op: Type.Literal('detectMachine'),
  ...base,
  commandId: Id,
  legId: Id,
  untilGreetingEnds: Type.Optional(Type.Boolean()),
});

/**
 * Starts transcribing each participant's own audio. `recorded` (a post-call transcript): every leg is
 * recorded on its own and transcribed after the session closes, then transcription.ended carries the
 * segments. `live`: each utterance is reported as transcription.segment while the call runs, until
 * stopTranscription or the session closes (then transcription.ended). `legIds` absent: everyone.
 */
export const StartTranscription = Type.Object({
  op: Type.Literal('startTranscription'),
  ...base,
  transcriptionId: Id,
  mode: Type.Union([Type.Literal('recorded'), Type.Literal('live')]),
  legIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
  language: Type.Optional(Type.String({ minLength: 2, maxLength: 16 })),
});

/** Stops a live transcription; transcription.ended follows once its last utterances are recognised. */
export const StopTranscription = Type.Object({ op: Type.Literal('stopTranscription'), ...base, transcriptionId: Id });

/** Every control operation a media node answers on `media.<nodeId>`. */
export const MediaOp = Type.Union([
  OpenSession,
  CloseSession,
  AddLeg,
  AnswerLeg,
  UpdateLeg,
  RemoveLeg,
  SupersedeTokens,
  Say,
  Play,
  StopMedia,
  StartRecording,
  StopRecording,
  Listen,
  StopListening,
  DetectMachine,

  StartTranscription,
  StopTranscription,
]);
/** A control operation. */
export type MediaOp = Static<typeof MediaOp>;
/** The name of a control operation. */
export type MediaOpName = MediaOp['op'];

/** A successful answer; `roomUrl` is set for a room leg (the control plane adds the token). */
export const MediaOpOk = Type.Object({
  ok: Type.Literal(true),
  roomUrl: Type.Optional(Type.String()),
});
/** A refused operation with a catalogued code. */
export const MediaOpError = Type.Object({
  ok: Type.Literal(false),
  error: Type.Object({ code: Type.String(), message: Type.String() }),
});
/** The answer to every control operation. */
export const MediaOpAnswer = Type.Union([MediaOpOk, MediaOpError]);
/** The answer to every control operation. */
export type MediaOpAnswer = Static<typeof MediaOpAnswer>;
