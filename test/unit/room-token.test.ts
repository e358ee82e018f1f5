import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { generateRoomKeyPair, grantsFor, issueRoomToken, verifyRoomToken } from '../../shared/signing/room-token.js';
import { isSentralError } from '../../shared/errors/sentral-error.js';

const keys = generateRoomKeyPair();
const now = Date.UTC(2026, 0, 1, 12);
const request = { participantId: 'part_1', callId: 'call_1', kind: 'app' as const, notBefore: now, expiresAt: now + 60_000 };

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(() => null, (e: unknown) => e);
  return isSentralError(err) ? err.code : `not refused: ${String(err)}`;
}

describe('room tokens', () => {
  it('carry participant, call, kind and LiveKit-style grants, valid from nbf until exp', async () => {
    const token = await issueRoomToken(keys.privateKey, request);
    expect(await verifyRoomToken(keys.publicKey, token, now + 1000)).toEqual({
      sub: 'part_1',
      call: 'call_1',
      kind: 'app',
      grants: { canPublishSources: ['microphone'], canPublishData: true, canSubscribe: true },
      gen: 1,
      nbf: now / 1000,
      exp: now / 1000 + 60,
    });
  });

  it('carry the token generation; one issued before generations existed is of the first', async () => {
    expect((await verifyRoomToken(keys.publicKey, await issueRoomToken(keys.privateKey, { ...request, generation: 4 }), now)).gen).toBe(4);
    const legacy = await signedByHand({ call: 'call_1', kind: 'app', grants: grantsFor('app') });
    expect((await verifyRoomToken(keys.publicKey, legacy, now)).gen).toBe(1);
  });

  it('a bot token allows only microphone audio and no data', async () => {
    expect(grantsFor('bot')).toEqual({ canPublishSources: ['microphone'], canPublishData: false, canSubscribe: true });
    const token = await issueRoomToken(keys.privateKey, { ...request, kind: 'bot' });
    expect((await verifyRoomToken(keys.publicKey, token, now)).grants.canPublishData).toBe(false);
  });

  it('is refused once expired, before nbf, with another key, and when tampered with', async () => {
    const token = await issueRoomToken(keys.privateKey, request);
    expect(await codeOf(verifyRoomToken(keys.publicKey, token, now + 60_000))).toBe('room_token_expired');
    expect(await codeOf(verifyRoomToken(keys.publicKey, token, now - 1000))).toBe('room_token_not_yet_valid');
    expect(await codeOf(verifyRoomToken(generateRoomKeyPair().publicKey, token, now))).toBe('room_token_invalid');
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), call: 'call_2' })).toString('base64url');
    expect(await codeOf(verifyRoomToken(keys.publicKey, `${h}.${forged}.${s}`, now))).toBe('room_token_invalid');
  });

  it('refuses garbage, other algorithms and tokens without the room claims', async () => {
    for (const junk of ['', 'abc', 'a.b.c', 'x'.repeat(10_000)]) {
      expect(await codeOf(verifyRoomToken(keys.publicKey, junk, now))).toBe('room_token_invalid');
    }
    const hs = await new SignJWT({ call: 'call_1', kind: 'app', grants: grantsFor('app') })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('part_1')
      .setNotBefore(now / 1000)
      .setExpirationTime(now / 1000 + 60)
      .sign(new Uint8Array(32));
    expect(await codeOf(verifyRoomToken(keys.publicKey, hs, now))).toBe('room_token_invalid');
    const bare = await signedByHand({ call: 'call_1' });
    expect(await codeOf(verifyRoomToken(keys.publicKey, bare, now))).toBe('room_token_invalid');
  });
});

/** A token signed with the room key outside issueRoomToken, carrying exactly `claims` besides the standard ones. */
function signedByHand(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'EdDSA' })
    .setSubject('part_1')
    .setIssuer('sentral')
    .setAudience('sentral-room')
    .setNotBefore(now / 1000)
    .setExpirationTime(now / 1000 + 60)
    .sign(keys.privateKey);
}
