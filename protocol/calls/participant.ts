import { Type, type Static } from 'typebox';
import { PhoneNumber } from '../api/common.js';

/**
 * Kinds of participant: a telephone (dialled, or the caller of an inbound call), an app user, a customer's
 * bot, a stream to the customer's server, a staff member of the company in the app (joins through the media
 * room like an app user and counts as a person), or an AI agent (joins like a bot, with a bot's token rules,
 * and does not keep a call open).
 */
export const ParticipantKind = Type.Union([
  Type.Literal('phone'),
  Type.Literal('app'),
  Type.Literal('bot'),
  Type.Literal('stream'),
  Type.Literal('staff'),
  Type.Literal('ai_agent'),
  /** A caller moved in from another call (POST /v1/calls/:id/move): that call's audio, joined through the room by its media node. */
  Type.Literal('call'),
]);
/** Kind of participant. */
export type ParticipantKind = Static<typeof ParticipantKind>;

/**
 * Where a participant is in its life (docs/calls.md draws the table): dialing and ringing (phone),
 * waiting (app or bot not connected yet; stream connecting), joined, reconnecting (app dropped; stream
 * redialling), left.
 */
export const ParticipantState = Type.Union([
  Type.Literal('dialing'),
  Type.Literal('ringing'),
  Type.Literal('waiting'),
  Type.Literal('joined'),
  Type.Literal('reconnecting'),
  Type.Literal('left'),
]);
/** Where a participant is in its life. */
export type ParticipantState = Static<typeof ParticipantState>;

/** Why a participant left. */
export const ParticipantLeftReason = Type.Union([
  Type.Literal('hangup'),
  Type.Literal('busy'),
  Type.Literal('no_answer'),
  Type.Literal('failed'),
  Type.Literal('removed'),
  Type.Literal('disconnected'),
  Type.Literal('join_timeout'),
  Type.Literal('paid_time_exhausted'),
  Type.Literal('test_time_limit'),
  Type.Literal('token_expired'),
  Type.Literal('call_ended'),
  // Offers and transfers (protocol/calls/handover.ts): another target took the offer, it expired or was called
  // off; the operator left because the transfer completed; the target left because it was cancelled.
  Type.Literal('offer_taken'),
  Type.Literal('offer_expired'),
  Type.Literal('offer_cancelled'),
  Type.Literal('transferred'),
  Type.Literal('transfer_cancelled'),
  /** An inbound caller whose call was rejected. */
  Type.Literal('rejected'),
  /** The link to the call a caller was moved into, left because the caller was moved on (another call or a queue). */
  Type.Literal('moved'),
  // Stream end reasons (protocol/stream/stream-end-reason.ts) other than the two above.
  Type.Literal('stopped'),
  Type.Literal('max_minutes'),
  Type.Literal('server_closed'),
  Type.Literal('reconnect_gave_up'),
  Type.Literal('server_unresponsive'),
  Type.Literal('connect_failed'),
]);
/** Why a participant left. */
export type ParticipantLeftReason = Static<typeof ParticipantLeftReason>;

/** talk: hears and is heard; listen: hears only; whisper: heard only by its target. */
export const AudioMode = Type.Union([Type.Literal('talk'), Type.Literal('listen'), Type.Literal('whisper')]);
/** How a participant takes part in the mix. */
export type AudioMode = Static<typeof AudioMode>;

/** Connection details of an app, staff, bot or AI agent participant for a real-time media-room client. */
export const Connection = Type.Object({ url: Type.String(), token: Type.String() });
/** Connection details of an app or bot participant. */
export type Connection = Static<typeof Connection>;

/** A participant as given at call creation or in an add request (bodies: `participants[]`, `{ participant }`). */
export const ParticipantSpec = Type.Object(
  {
    kind: Type.Union([Type.Literal('phone'), Type.Literal('app'), Type.Literal('bot'), Type.Literal('staff'), Type.Literal('ai_agent')]),
    to: Type.Optional(PhoneNumber),
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    externalRef: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    maxMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 60 })),
  },
  { additionalProperties: false },
);
/** A participant as given at call creation or in an add request. */
export type ParticipantSpec = Static<typeof ParticipantSpec>;

/** POST /v1/calls/:id/participants. */
export const AddParticipantRequest = Type.Object({ participant: ParticipantSpec }, { additionalProperties: false });
/** POST /v1/calls/:id/participants body. */
export type AddParticipantRequest = Static<typeof AddParticipantRequest>;

/** PATCH /v1/calls/:id/participants/:participantId: absent fields stay as they are. */
export const UpdateParticipantRequest = Type.Object(
  { muted: Type.Optional(Type.Boolean()), held: Type.Optional(Type.Boolean()), audioMode: Type.Optional(AudioMode) },
  { additionalProperties: false, minProperties: 1 },
);
/** PATCH participant body. */
export type UpdateParticipantRequest = Static<typeof UpdateParticipantRequest>;

/** A participant of a call as the API returns it. */
export const Participant = Type.Object(
  {
    object: Type.Literal('participant'),
    id: Type.String(),
    callId: Type.String(),
    kind: ParticipantKind,
    state: ParticipantState,
    to: Type.Union([Type.String(), Type.Null()]),
    displayName: Type.Union([Type.String(), Type.Null()]),
    externalRef: Type.Union([Type.String(), Type.Null()]),
    muted: Type.Boolean(),
    held: Type.Boolean(),
    audioMode: AudioMode,
    /** App, staff, bot and AI agent participants: the room connection; null for other kinds and for a bot or AI agent under a test key. */
    connection: Type.Union([Connection, Type.Null()]),
    joinedAt: Type.Union([Type.String(), Type.Null()]),
    leftAt: Type.Union([Type.String(), Type.Null()]),
    leftReason: Type.Union([ParticipantLeftReason, Type.Null()]),
    /** Kind `call` only: the other call (the moved caller's own call, or the call the caller was moved into). */
    linkedCallId: Type.Optional(Type.String()),
  },
  { title: 'Participant' },
);
/** A participant as the API returns it. */
export type Participant = Static<typeof Participant>;

/** DELETE /v1/calls/:id/participants/:participantId answer. */
export const RemoveParticipantResult = Type.Object({
  object: Type.Literal('participant'),
  id: Type.String(),
  removed: Type.Boolean(),
  state: ParticipantState,
});
/** DELETE participant answer. */
export type RemoveParticipantResult = Static<typeof RemoveParticipantResult>;
