import { createPublicKey, verify as cryptoVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Webhook } from 'standardwebhooks';
import {
  generateEd25519,
  generateSecret,
  publicKeyOf,
  signatureHeader,
  signV1,
  signV1a,
} from '../../shared/signing/standard-webhooks.js';
import { verifySignature as verify } from '../../clients/typescript/src/signature.js';

// Vectors from REFERENCE.md (the Standard Webhooks libraries' own).
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TS = 1614265330;
const BODY = '{"test": 2432232314}';
const V1 = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const PRIVATE = 'whsk_6Xb/dCcHpPea21PS1N9VY/NZW723CEc77N4rJCubMbfVKIDij2HKpMKkioLlX0dRqSKJp4AJ6p9lMicMFs6Kvg==';
const PUBLIC = 'whpk_1SiA4o9hyqTCpIqC5V9HUakiiaeACeqfZTInDBbOir4=';
const V1A = 'v1a,hnO3f9T8Ytu9HwrXslvumlUpqtNVqkhqw/enGzPCXe5BdqzCInXqYXFymVJaA7AZdpXwVLPo3mNl8EM+m7TBAg==';
const NOW = TS * 1000;

function verifyWithNodeCrypto(publicKey: string, id: string, ts: number, body: string, entry: string): boolean {
  const raw = Buffer.from(publicKey.slice('whpk_'.length), 'base64');
  const key = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]), format: 'der', type: 'spki' });
  return cryptoVerify(null, Buffer.from(`${id}.${ts}.${body}`), key, Buffer.from(entry.slice('v1a,'.length), 'base64'));
}

function verifyWithLibrary(secret: string, id: string, ts: number, body: string, header: string): boolean {
  try {
    // The library checks the timestamp against the real clock, so only fresh timestamps are given to it.
    new Webhook(secret).verify(body, { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': header }, { jsonParse: false });
    return true;
  } catch {
    return false;
  }
}

describe('standard webhooks signing', () => {
  it('signs the v1 reference vector', () => {
    expect(signV1(SECRET, ID, TS, BODY)).toBe(V1);
  });

  it('signs the v1a reference vector and derives its public key', () => {
    expect(signV1a(PRIVATE, ID, TS, BODY)).toBe(V1A);
    expect(publicKeyOf(PRIVATE)).toBe(PUBLIC);
  });

  it('verifies the reference vectors', () => {
    expect(verify(V1, { secrets: [SECRET] }, ID, TS, BODY, { now: NOW })).toBe(true);
    expect(verify(V1A, { publicKeys: [PUBLIC] }, ID, String(TS), BODY, { now: NOW })).toBe(true);
  });

  it('agrees with the standardwebhooks library on fresh signatures of arbitrary bodies', () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1, maxLength: 40 }), (body, id) => {
        const secret = generateSecret();
        const ts = Math.floor(Date.now() / 1000);
        const header = signV1(secret, id, ts, body);
        expect(header).toBe(new Webhook(secret).sign(id, new Date(ts * 1000), body));
        expect(verifyWithLibrary(secret, id, ts, body, header)).toBe(true);
      }),
      { numRuns: 50 },
    );
  });

  it('produces v1a signatures node:crypto verifies with the whpk_ key of a generated pair', () => {
    const pair = generateEd25519();
    expect(pair.privateKey).toMatch(/^whsk_[A-Za-z0-9+/]{86}==$/);
    expect(pair.publicKey).toMatch(/^whpk_[A-Za-z0-9+/]{43}=$/);
    expect(publicKeyOf(pair.privateKey)).toBe(pair.publicKey);
    const entry = signV1a(pair.privateKey, ID, TS, BODY);
    expect(verifyWithNodeCrypto(pair.publicKey, ID, TS, BODY, entry)).toBe(true);
    expect(verifyWithNodeCrypto(pair.publicKey, ID, TS, BODY + ' ', entry)).toBe(false);
  });

  it('generates distinct 32-byte secrets', () => {
    const a = generateSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(generateSecret()).not.toBe(a);
  });

  it('puts one v1 entry per secret and a v1a entry in the header, each verifiable on its own', () => {
    const other = generateSecret();
    const ts = Math.floor(Date.now() / 1000);
    const header = signatureHeader([SECRET, other], PRIVATE, ID, ts, BODY);
    const entries = header.split(' ');
    expect(entries).toHaveLength(3);
    expect(entries[2]!.startsWith('v1a,')).toBe(true);
    // A receiver holding either secret accepts the delivery (the rotation grace).
    expect(verifyWithLibrary(SECRET, ID, ts, BODY, header)).toBe(true);
    expect(verifyWithLibrary(other, ID, ts, BODY, header)).toBe(true);
    expect(verifyWithNodeCrypto(PUBLIC, ID, ts, BODY, entries[2]!)).toBe(true);
    expect(signatureHeader([SECRET], undefined, ID, TS, BODY)).toBe(V1);
  });

  it('rejects a timestamp outside the tolerance, in either direction', () => {
    expect(verify(V1, { secrets: [SECRET] }, ID, TS, BODY, { now: NOW + 300_000 })).toBe(true);
    expect(verify(V1, { secrets: [SECRET] }, ID, TS, BODY, { now: NOW + 301_000 })).toBe(false);
    expect(verify(V1, { secrets: [SECRET] }, ID, TS, BODY, { now: NOW - 301_000 })).toBe(false);
    expect(verify(V1, { secrets: [SECRET] }, ID, TS, BODY, { now: NOW + 9_000, toleranceSeconds: 5 })).toBe(false);
  });

  it('rejects a changed body, id, timestamp, secret or key', () => {
    const opts = { now: NOW };
    expect(verify(V1, { secrets: [SECRET] }, ID, TS, BODY + ' ', opts)).toBe(false);
    expect(verify(V1, { secrets: [SECRET] }, 'msg_other', TS, BODY, opts)).toBe(false);
    expect(verify(V1, { secrets: [SECRET] }, ID, TS + 1, BODY, opts)).toBe(false);
    expect(verify(V1, { secrets: [generateSecret()] }, ID, TS, BODY, opts)).toBe(false);
    expect(verify(V1A, { publicKeys: [generateEd25519().publicKey] }, ID, TS, BODY, opts)).toBe(false);
    // A v1a entry is never checked as HMAC and a v1 entry never as Ed25519.
    expect(verify(V1A, { secrets: [SECRET] }, ID, TS, BODY, opts)).toBe(false);
    expect(verify(V1, { publicKeys: [PUBLIC] }, ID, TS, BODY, opts)).toBe(false);
  });

  it('accepts a header with unknown versions and one good entry, in any position', () => {
    const header = `v2,abcd v1,${Buffer.alloc(32).toString('base64')} ${V1}`;
    expect(verify(header, { secrets: [SECRET] }, ID, TS, BODY, { now: NOW })).toBe(true);
  });

  it('returns false, never throws, on hostile headers, timestamps and keys', () => {
    const hostile = ['', ' ', ',', 'v1', 'v1,', 'v1,@@@@', 'v1,' + 'A'.repeat(10_000), `v1a,${'A'.repeat(20)}`, 'v1,g0hM9SsE OTPJTGt', V1.replace('v1,', 'V1,'), V1 + '\u0000'];
    for (const header of hostile) {
      expect(verify(header, { secrets: [SECRET], publicKeys: [PUBLIC] }, ID, TS, BODY, { now: NOW })).toBe(false);
    }
    for (const ts of ['', '1614265330.0', '-1614265330', '0x601', ' 1614265330', '1e9', '99999999999999999999']) {
      expect(verify(V1, { secrets: [SECRET] }, ID, ts, BODY, { now: NOW })).toBe(false);
    }
    expect(verify(V1, { secrets: [SECRET] }, ID, Number.NaN, BODY, { now: NOW })).toBe(false);
    expect(verify(V1, { secrets: ['nope', 'whsec_', 'whsec_***'], publicKeys: ['whpk_', 'whpk_AAAA', 'x'] }, ID, TS, BODY, { now: NOW })).toBe(false);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 20 }), (header, ts) => {
        expect(typeof verify(header, { secrets: [SECRET], publicKeys: [PUBLIC] }, ID, ts, BODY, { now: NOW })).toBe('boolean');
      }),
      { numRuns: 300 },
    );
  });

  it('refuses to sign with a malformed secret or private key', () => {
    expect(() => signV1('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', ID, TS, BODY)).toThrow(/whsec_/);
    expect(() => signV1('whsec_', ID, TS, BODY)).toThrow(/whsec_/);
    expect(() => signV1a('whsk_AAAA', ID, TS, BODY)).toThrow(/whsk_/);
    expect(() => signV1a(PUBLIC, ID, TS, BODY)).toThrow(/whsk_/);
  });
});
