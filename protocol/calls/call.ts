import { Type, type Static } from 'typebox';
import { Metadata, Mode, PhoneNumber, Uuid, WouldCostOre } from '../api/common.js';
import { Participant, ParticipantSpec } from './participant.js';
import { StreamStartRequest } from './stream.js';
import { Voice } from '../speech/voice.js';
import { OfferSummary, TransferSummary } from './handover.js';
import { QueueSpot } from './move.js';

/** The longest a call may last (its maxMinutes at most). */
export const MAX_CALL_MINUTES = 240;

/** State of a call (docs/calls.md): dialing, ringing, in_progress, ended. */
export const CallState = Type.Union([Type.Literal('dialing'), Type.Literal('ringing'), Type.Literal('in_progress'), Type.Literal('ended')]);
/** State of a call. */
export type CallState = Static<typeof CallState>;

/** Which way a call goes. */
export const CallDirection = Type.Union([Type.Literal('outbound'), Type.Literal('inbound')]);
/** Which way a call goes. */
export type CallDirection = Static<typeof CallDirection>;

/** Why a call ended. */
export const CallEndReason = Type.Union([
  /** The dialled phone hung up. */
  Type.Literal('hangup_phone'),
  /** POST /v1/calls/:id/hangup. */
  Type.Literal('hangup_api'),
  Type.Literal('busy'),
  Type.Literal('no_answer'),
  Type.Literal('failed'),
  /** The reserved minutes ran out. */
  Type.Literal('paid_time_exhausted'),
  /** The last person (phone or app; not bots, streams or AI agents) left a conference or app-only call. */
  Type.Literal('last_person_left'),
  /** amd hangup_on_machine: an answering machine answered. */
  Type.Literal('machine_detected'),
  /** amd voicemail_drop: the message was left on the answering machine. */
  Type.Literal('voicemail_left'),
  /** An inbound call was rejected (POST /v1/calls/:id/reject) before it was answered: nothing is charged. */
  Type.Literal('rejected'),
  /** The number's routing ended an inbound call: its message was read, or it has no routing. */
  Type.Literal('routing_ended'),
  /** The call was stored and its money reserved, but it never started (its start was interrupted): nothing was dialled or charged. */
  Type.Literal('not_started'),
  /** The caller was moved into another call (POST /v1/calls/:id/move), and that call ended or removed the caller. */
  Type.Literal('moved_call_ended'),
  /** The call's media node stopped heartbeating (killed, host lost): billed to the moment it was last seen alive. */
  Type.Literal('media_lost'),
  /** A standalone process stopped during the call and started again: billed to the stop. */
  Type.Literal('service_restarted'),
  /** The call's media node was stopped (SIGTERM) and its drain grace ran out: billed to the end of the grace. */
  Type.Literal('service_stopping'),
]);
/** Why a call ended. */
export type CallEndReason = Static<typeof CallEndReason>;

/** Customer key/value data carried in every event of the call (bounds in protocol/api/common.ts). */
export { Metadata };

/** What answering-machine detection does (docs/speech.md has the method). */
export const AmdMode = Type.Union([Type.Literal('detect'), Type.Literal('hangup_on_machine'), Type.Literal('voicemail_drop')]);
/** What answering-machine detection does. */
export type AmdMode = Static<typeof AmdMode>;

/**
 * Answering-machine detection settings (a call that dials `to`, without an automatic message): detect
 * records call.machineDetected; hangup_on_machine also ends the call on a machine; voicemail_drop waits for
 * the end of a machine's greeting, then plays `clipId` or reads `text` (in the call's `voice`) and hangs up.
 */
export const AmdSettings = Type.Object(
  {
    mode: AmdMode,
    /** voicemail_drop: the audio clip to leave. */
    clipId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' })),
    /** voicemail_drop: the text to read. */
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
  },
  { additionalProperties: false },
);

/** POST /v1/calls. */
export const CreateCallRequest = Type.Object(
  {
    profileId: Uuid,
    to: Type.Optional(PhoneNumber),
    from: Type.Optional(PhoneNumber),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
    audioClipId: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' })),
    voice: Type.Optional(Voice),
    repeat: Type.Optional(Type.Boolean()),
    participants: Type.Optional(Type.Array(ParticipantSpec, { maxItems: 20 })),
    recording: Type.Optional(Type.Boolean()),
    transcription: Type.Optional(Type.Boolean()),
    amd: Type.Optional(AmdSettings),
    maxMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_CALL_MINUTES })),
    /** Seconds the dialled phone rings before the call ends as no_answer (default 60). */
    ringTimeoutSeconds: Type.Optional(Type.Integer({ minimum: 5, maximum: 600 })),
    externalRef: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    metadata: Type.Optional(Metadata),
    conference: Type.Optional(Type.Boolean()),
    stream: Type.Optional(StreamStartRequest),
  },
  { additionalProperties: false },
);
/** POST /v1/calls body. */
export type CreateCallRequest = Static<typeof CreateCallRequest>;

/** PATCH /v1/calls/:id (also after the call, to set an outcome). */
export const UpdateCallRequest = Type.Object({ metadata: Metadata }, { additionalProperties: false });
/** PATCH /v1/calls/:id body. */
export type UpdateCallRequest = Static<typeof UpdateCallRequest>;

/**
 * One item of a call's price: what one of its reservations drew from the balance. `item` says what was paid
 * for: `call` (the call's own minutes: its dialled phone, and the people and recording asked for with it),
 * `phone`, `app` or `bot` (a participant with its own reservation), `stream`, `recording` (started during the
 * call); more items may come (transcription, answering-machine detection), so read an unknown one as another
 * line of the bill.
 */
export const PriceItem = Type.Object(
  {
    item: Type.String({ pattern: '^[a-z][a-z_]*$', maxLength: 40 }),
    /** The call, participant, stream or command it belongs to. */
    id: Type.String(),
    /** Started minutes counted. */
    minutes: Type.Integer({ minimum: 0 }),
    /** Price per started minute. */
    rateOre: Type.Integer({ minimum: 0 }),
    /** What it drew: min(minutes × rateOre, what was reserved for it). */
    priceOre: Type.Integer({ minimum: 0 }),
  },
  { title: 'PriceItem' },
);
/** One item of a call's price. */
export type PriceItem = Static<typeof PriceItem>;

/** A call as the API returns it. */
export const Call = Type.Object(
  {
    object: Type.Literal('call'),
    id: Type.String(),
    state: CallState,
    mode: Mode,
    profileId: Type.String(),
    /** outbound: made with POST /v1/calls; inbound: a phone called one of the company's numbers. */
    direction: CallDirection,
    /** Outbound: the party dialled; inbound: the number called. */
    to: Type.Union([Type.String(), Type.Null()]),
    /** Outbound: the profile's number shown; inbound: the caller's number. */
    from: Type.Union([Type.String(), Type.Null()]),
    /** Inbound: the provisioned number called (num_…); null for an outbound call. */
    numberId: Type.Union([Type.String(), Type.Null()]),
    /** Inbound on an `inboundMode: api` number: when the decision window ends (the number's routing runs); else null. */
    decideBy: Type.Union([Type.String(), Type.Null()]),
    conference: Type.Boolean(),
    externalRef: Type.Union([Type.String(), Type.Null()]),
    metadata: Metadata,
    assignedTo: Type.Union([Type.String(), Type.Null()]),
    participants: Type.Array(Participant),
    createdAt: Type.String(),
    answeredAt: Type.Union([Type.String(), Type.Null()]),
    endedAt: Type.Union([Type.String(), Type.Null()]),
    endReason: Type.Union([CallEndReason, Type.Null()]),
    /** Seconds from answer (or start, for a call without a phone) to the end; null while the call runs. */
    duration: Type.Union([Type.Integer(), Type.Null()]),
    /** Started minutes of the call's own charge. */
    countedMinutes: Type.Union([Type.Integer(), Type.Null()]),
    /** Everything the call drew from the balance (the sum of priceItems); 0 in test mode; null while the call runs. */
    priceOre: Type.Union([Type.Integer(), Type.Null()]),
    /** Test mode: what the ended call would have drawn live (its items' minutes at their live rates); null in live mode and while the call runs. */
    wouldCostOre: WouldCostOre,
    /** The price by item, each with minutes used (a call never answered has none); null while the call runs. */
    priceItems: Type.Union([Type.Array(PriceItem), Type.Null()]),
    /** The latest offer (POST …/offers), or null. */
    offer: Type.Union([OfferSummary, Type.Null()]),
    /** The latest transfer (POST …/transfer), or null. */
    transfer: Type.Union([TransferSummary, Type.Null()]),
    /** The call the caller was last moved into (POST /v1/calls/:id/move) while it is there or was when the call ended; else null. */
    movedInto: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    /** The queue the caller waits in, or waited in when the call ended (GET /v1/queues/:name gives the position); else null. */
    queue: Type.Optional(Type.Union([QueueSpot, Type.Null()])),
  },
  { title: 'Call' },
);
/** A call as the API returns it. */
export type Call = Static<typeof Call>;
