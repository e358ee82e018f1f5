import { Type, type Static } from 'typebox';

/** Most customParameters pairs a stream may carry (the interface's limit). */
export const MAX_CUSTOM_PARAMETERS = 20;

/**
 * The settings of a stream leg, carried in the `stream` field of the media node's addLeg operation. The
 * control plane has checked the endpoint (registered, https on port 443, a public address) and the limits;
 * listen mode travels as the leg's `listenTo` (null hears the mix, a participant id hears only that one).
 */
export const StreamLegSpec = Type.Object({
  /** The stream id: `streamSid` on the wire and the id claimed in the `svc-stream` signature. */
  streamId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' }),
  /** The endpoint's registered https URL; the node dials it as wss:// and signs it as such (http/ws only on loopback with SENTRAL_ALLOW_INSECURE_TARGETS). */
  url: Type.String({ pattern: '^https?://', maxLength: 2048 }),
  /** Every unexpired `whsec_` secret of the endpoint (more than one during a rotation grace). */
  secrets: Type.Array(Type.String({ pattern: '^whsec_' }), { minItems: 1, maxItems: 5 }),
  /** The endpoint's `whsk_` Ed25519 private key when Ed25519 is on. */
  ed25519PrivateKey: Type.Optional(Type.String({ pattern: '^whsk_' })),
  /** `start.accountSid`: the company id. */
  accountSid: Type.String({ minLength: 1, maxLength: 64 }),
  from: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
  to: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
  customParameters: Type.Record(Type.String({ maxLength: 256 }), Type.String({ maxLength: 1024 }), {
    maxProperties: MAX_CUSTOM_PARAMETERS,
  }),
  /** talk: audio both ways; listen: the customer's media is ignored (answered with an error). */
  audio: Type.Union([Type.Literal('talk'), Type.Literal('listen')]),
  /** The stream ends after this many minutes of stream time (already capped by the call's paid time). */
  maxMinutes: Type.Integer({ minimum: 1, maximum: 60 }),
  /** Redial after a drop without a close frame. */
  reconnect: Type.Boolean(),
  /** Under a test key: the stream hears a test tone instead of the call, for at most 60 seconds. */
  test: Type.Boolean(),
});
/** The settings of a stream leg. */
export type StreamLegSpec = Static<typeof StreamLegSpec>;
