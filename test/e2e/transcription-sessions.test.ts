/**
 * Transcription sessions as a customer's program uses them: a WebSocket client streams espeak-ng speech
 * ("good morning", which the embedded recognizer gets right) as PCM16 16 kHz or mu-law 8 kHz and reads the
 * results; hostile clients get catalogued errors and close codes; the money follows the audio received.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { encodeMulaw } from '../../shared/audio/g711.js';
import { SpeechSynthesizer } from '../../media/speech/tts.js';
import { expireSessions } from '../../control/transcription/transcription-sessions.js';
import { wakeDispatcher } from '../../control/events/event-log.js';
import type { CallsSystem, Customer } from './calls-harness.js';
import { withCallsCustomer } from '../support/calls-customer.js';

let sys: CallsSystem;
let customer: Customer;
let speech16: Int16Array;
let speech8: Int16Array;
let seq = 0;
const key = (): Record<string, string> => ({ 'idempotency-key': `session-${++seq}` });

/** `samples` with half a second of silence before and a second after, as a person's microphone would give. */
function padded(samples: Int16Array, rate: number): Int16Array {
  const out = new Int16Array(samples.length + rate + rate / 2);
  out.set(samples, rate / 2);
  return out;
}

withCallsCustomer(async (started) => {
  ({ sys, customer } = started);
  const tts = new SpeechSynthesizer();
  speech16 = padded(await tts.render('good morning', 'en-US', 16000), 16000);
  speech8 = padded(await tts.render('good morning', 'en-US', 8000), 8000);
});

/** A connected client that records every message and how the socket closed. */
class SessionClient {
  readonly messages: Array<Record<string, any>> = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: Array<{ match: (m: Record<string, any>) => boolean; resolve: (m: Record<string, any>) => void }> = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const m = JSON.parse(String(data)) as Record<string, any>;
      this.messages.push(m);
      for (const w of this.waiters.filter((x) => x.match(m))) {
        this.waiters.splice(this.waiters.indexOf(w), 1);
        w.resolve(m);
      }
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static async open(url: string): Promise<SessionClient> {
    const ws = new WebSocket(url, { handshakeTimeout: 20_000 });
    const client = new SessionClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  /** The first message `match` accepts; fails after 20 s naming the messages seen, so a stall says where it was. */
  next(match: (m: Record<string, any>) => boolean): Promise<Record<string, any>> {
    const seen = this.messages.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`no matching message within 20 s; got ${this.messages.map((m) => m.type).join(', ') || 'none'}`)), 20_000);
      this.waiters.push({ match, resolve: (m) => (clearTimeout(guard), resolve(m)) });
    });
  }
}

async function createSession(c: Customer, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await sys.request(c.key, 'POST', '/v1/transcription/sessions', body, key());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

describe('transcription sessions', () => {
  it('transcribes PCM16 16 kHz as it streams: ready, final with the words, closed after stop; priced per started minute of audio', async () => {
    const before = await customer.balance();
    const session = await createSession(customer, { maxMinutes: 2 });
    expect(session).toMatchObject({ object: 'transcription_session', state: 'open', encoding: 'pcm16', sampleRate: 16000, language: 'en-US', maxMinutes: 2, priceOre: 20, audioMs: null });
    expect(session.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/transcription$/);
    expect(await customer.balance()).toBe(before - 20);

    const client = await SessionClient.open(`${session.url}?token=${session.token}`);
    expect(await client.next((m) => m.type === 'ready')).toMatchObject({ sessionId: session.id, encoding: 'pcm16', sampleRate: 16000 });
    for (let at = 0; at < speech16.length; at += 320) client.ws.send(Buffer.from(speech16.slice(at, at + 320).buffer));
    const final = await client.next((m) => m.type === 'final');
    expect(final.text).toContain('good morning');
    expect(final.endMs).toBeGreaterThan(final.startMs);
    client.ws.send(JSON.stringify({ type: 'stop' }));
    const closed = await client.next((m) => m.type === 'closed');
    expect(closed.audioMs).toBe(Math.round(speech16.length / 16));
    expect((await client.closed).code).toBe(1000);

    const ended = await customer.nextEvent((e) => e.type === 'transcription.session.ended' && e.data.sessionId === session.id);
    expect(ended.data).toMatchObject({ state: 'closed', audioMs: Math.round(speech16.length / 16), priceOre: 10, finals: 1 });
    const read = await sys.request(customer.key, 'GET', `/v1/transcription/sessions/${session.id}`);
    expect(read.body).toMatchObject({ state: 'closed', priceOre: 10, audioMs: Math.round(speech16.length / 16) });
    expect(read.body.token).toBeUndefined();
    expect(await customer.balance()).toBe(before - 10);
  }, 60_000);

  it('transcribes mu-law 8 kHz sent in odd-sized pieces from the moment the socket opens; free under a test key', async () => {
    const tester = await sys.customer({ mode: 'test' });
    const session = await createSession(tester, { encoding: 'mulaw' });
    expect(session).toMatchObject({ encoding: 'mulaw', sampleRate: 8000, priceOre: 0 });
    // No wait for `ready`: what arrives while the node checks the token is kept for the session.
    const client = await SessionClient.open(`${session.url}?token=${session.token}`);
    const bytes = new Uint8Array(speech8.length);
    encodeMulaw(speech8, bytes);
    for (let at = 0; at < bytes.length; at += 237) client.ws.send(Buffer.from(bytes.subarray(at, at + 237)));
    client.ws.send(JSON.stringify({ type: 'stop' }));
    const closed = await client.next((m) => m.type === 'closed');
    expect(client.messages[0]?.type).toBe('ready');
    expect(closed.audioMs).toBe(Math.floor(speech8.length / 160) * 20);
    const finals = client.messages.filter((m) => m.type === 'final').map((m) => m.text).join(' ');
    expect(finals).toContain('good morning');
    const ended = await tester.nextEvent((e) => e.type === 'transcription.session.ended' && e.data.sessionId === session.id);
    expect(ended.data).toMatchObject({ state: 'closed', priceOre: 0 });
  }, 60_000);

  it('refuses a missing or foreign token (4401), a second connection (4409), and closes after too many malformed messages (4400)', async () => {
    const session = await createSession(customer, { maxMinutes: 1 });
    const noToken = await SessionClient.open(session.url);
    expect((await noToken.next((m) => m.type === 'error')).code).toBe('transcription_token_invalid');
    expect((await noToken.closed).code).toBe(4401);
    const forged = await SessionClient.open(`${session.url}?token=${session.token.slice(0, -4)}AAAA`);
    expect((await forged.closed).code).toBe(4401);

    const client = await SessionClient.open(`${session.url}?token=${session.token}`);
    await client.next((m) => m.type === 'ready');
    const second = await SessionClient.open(`${session.url}?token=${session.token}`);
    expect((await second.next((m) => m.type === 'error')).code).toBe('transcription_session_used');
    expect((await second.closed).code).toBe(4409);

    client.ws.send(Buffer.from([1, 2, 3]));
    const error = await client.next((m) => m.type === 'error');
    expect(error.code).toBe('transcription_message_invalid');
    for (const text of ['not json', '{"type":"start"}', '{"type":"stop","x":1}', '"\ud800"', '[]', 'null']) client.ws.send(text);
    for (let i = 0; i < 5; i++) client.ws.send(Buffer.alloc(0));
    expect((await client.closed).code).toBe(4400);
    const ended = await customer.nextEvent((e) => e.type === 'transcription.session.ended' && e.data.sessionId === session.id);
    expect(ended.data).toMatchObject({ state: 'closed', audioMs: 0, priceOre: 0 });
  }, 60_000);

  it('stops at maxMinutes of audio: what came before is transcribed, then transcription_session_limit and 4413', async () => {
    const before = await customer.balance();
    const session = await createSession(customer, { maxMinutes: 1 });
    const client = await SessionClient.open(`${session.url}?token=${session.token}`);
    await client.next((m) => m.type === 'ready');
    const silence = Buffer.alloc(64_000);
    for (let i = 0; i < 31; i++) client.ws.send(silence);
    expect((await client.next((m) => m.type === 'error')).code).toBe('transcription_session_limit');
    expect((await client.next((m) => m.type === 'closed')).audioMs).toBe(60_000);
    expect((await client.closed).code).toBe(4413);
    const ended = await customer.nextEvent((e) => e.type === 'transcription.session.ended' && e.data.sessionId === session.id);
    expect(ended.data).toMatchObject({ audioMs: 60_000, priceOre: 10 });
    expect(await customer.balance()).toBe(before - 10);
  }, 60_000);

  it('expires, free, a session whose node never reported it', async () => {
    const before = await customer.balance();
    const session = await createSession(customer, { maxMinutes: 3 });
    expect(await customer.balance()).toBe(before - 30);
    await sys.services.sql`update transcription_sessions set expires_at_ms = ${Date.now() - 1} where id = ${session.id}`;
    expect(await expireSessions(sys.services.sql, sys.services.clock, 0)).toBeGreaterThanOrEqual(1);
    await wakeDispatcher(sys.services.bus);
    const ended = await customer.nextEvent((e) => e.type === 'transcription.session.ended' && e.data.sessionId === session.id);
    expect(ended.data).toMatchObject({ state: 'expired', audioMs: null, priceOre: 0 });
    expect(await customer.balance()).toBe(before);
  }, 60_000);

  it('refuses bad bodies with catalogue codes and reserves nothing', async () => {
    const before = await customer.balance();
    for (const [body, headers, code] of [
      [{}, {}, 'idempotency_key_required'],
      [{ maxMinutes: 0 }, key(), 'invalid_request'],
      [{ maxMinutes: 61 }, key(), 'invalid_request'],
      [{ encoding: 'opus' }, key(), 'invalid_request'],
      [{ language: 'en\u0000' }, key(), 'invalid_request'],
      [{ extra: 1 }, key(), 'invalid_request'],
    ] as Array<[unknown, Record<string, string>, string]>) {
      const res = await sys.request(customer.key, 'POST', '/v1/transcription/sessions', body, headers);
      expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([400, code]);
    }
    const missing = await sys.request(customer.key, 'GET', '/v1/transcription/sessions/trs_00000000000000000000000000');
    expect([missing.status, missing.body.error.code]).toEqual([404, 'not_found']);
    expect(await customer.balance()).toBe(before);
  });
});
