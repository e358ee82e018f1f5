// Tokens of transcription sessions: signed with the room key (the control plane issues, media nodes verify),
// with an audience of their own, so a room token never opens a session and a session token never a room.
import type { KeyObject } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { Value } from 'typebox/value';
import { SessionTokenClaims, type SessionEncoding } from '../../protocol/transcription/transcription-session.js';
import { SentralError } from '../errors/sentral-error.js';

const ISSUER = 'sentral';
const AUDIENCE = 'sentral-transcription';

/** What a session token is issued for. */
export interface SessionTokenRequest {
  sessionId: string;
  encoding: SessionEncoding;
  language: string;
  maxMinutes: number;
  /** Epoch ms from which the token works, and at which it stops working. */
  notBefore: number;
  expiresAt: number;
}

/** Signs a session token (EdDSA JWT). */
export async function issueSessionToken(privateKey: KeyObject, request: SessionTokenRequest): Promise<string> {
  return new SignJWT({ enc: request.encoding, lang: request.language, max: request.maxMinutes })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
    .setSubject(request.sessionId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(request.notBefore / 1000))
    .setNotBefore(Math.floor(request.notBefore / 1000))
    .setExpirationTime(Math.floor(request.expiresAt / 1000))
    .sign(privateKey);
}

/** Checks a session token's signature, issuer, audience, time window and claims; throws transcription_token_invalid or _expired. */
export async function verifySessionToken(publicKey: KeyObject, token: string, nowMs: number): Promise<SessionTokenClaims> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, publicKey, { algorithms: ['EdDSA'], issuer: ISSUER, audience: AUDIENCE, currentDate: new Date(nowMs), requiredClaims: ['sub', 'nbf', 'exp'] }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw new SentralError('transcription_token_expired', { cause: err });
    throw new SentralError('transcription_token_invalid', { cause: err });
  }
  const { sub, enc, lang, max, nbf, exp } = payload;
  const claims = { sub, enc, lang, max, nbf, exp };
  if (!Value.Check(SessionTokenClaims, claims)) throw new SentralError('transcription_token_invalid', { message: 'The session token lacks required claims.' });
  return claims;
}
