import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { generateEd25519, generateSecret } from '../../shared/signing/standard-webhooks.js';
import { signedStreamUrl, streamSignatureHeader } from '../../shared/signing/stream-signature.js';
import {
  assertStartMatches,
  parseStreamSignature,
  signedStreamUrl as receiverStreamUrl,
  StreamVerificationError,
  verifyStreamUpgrade,
} from '../../clients/typescript/src/stream-upgrade.js';

const url = 'https://bots.example.com/twilio/stream?x=1';
const now = Date.UTC(2026, 0, 1, 12, 0, 0);
const streamId = 'str_01abcdefghjkmnpqrstvwxyz0';

function expectCode(fn: () => unknown, code: string): void {
  try {
    fn();
  } catch (err) {
    expect(err instanceof StreamVerificationError && err.code).toBe(code);
    return;
  }
  throw new Error(`expected ${code}`);
}

describe('svc-stream signature', () => {
  const secret = generateSecret();

  it('signs the endpoint URL with https: replaced by wss:, nothing else changed', () => {
    expect(signedStreamUrl('https://a.example/Path?q=A%20b')).toBe('wss://a.example/Path?q=A%20b');
    // The receiver's copy (in the client package) signs the same URL.
    expect(receiverStreamUrl('https://a.example/Path?q=A%20b')).toBe(signedStreamUrl('https://a.example/Path?q=A%20b'));
    expect(receiverStreamUrl('http://127.0.0.1:9/x')).toBe(signedStreamUrl('http://127.0.0.1:9/x'));
  });

  it('is of the form t=…;id=…;sig=… and verifies with the helper', () => {
    const header = streamSignatureHeader({ streamId, url, secrets: [secret], now });
    expect(header).toMatch(/^t=\d+;id=str_[0-9a-z]+;sig=v1,[A-Za-z0-9+/=]+$/);
    expect(verifyStreamUpgrade({ 'svc-stream': header }, { url, secret, now })).toEqual({ streamId });
  });

  it('verifies with the npm standardwebhooks library fed the header parts', () => {
    const header = streamSignatureHeader({ streamId, url, secrets: [secret], now: Date.now() });
    const parts = parseStreamSignature(header)!;
    const wh = new Webhook(secret);
    expect(() =>
      wh.verify(signedStreamUrl(url), {
        'webhook-id': parts.id,
        'webhook-timestamp': parts.timestamp,
        'webhook-signature': parts.signature,
      }, { jsonParse: false }),
    ).not.toThrow();
    expect(() =>
      new Webhook(generateSecret()).verify(signedStreamUrl(url), {
        'webhook-id': parts.id,
        'webhook-timestamp': parts.timestamp,
        'webhook-signature': parts.signature,
      }, { jsonParse: false }),
    ).toThrow();
  });

  it('signs with every unexpired secret and with Ed25519 when on', () => {
    const old = generateSecret();
    const ed = generateEd25519();
    const header = streamSignatureHeader({ streamId, url, secrets: [secret, old], ed25519PrivateKey: ed.privateKey, now });
    expect(parseStreamSignature(header)!.signature.split(' ').map((e) => e.split(',')[0])).toEqual(['v1', 'v1', 'v1a']);
    expect(verifyStreamUpgrade({ 'svc-stream': header }, { url, secret: old, now }).streamId).toBe(streamId);
    expect(verifyStreamUpgrade({ 'svc-stream': header }, { url, publicKey: ed.publicKey, now }).streamId).toBe(streamId);
  });

  it('accepts the wss: URL as the url option too', () => {
    const header = streamSignatureHeader({ streamId, url, secrets: [secret], now });
    expect(verifyStreamUpgrade({ 'svc-stream': header }, { url: signedStreamUrl(url), secret, now }).streamId).toBe(streamId);
  });

  it('refuses a wrong secret', () => {
    const header = streamSignatureHeader({ streamId, url, secrets: [secret], now });
    expectCode(() => verifyStreamUpgrade({ 'svc-stream': header }, { url, secret: generateSecret(), now }), 'stream_signature_invalid');
  });

  it('refuses an old timestamp (more than 5 minutes)', () => {
    const header = streamSignatureHeader({ streamId, url, secrets: [secret], now: now - 301_000 });
    expectCode(() => verifyStreamUpgrade({ 'svc-stream': header }, { url, secret, now }), 'stream_signature_invalid');
  });

  it('refuses a signature for another URL', () => {
    const header = streamSignatureHeader({ streamId, url: 'https://evil.example/', secrets: [secret], now });
    expectCode(() => verifyStreamUpgrade({ 'svc-stream': header }, { url, secret, now }), 'stream_signature_invalid');
  });

  it('refuses a stream id swapped into a valid header', () => {
    const header = streamSignatureHeader({ streamId, url, secrets: [secret], now }).replace(streamId, 'str_other');
    expectCode(() => verifyStreamUpgrade({ 'svc-stream': header }, { url, secret, now }), 'stream_signature_invalid');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['garbage', 'hello world'],
    ['duplicate id', 't=1;id=a;id=b;sig=v1,AAAA'],
    ['extra field', 't=1;id=a;sig=v1,AAAA;x=1'],
    ['non-numeric time', 't=abc;id=a;sig=v1,AAAA'],
    ['two headers', ['t=1;id=a;sig=v1,AAAA', 't=1;id=a;sig=v1,AAAA']],
    ['huge', `t=1;id=${'a'.repeat(100_000)};sig=v1,AAAA`],
  ])('refuses a %s header', (_name, value) => {
    expectCode(() => verifyStreamUpgrade({ 'svc-stream': value }, { url, secret, now }), 'stream_signature_invalid');
  });

  it('checks that the start message names the signed stream', () => {
    const start = { event: 'start', sequenceNumber: '1', streamSid: streamId, start: { streamSid: streamId } };
    expect(() => assertStartMatches(start, streamId)).not.toThrow();
    expectCode(() => assertStartMatches({ ...start, streamSid: 'str_x' }, streamId), 'stream_start_mismatch');
    expectCode(() => assertStartMatches({ ...start, start: { streamSid: 'str_x' } }, streamId), 'stream_start_mismatch');
    expectCode(() => assertStartMatches({ ...start, event: 'media' }, streamId), 'stream_start_mismatch');
    expectCode(() => assertStartMatches(null, streamId), 'stream_start_mismatch');
    expectCode(() => assertStartMatches('start', streamId), 'stream_start_mismatch');
  });
});
