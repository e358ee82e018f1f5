import { Type, type Static } from 'typebox';
import { RoomParticipantKind } from './room-message.js';

/** What a room token allows, modelled on LiveKit's video grant. */
export const RoomGrants = Type.Object({
  /** Sources the participant may publish; only `microphone` exists here. */
  canPublishSources: Type.Array(Type.Literal('microphone'), { maxItems: 1 }),
  /** Data messages (false for a bot). */
  canPublishData: Type.Boolean(),
  /** Hears the call. */
  canSubscribe: Type.Boolean(),
});
/** What a room token allows. */
export type RoomGrants = Static<typeof RoomGrants>;

/** Claims of a room token (beyond the registered `nbf`, `exp`, `iat`). */
export const RoomTokenClaims = Type.Object({
  /** The participant id. */
  sub: Type.String({ minLength: 1, maxLength: 64 }),
  /** The call id (LiveKit's room). */
  call: Type.String({ minLength: 1, maxLength: 64 }),
  kind: RoomParticipantKind,
  grants: RoomGrants,
  /** The participant's token generation: a newer token supersedes every older one (nbf counts only seconds). */
  gen: Type.Integer({ minimum: 1 }),
  /** Seconds since the epoch. */
  nbf: Type.Integer(),
  exp: Type.Integer(),
});
/** Claims of a room token. */
export type RoomTokenClaims = Static<typeof RoomTokenClaims>;
