// Tokens of transcription sessions: signed with the room key (the control plane issues, media nodes verify),
// with an audience of their own, so a room token never opens a session and a session token never a room.
import type { KeyObject } from 'node:crypto';
import { Value } from 'typebox/value';
import { SessionTokenClaims, type SessionEncoding } from '../../protocol/transcription/transcription-session.js';
import { SentralError } from '../errors/sentral-error.js';
import { signToken, verifyToken } from './signed-token.js';

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
  const claims = { enc: request.encoding, lang: request.language, max: request.maxMinutes };
  return signToken(privateKey, claims, { subject: request.sessionId, audience: AUDIENCE, notBefore: request.notBefore, expiresAt: request.expiresAt });
}

/** Checks a session token's signature, issuer, audience, time window and claims; throws transcription_token_invalid or _expired. */
export async function verifySessionToken(publicKey: KeyObject, token: string, nowMs: number): Promise<SessionTokenClaims> {
  const checked = await verifyToken(publicKey, token, AUDIENCE, nowMs);
  if ('refusal' in checked) throw new SentralError(checked.refusal === 'expired' ? 'transcription_token_expired' : 'transcription_token_invalid', { cause: checked.cause });
  const { sub, enc, lang, max, nbf, exp } = checked.payload;
  const claims = { sub, enc, lang, max, nbf, exp };
  if (!Value.Check(SessionTokenClaims, claims)) throw new SentralError('transcription_token_invalid', { message: 'The session token lacks required claims.' });
  return claims;
}
