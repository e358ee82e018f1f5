// The one way sentral signs and checks its short-lived tokens (room tokens, transcription session tokens):
// EdDSA JWTs from the control plane's key, each kind with an audience of its own so one never opens the other.
import type { KeyObject } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

const ISSUER = 'sentral';

/** What every signed token carries besides its own claims. */
export interface TokenWindow {
  /** Whom the token names (a participant, a session). */
  subject: string;
  audience: string;
  /** Epoch ms from which the token works, and at which it stops working. */
  notBefore: number;
  expiresAt: number;
}

/** Why a token was refused: expired, not valid yet, or anything else (bad signature, issuer, audience, shape). */
export type TokenRefusal = 'expired' | 'not_yet_valid' | 'invalid';

/** Signs `claims` as an EdDSA JWT for `window` (times in whole seconds, as JWTs count them). */
export async function signToken(privateKey: KeyObject, claims: Record<string, unknown>, window: TokenWindow): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA', typ: 'JWT' })
    .setSubject(window.subject)
    .setIssuer(ISSUER)
    .setAudience(window.audience)
    .setIssuedAt(Math.floor(window.notBefore / 1000))
    .setNotBefore(Math.floor(window.notBefore / 1000))
    .setExpirationTime(Math.floor(window.expiresAt / 1000))
    .sign(privateKey);
}

/**
 * Checks a token's signature, issuer, audience and time window at `nowMs`; answers its payload, or why it
 * was refused (the caller maps that to its catalogue code).
 */
export async function verifyToken(publicKey: KeyObject, token: string, audience: string, nowMs: number): Promise<{ payload: Record<string, unknown> } | { refusal: TokenRefusal; cause: unknown }> {
  try {
    const { payload } = await jwtVerify(token, publicKey, { algorithms: ['EdDSA'], issuer: ISSUER, audience, currentDate: new Date(nowMs), requiredClaims: ['sub', 'nbf', 'exp'] });
    return { payload: payload as Record<string, unknown> };
  } catch (cause) {
    if (cause instanceof joseErrors.JWTExpired) return { refusal: 'expired', cause };
    if (cause instanceof joseErrors.JWTClaimValidationFailed && cause.claim === 'nbf') return { refusal: 'not_yet_valid', cause };
    return { refusal: 'invalid', cause };
  }
}
