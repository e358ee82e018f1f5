// Issue and verify of room tokens live beside the other signing code, as LiveKit keeps AccessToken and
// TokenVerifier in its server SDK: the control plane issues, media nodes verify, neither imports the other.
import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { Value } from 'typebox/value';
import { RoomTokenClaims, type RoomGrants } from '../../protocol/room/room-token-claims.js';
import { SentralError } from '../errors/sentral-error.js';

const ISSUER = 'sentral';
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
  kind: 'app' | 'bot';
  /** Epoch ms from which the token works. */
  notBefore: number;
  /** Epoch ms at which it stops working (and an open connection is closed). */
  expiresAt: number;
  /** The participant's token generation (default 1): media nodes refuse a token older than the newest they were told of. */
  generation?: number;
}

/** The grants of a participant kind: a bot publishes its microphone and hears the call, but sends no data. */
export function grantsFor(kind: 'app' | 'bot'): RoomGrants {
  return { canPublishSources: ['microphone'], canPublishData: kind === 'app', canSubscribe: true };
}

/** Signs a room token (EdDSA JWT) with the grants of the participant's kind. */
export async function issueRoomToken(privateKey: KeyObject, request: RoomTokenRequest): Promise<string> {
  return new SignJWT({ call: request.callId, kind: request.kind, grants: grantsFor(request.kind), gen: request.generation ?? 1 })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
    .setSubject(request.participantId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(request.notBefore / 1000))
    .setNotBefore(Math.floor(request.notBefore / 1000))
    .setExpirationTime(Math.floor(request.expiresAt / 1000))
    .sign(privateKey);
}

/**
 * Checks a room token's signature, issuer, audience and time window at `nowMs`, and its claims' shape.
 * Throws SentralError room_token_expired, room_token_not_yet_valid or room_token_invalid.
 */
export async function verifyRoomToken(publicKey: KeyObject, token: string, nowMs: number): Promise<RoomTokenClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, publicKey, {
      algorithms: ['EdDSA'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'nbf', 'exp'],
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new SentralError('room_token_expired', { cause: err });
    if (err instanceof joseErrors.JWTClaimValidationFailed && err.claim === 'nbf') {
      throw new SentralError('room_token_not_yet_valid', { cause: err });
    }
    throw new SentralError('room_token_invalid', { cause: err });
  }
  const claims = pick(payload as Record<string, unknown>);
  if (!Value.Check(RoomTokenClaims, claims)) throw new SentralError('room_token_invalid', { message: 'The room token lacks required claims.' });
  return claims;
}

function pick(payload: Record<string, unknown>): Record<string, unknown> {
  const { sub, call, kind, grants, gen, nbf, exp } = payload;
  // A token issued before generations existed is of the first one.
  return { sub, call, kind, grants, gen: gen ?? 1, nbf, exp };
}
