// Issue and verify of room tokens live beside the other signing code, as LiveKit keeps AccessToken and
// TokenVerifier in its server SDK: the control plane issues, media nodes verify, neither imports the other.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { Value } from 'typebox/value';
import type { RoomParticipantKind } from '../../protocol/room/room-message.js';
import { RoomTokenClaims, type RoomGrants } from '../../protocol/room/room-token-claims.js';
import { SentralError } from '../errors/sentral-error.js';
import { signToken, verifyToken } from './signed-token.js';

const AUDIENCE = 'sentral-room';

/** The Ed25519 key pair the control plane signs room tokens with; nodes hold the public half. */
export interface RoomKeyPair {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** Makes a new Ed25519 key pair for room tokens. */
export function generateRoomKeyPair(): RoomKeyPair {
  return generateKeyPairSync('ed25519');
}

/** Reads a PEM key (PKCS8 private or SPKI public) as configured in a file or variable. */
export function roomKeyFromPem(pem: string, type: 'private' | 'public'): KeyObject {
  return type === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
}

/** What a room token is issued for. */
export interface RoomTokenRequest {
  participantId: string;
  callId: string;
  kind: RoomParticipantKind;
  /** Epoch ms from which the token works. */
  notBefore: number;
  /** Epoch ms at which it stops working (and an open connection is closed). */
  expiresAt: number;
  /** The participant's token generation (default 1): media nodes refuse a token older than the newest they were told of. */
  generation?: number;
}

/** The grants of a participant kind: a bot or a moved caller publishes its microphone and hears the call, but sends no data. */
export function grantsFor(kind: RoomParticipantKind): RoomGrants {
  return { canPublishSources: ['microphone'], canPublishData: kind === 'app', canSubscribe: true };
}

/** Signs a room token (EdDSA JWT) with the grants of the participant's kind. */
export async function issueRoomToken(privateKey: KeyObject, request: RoomTokenRequest): Promise<string> {
  const claims = { call: request.callId, kind: request.kind, grants: grantsFor(request.kind), gen: request.generation ?? 1 };
  return signToken(privateKey, claims, { subject: request.participantId, audience: AUDIENCE, notBefore: request.notBefore, expiresAt: request.expiresAt });
}

const REFUSALS = { expired: 'room_token_expired', not_yet_valid: 'room_token_not_yet_valid', invalid: 'room_token_invalid' } as const;

/**
 * Checks a room token's signature, issuer, audience and time window at `nowMs`, and its claims' shape.
 * Throws SentralError room_token_expired, room_token_not_yet_valid or room_token_invalid.
 */
export async function verifyRoomToken(publicKey: KeyObject, token: string, nowMs: number): Promise<RoomTokenClaims> {
  const checked = await verifyToken(publicKey, token, AUDIENCE, nowMs);
  if ('refusal' in checked) throw new SentralError(REFUSALS[checked.refusal], { cause: checked.cause });
  const claims = pick(checked.payload);
  if (!Value.Check(RoomTokenClaims, claims)) throw new SentralError('room_token_invalid', { message: 'The room token lacks required claims.' });
  return claims;
}

function pick(payload: Record<string, unknown>): Record<string, unknown> {
  const { sub, call, kind, grants, gen, nbf, exp } = payload;
  // A token issued before generations existed is of the first one.
  return { sub, call, kind, grants, gen: gen ?? 1, nbf, exp };
}
