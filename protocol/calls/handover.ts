/**
 * Handing a call's caller to someone else: offers (several phones or app users ring at once, the first to
 * answer takes the call) and transfers (cold or warm, completed or cancelled). Request bodies, the
 * resources the API returns and the data of their events (docs/calls-api.md, Offers and transfers).
 */
import { Type, type Static } from 'typebox';
import { PhoneNumber, Timestamp } from '../api/common.js';
import { Participant } from './participant.js';

/** Most targets one offer rings at once. */
export const OFFER_MAX_TARGETS = 10;
/** How long an offer rings, and a transfer's target, when the request does not say. */
export const HANDOVER_DEFAULT_TIMEOUT_SECONDS = 30;

const timeoutSeconds = Type.Integer({ minimum: 5, maximum: 120, description: `Seconds to ring before giving up (default ${HANDOVER_DEFAULT_TIMEOUT_SECONDS}).` });
const displayName = Type.String({ minLength: 1, maxLength: 100 });
const externalRef = Type.String({ minLength: 1, maxLength: 200 });

/**
 * One recipient of an offer: a phone to dial, an app user, or a staff member of the company (a person in the
 * app, named by `externalRef`); app users and staff join through the media room.
 */
export const OfferTargetSpec = Type.Union([
  Type.Object({ kind: Type.Literal('phone'), to: PhoneNumber, displayName: Type.Optional(displayName) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('app'), displayName: Type.Optional(displayName), externalRef: Type.Optional(externalRef) }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('staff'), externalRef, displayName: Type.Optional(displayName) }, { additionalProperties: false }),
]);
/** One recipient of an offer. */
export type OfferTargetSpec = Static<typeof OfferTargetSpec>;

/** POST /v1/calls/:id/offers. */
export const OfferRequest = Type.Object(
  {
    targets: Type.Array(OfferTargetSpec, { minItems: 1, maxItems: OFFER_MAX_TARGETS }),
    timeoutSeconds: Type.Optional(timeoutSeconds),
  },
  { additionalProperties: false },
);
/** POST /v1/calls/:id/offers body. */
export type OfferRequest = Static<typeof OfferRequest>;

/** Where an offer stands. */
export const OfferState = Type.Union([Type.Literal('ringing'), Type.Literal('accepted'), Type.Literal('expired'), Type.Literal('cancelled')]);

/** Why an offer expired: its time ran out, or every target gave up first. */
export const OfferExpiry = Type.Union([Type.Literal('timeout'), Type.Literal('no_target_left')]);

/** An offer as the API returns it; `targets` are participants of the call (app users with connection). */
export const Offer = Type.Object(
  {
    object: Type.Literal('offer'),
    id: Type.String(),
    callId: Type.String(),
    state: OfferState,
    expiresAt: Timestamp,
    acceptedBy: Type.Union([Type.String(), Type.Null()]),
    expiry: Type.Union([OfferExpiry, Type.Null()]),
    targets: Type.Array(Participant),
  },
  { title: 'Offer' },
);
/** An offer as the API returns it. */
export type Offer = Static<typeof Offer>;

/** cold (default): the target's answer completes it. warm: the operator talks with the target first, then completes. */
export const TransferKind = Type.Union([Type.Literal('cold'), Type.Literal('warm')]);

/** POST /v1/calls/:id/transfer. */
export const TransferRequest = Type.Object(
  {
    to: PhoneNumber,
    kind: Type.Optional(TransferKind),
    displayName: Type.Optional(displayName),
    timeoutSeconds: Type.Optional(timeoutSeconds),
  },
  { additionalProperties: false },
);
/** POST /v1/calls/:id/transfer body. */
export type TransferRequest = Static<typeof TransferRequest>;

/** Where a transfer stands. */
export const TransferState = Type.Union([
  Type.Literal('ringing'),
  Type.Literal('talking'),
  Type.Literal('completed'),
  Type.Literal('cancelled'),
  Type.Literal('failed'),
]);

/** Why a transfer failed (how its target left) or was cancelled. */
export const TransferReason = Type.Union([
  Type.Literal('busy'),
  Type.Literal('no_answer'),
  Type.Literal('failed'),
  Type.Literal('hangup'),
  Type.Literal('api'),
  Type.Literal('caller_left'),
  Type.Literal('call_ended'),
]);

/** A transfer as the API returns it. */
export const Transfer = Type.Object(
  {
    object: Type.Literal('transfer'),
    id: Type.String(),
    callId: Type.String(),
    kind: TransferKind,
    state: TransferState,
    callerId: Type.String(),
    operatorIds: Type.Array(Type.String()),
    target: Participant,
    startedAt: Timestamp,
    answeredAt: Type.Union([Timestamp, Type.Null()]),
    settledAt: Type.Union([Timestamp, Type.Null()]),
    reason: Type.Union([TransferReason, Type.Null()]),
  },
  { title: 'Transfer' },
);
/** A transfer as the API returns it. */
export type Transfer = Static<typeof Transfer>;

/** The call's latest offer as GET /v1/calls/:id shows it. */
export const OfferSummary = Type.Object(
  {
    id: Type.String(),
    state: OfferState,
    expiresAt: Timestamp,
    acceptedBy: Type.Union([Type.String(), Type.Null()]),
    expiry: Type.Union([OfferExpiry, Type.Null()]),
    targetIds: Type.Array(Type.String()),
  },
  { title: 'OfferSummary' },
);
/** The call's latest offer in the call. */
export type OfferSummary = Static<typeof OfferSummary>;

/** The call's latest transfer as GET /v1/calls/:id shows it. */
export const TransferSummary = Type.Object(
  {
    id: Type.String(),
    kind: TransferKind,
    state: TransferState,
    callerId: Type.String(),
    targetId: Type.String(),
    operatorIds: Type.Array(Type.String()),
    reason: Type.Union([TransferReason, Type.Null()]),
  },
  { title: 'TransferSummary' },
);
/** The call's latest transfer in the call. */
export type TransferSummary = Static<typeof TransferSummary>;

/** call.offer.accepted / call.offer.expired data fields (besides the call's own). */
export const offerEventFields = {
  offerId: Type.String(),
  state: OfferState,
  acceptedBy: Type.Union([Type.String(), Type.Null()]),
  expiry: Type.Union([OfferExpiry, Type.Null()]),
  targetIds: Type.Array(Type.String()),
};

/** call.transfer.* data fields (besides the call's own). */
export const transferEventFields = {
  transferId: Type.String(),
  kind: TransferKind,
  state: TransferState,
  callerId: Type.String(),
  targetId: Type.String(),
  to: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([TransferReason, Type.Null()]),
};
