import { Type, type Static } from 'typebox';
import { NumberRouting } from '../api/admin.js';
import { Mode } from '../api/common.js';
import { InboundCarrier } from '../carrier/inbound-offer.js';
import { MediaEventBody, MediaOpResult } from '../media/media-event.js';
import type { MediaOp } from '../media/media-op.js';
import { Voice } from '../speech/voice.js';
import { StreamLegSpec } from '../stream/stream-leg-spec.js';
import { AmdMode, Metadata, type Call } from './call.js';
import { GatherChoice, GatherInput, type Command } from './command.js';
import type { Offer, Transfer } from './handover.js';
import type { ActorMessageFailedPayload } from './mailbox.js';
import { AudioMode, ParticipantSpec, type Participant } from './participant.js';
import type { Stream } from './stream.js';
import type { TranscriptSegment, TranscriptSource } from './transcript.js';
import type { CallEventType } from './call-events.js';
import type { RoomParticipantKind } from '../room/room-message.js';

/**
 * The contract between the API (and the effect runner, and the host's timers) and a call's actor: the
 * actor's input, the mailbox events it takes and the effects it emits. Ids the machine needs (participant,
 * command, recording ids) are made by the sender and travel in the events, so the machine stays pure.
 */

const Id = Type.String({ minLength: 1, maxLength: 64 });
const NullableString = Type.Union([Type.String(), Type.Null()]);

/** A reservation the API made, and how the machine may spend it. Under a test key: reservationId null, reservedOre 0, rateOre the live rate. */
export const Charge = Type.Object({
  reservationId: Type.Union([Id, Type.Null()]),
  /** Ledger service (phone, app, bot, stream, …). */
  service: Type.String(),
  reservedOre: Type.Integer({ minimum: 0 }),
  /** Price per started minute. */
  rateOre: Type.Integer({ minimum: 0 }),
  /** Whole minutes the reservation pays for (reservedOre / rateOre, capped by maxMinutes). */
  paidMinutes: Type.Integer({ minimum: 0 }),
});
/** A reservation and how the machine may spend it. */
export type Charge = Static<typeof Charge>;

/** A participant to add: the request's fields plus the id and, for bots and later phones, its own reservation. */
export const ParticipantLaunch = Type.Intersect([
  ParticipantSpec,
  Type.Object({ participantId: Id, charge: Type.Union([Charge, Type.Null()]) }),
]);
/** A participant to add. */
export type ParticipantLaunch = Static<typeof ParticipantLaunch>;

/** A stream to open, resolved by the API (endpoint secrets, limits) into the media node's leg settings. */
export const StreamLaunch = Type.Object({
  participantId: Id,
  endpointId: Id,
  leg: StreamLegSpec,
  /** null: hears the mix; otherwise the participant it hears (listen.mode single). */
  listenParticipantId: Type.Union([Id, Type.Null()]),
  charge: Type.Union([Charge, Type.Null()]),
});
/** A stream to open. */
export type StreamLaunch = Static<typeof StreamLaunch>;

/**
 * What makes a call inbound: the carrier's offer it answers, the number called and its inbound settings as
 * they were when the call came in. The caller is the call's primary participant (`primaryParticipantId`),
 * ringing from the start; `from` is the caller's number and `to` the number called.
 */
export const InboundLaunch = Type.Object({
  offerId: Type.String({ minLength: 1, maxLength: 64 }),
  carrier: InboundCarrier,
  numberId: Id,
  inboundMode: Type.Union([Type.Literal('api'), Type.Literal('routing')]),
  decideWithinSeconds: Type.Integer({ minimum: 1, maximum: 120 }),
  routing: Type.Union([NumberRouting, Type.Null()]),
});
/** What makes a call inbound. */
export type InboundLaunch = Static<typeof InboundLaunch>;

/** The input of a call actor (mailbox `actor.create { kind: 'call', input }`). */
export const CallActorInput = Type.Object({
  callId: Id,
  companyId: Id,
  profileId: Type.String(),
  mode: Mode,
  /** Creation time, epoch ms. */
  at: Type.Integer(),
  /** The media node the call's audio lives on, picked from the registry by the API. */
  media: Type.Object({ nodeId: Id, roomUrl: Type.String() }),
  to: NullableString,
  from: NullableString,
  /** The participant id of the phone dialled at `to` (null when no phone is dialled). */
  primaryParticipantId: Type.Union([Id, Type.Null()]),
  ringTimeoutSeconds: Type.Optional(Type.Integer({ minimum: 5, maximum: 600 })),
  conference: Type.Boolean(),
  externalRef: NullableString,
  metadata: Metadata,
  assignedTo: NullableString,
  /** The automatic message, played when the call is answered. */
  greeting: Type.Union([
    Type.Object({
      commandId: Id,
      text: Type.Optional(Type.String()),
      clipId: Type.Optional(Type.String()),
      voice: Type.Optional(Voice),
      repeat: Type.Integer({ minimum: 1, maximum: 2 }),
    }),
    Type.Null(),
  ]),
  /** Answering-machine detection from the answer; the message (voicemail_drop) is a command `messageCommandId`. Absent: none. */
  amd: Type.Optional(
    Type.Union([
      Type.Object({
        mode: AmdMode,
        commandId: Id,
        messageCommandId: Id,
        text: Type.Optional(Type.String()),
        clipId: Type.Optional(Type.String()),
        voice: Type.Optional(Voice),
      }),
      Type.Null(),
    ]),
  ),
  /** Record from the answer. */
  recording: Type.Union([Type.Object({ commandId: Id, recordingId: Id }), Type.Null()]),
  /** Starts when the call is answered. */
  stream: Type.Union([StreamLaunch, Type.Null()]),
  /** A post-call transcript (`transcription: true`): every participant recorded on its own from the answer. */
  transcription: Type.Optional(Type.Union([Type.Object({ transcriptionId: Id }), Type.Null()])),
  participants: Type.Array(ParticipantLaunch),
  /**
   * The call's own reservation (the call's minutes, or per participant and minute for app-only calls). An
   * inbound call starts with nothing reserved (rate 0): its money is reserved when it is answered.
   */
  charge: Charge,
  /** Present for an inbound call. */
  inbound: Type.Optional(InboundLaunch),
});
/** The input of a call actor. */
export type CallActorInput = Static<typeof CallActorInput>;

const at = { at: Type.Integer() };

/** API requests sent to the actor; each is answered with a `reply` effect. */
export const CallRequestEvent = Type.Union([
  Type.Object({ type: Type.Literal('call.get'), ...at }),
  Type.Object({ type: Type.Literal('call.update'), ...at, metadata: Metadata }),
  Type.Object({ type: Type.Literal('call.hangup'), ...at }),
  /** Inbound decision: answer the caller, with the call's reservation made at answer. */
  Type.Object({ type: Type.Literal('call.answer'), ...at, charge: Charge }),
  /** Inbound decision: reject the caller (nothing is charged). */
  Type.Object({ type: Type.Literal('call.reject'), ...at }),
  Type.Object({
    type: Type.Literal('participant.add'),
    ...at,
    participant: ParticipantLaunch,
    /** An inbound call not answered yet: the call's reservation, as adding a participant answers the caller. */
    answerCharge: Type.Optional(Charge),
  }),
  Type.Object({
    type: Type.Literal('participant.update'),
    ...at,
    participantId: Id,
    muted: Type.Optional(Type.Boolean()),
    held: Type.Optional(Type.Boolean()),
    audioMode: Type.Optional(AudioMode),
  }),
  Type.Object({ type: Type.Literal('participant.remove'), ...at, participantId: Id }),
  Type.Object({ type: Type.Literal('participant.token'), ...at, participantId: Id }),
  Type.Object({ type: Type.Literal('stream.start'), ...at, stream: StreamLaunch }),
  Type.Object({ type: Type.Literal('stream.get'), ...at, streamId: Id }),
  Type.Object({ type: Type.Literal('stream.stop'), ...at, streamId: Id }),
  Type.Object({
    type: Type.Literal('command.say'),
    ...at,
    commandId: Id,
    text: Type.String(),
    voice: Type.Optional(Voice),
    participantId: Type.Optional(Id),
    repeat: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  Type.Object({
    type: Type.Literal('command.play'),
    ...at,
    commandId: Id,
    clipId: Type.String(),
    participantId: Type.Optional(Id),
    repeat: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
  Type.Object({
    type: Type.Literal('command.gather'),
    ...at,
    commandId: Id,
    text: Type.Optional(Type.String()),
    clipId: Type.Optional(Type.String()),
    voice: Type.Optional(Voice),
    numDigits: Type.Optional(Type.Integer({ minimum: 1 })),
    finishOnKey: Type.Optional(Type.String()),
    timeoutSeconds: Type.Optional(Type.Integer({ minimum: 1 })),
    choices: Type.Optional(Type.Array(GatherChoice)),
    /** Absent: dtmf only. */
    input: Type.Optional(Type.Array(GatherInput)),
  }),
  Type.Object({ type: Type.Literal('command.stopMedia'), ...at, commandId: Id }),
  Type.Object({
    type: Type.Literal('command.startRecording'),
    ...at,
    commandId: Id,
    recordingId: Id,
    /** Its own reservation (recording asked for during the call); absent or null: free. */
    charge: Type.Optional(Type.Union([Charge, Type.Null()])),
  }),
  Type.Object({
    type: Type.Literal('command.startTranscription'),
    ...at,
    commandId: Id,
    /** Absent: everyone in the call, also who joins later. */
    participantIds: Type.Optional(Type.Array(Id, { maxItems: 100 })),
    language: Type.Optional(Type.String({ minLength: 2, maxLength: 16 })),
    charge: Type.Optional(Type.Union([Charge, Type.Null()])),
  }),
  Type.Object({ type: Type.Literal('command.stopTranscription'), ...at }),
  Type.Object({ type: Type.Literal('command.get'), ...at, commandId: Id }),
  Type.Object({
    type: Type.Literal('call.offer'),
    ...at,
    offerId: Id,
    /** The recipients, each with its own reservation (priced as outbound minutes). */
    targets: Type.Array(ParticipantLaunch),
    timeoutSeconds: Type.Integer({ minimum: 1 }),
    /** On an inbound call not answered yet: the call's minutes, reserved to answer the caller when the offer is accepted. */
    answerCharge: Type.Optional(Charge),
  }),
  Type.Object({
    type: Type.Literal('call.transfer'),
    ...at,
    transferId: Id,
    kind: Type.Union([Type.Literal('cold'), Type.Literal('warm')]),
    target: ParticipantLaunch,
    timeoutSeconds: Type.Integer({ minimum: 1 }),
    /** On an inbound call not answered yet: the call's minutes, reserved to answer the caller when the target answers. */
    answerCharge: Type.Optional(Charge),
  }),
  Type.Object({
    type: Type.Literal('call.move'),
    ...at,
    /** Into another call: the participant that call made for the caller (kind call) and its room connection. */
    into: Type.Optional(Type.Object({ callId: Id, participantId: Id, url: Type.String(), token: Type.String() })),
    /** Into a queue of the call's profile. */
    queue: Type.Optional(Type.String()),
    /** Taken out of a queue (dequeue): refused unless the caller still waits in this queue. */
    fromQueue: Type.Optional(Type.String()),
    /** An inbound call not answered yet: the call's minutes, as moving answers the caller. */
    answerCharge: Type.Optional(Charge),
  }),
  /** The target of a move: a participant of kind call for the caller of `linkedCallId`, joining through the room. */
  Type.Object({ type: Type.Literal('call.link'), ...at, participantId: Id, linkedCallId: Id, from: Type.Union([Type.String(), Type.Null()]) }),
  Type.Object({ type: Type.Literal('call.transfer.complete'), ...at }),
  Type.Object({ type: Type.Literal('call.transfer.cancel'), ...at }),
]);
/** An API request to the actor. */
export type CallRequestEvent = Static<typeof CallRequestEvent>;

/** A media node's answer to an op (published by the node, or by the effect runner when the node never answered). */
export const MediaOpResultEvent = Type.Intersect([MediaOpResult, Type.Object(at)]);
/** A media op's answer as the call's actor receives it. */
export type MediaOpResultEvent = Static<typeof MediaOpResultEvent>;

/** A durable timer firing (the host mails the event stored with `timer.set`). */
export const TimerFiredEvent = Type.Object({ type: Type.Literal('timer.fired'), ...at, timerId: Type.String() });
/** A durable timer firing. */
export type TimerFiredEvent = Static<typeof TimerFiredEvent>;

/** The reservation of an inbound call's routing, made by the host after the routing ran (null: none could be made). */
export const RoutingChargedEvent = Type.Object({
  type: Type.Literal('inbound.routingCharged'),
  ...at,
  charge: Type.Union([Charge, Type.Null()]),
  /** A forward's own reservation (outbound minutes). */
  forwardCharge: Type.Union([Charge, Type.Null()]),
  /** Why nothing could be reserved (insufficient_balance, profile_limit_reached). */
  code: Type.Optional(Type.String()),
});
/** The reservation of an inbound call's routing. */
export type RoutingChargedEvent = Static<typeof RoutingChargedEvent>;

/**
 * The call's media is gone (its node stopped heartbeating, or the process that held it stopped): the call
 * ends with `reason`, as at a hang-up, at the event's `at` (when the media was last known alive), which is
 * also where its billing stops. Mailed by the media watcher (control/calls/host/media-watcher.ts).
 */
export const MediaLostEvent = Type.Object({
  type: Type.Literal('call.mediaLost'),
  ...at,
  reason: Type.Union([Type.Literal('media_lost'), Type.Literal('service_restarted'), Type.Literal('service_stopping')]),
});
/** The call's media is gone. */
export type MediaLostEvent = Static<typeof MediaLostEvent>;

/** A media node event as the call's actor receives it. */
export type CallMediaEvent = MediaEventBody & { at: number };

/** The host's word that a message failed for good (protocol/calls/mailbox.ts ACTOR_MESSAGE_FAILED). */
export type ActorMessageFailedEvent = { type: 'actor.message.failed'; at: number } & ActorMessageFailedPayload;

/** Every event a call actor takes. */
export type CallActorEvent = CallRequestEvent | CallMediaEvent | TimerFiredEvent | ActorMessageFailedEvent | RoutingChargedEvent | MediaLostEvent;

/** What a room token is issued for: the API signs it (issueRoomToken) into `connection.token`. */
export interface ConnectionGrant {
  url: string;
  participantId: string;
  callId: string;
  /** The room's rules: staff join as app users, AI agents as bots, moved callers as calls. */
  kind: RoomParticipantKind;
  notBefore: number;
  expiresAt: number;
  /** The token's generation: each new token of the participant supersedes the ones before. */
  generation: number;
}

/** A participant as the actor replies it: the API turns `connection` (a grant) into `{ url, token }`. */
export type ParticipantReply = Omit<Participant, 'connection'> & { connection: ConnectionGrant | null };
/** A call as the actor replies it. */
export type CallReply = Omit<Call, 'participants'> & { participants: ParticipantReply[] };

/** An offer as the actor replies it (its targets' connections are grants). */
export type OfferReply = Omit<Offer, 'targets'> & { targets: ParticipantReply[] };
/** A transfer as the actor replies it. */
export type TransferReply = Omit<Transfer, 'target'> & { target: ParticipantReply };

/** A reply body: a resource, or an error with a catalogued code. */
export type ReplyBody =
  | CallReply
  | ParticipantReply
  | Stream
  | Command
  | { object: 'participant'; id: string; removed: boolean; state: Participant['state'] }
  | OfferReply
  | TransferReply
  | { error: { code: string; message: string; param?: string } };

/** Effects the call machine emits (the host interprets timer.* and reply; the rest go to onCommit / effectRunner). */
export type CallEffect =
  | { type: 'timer.set'; timerId: string; fireAt: number; event: { type: 'timer.fired'; timerId: string } }
  | { type: 'timer.cancel'; timerId: string }
  | { type: 'reply'; body: ReplyBody; status?: number }
  | { type: 'media.op'; nodeId: string; op: MediaOp }
  | {
      type: 'event.record';
      eventType: CallEventType;
      companyId: string;
      profileId: string;
      mode: 'live' | 'test';
      objectId: string;
      occurredAtMs: number;
      data: Record<string, unknown>;
    }
  | { type: 'transcript.file'; callId: string; source: TranscriptSource; segments: TranscriptSegment[] }
  /** File a recording the node reported ready (with call.recording.ready, in the same commit). */
  | { type: 'recording.file'; callId: string; recordingId: string; commandId: string; durationMs: number }
  /** Mark the call's transcript ready (with call.transcript.ready, in the same commit). */
  | { type: 'transcript.fileReady'; callId: string; source: TranscriptSource; complete: boolean; segmentCount: number }
  /** Give a stream's concurrency slot back (it left, or the call ended before its creation stream opened). */
  | { type: 'stream.releaseSlot'; companyId: string; streamId: string }
  /** Reserve the money of an inbound call's routing; the host mails `inbound.routingCharged` back. */
  | { type: 'inbound.reserveRouting'; callId: string; companyId: string; profileId: string; mode: 'live' | 'test'; forward: boolean; staff: number }
  | { type: 'ledger.capture'; reservationId: string; amountOre: number }
  | { type: 'ledger.release'; reservationId: string };
