import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rms, toneAmplitude } from '../../media/audio/level.js';
import { decodeMulaw, encodeMulaw } from '../../shared/audio/g711.js';
import { sine } from '../../shared/audio/tones.js';
import { CustomerServer } from '../integration/stream-customer-server.js';
import { parseWav } from '../../shared/audio/wav.js';
import { Baresip, freeSipPort } from '../support/baresip.js';
import { firstStartSecrets, runSentral, untilStatus, type SentralProcess } from '../support/sentral-process.js';
import { SipTrunk } from '../support/sip-trunk.js';
import { Waiters } from '../support/waiters.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';
import { eventMismatch } from '../support/event-check.js';

// The whole path as an operator runs it: `sentral start` (standalone) with SENTRAL_SIP_* pointing at a
// carrier on 127.0.0.3 that routes numbers to real baresip phones (or answers some with a status), and a
// customer with the demo live key driving calls through the API and hearing of them by signed webhooks.
const ANSWERS = '+4791345678'; // baresip, answers at once
const RINGS = '+4791345679'; // baresip, rings until told
const DECLINES = '+4791345603'; // the carrier answers 603 Decline
const UNAVAILABLE = '+4791345480'; // the carrier answers 480 Temporarily Unavailable
const OURS = '+4722000001'; // the customer's provisioned number (the caller ID, and called by CALLER)
const CALLER = '+4798765432'; // baresip, calls OURS through our SIP listener

interface HookEvent {
  id: string;
  type: string;
  data: Record<string, any>;
}

const dataDir = mkdtempSync(join(tmpdir(), 'sentral-sip-'));
let sentral: SentralProcess;
let api = '';
let key = '';
let profileId = '';
let trunk: SipTrunk;
let answering: Baresip;
let ringing: Baresip;
let caller: Baresip;
let sipPort = 0;
let receiver: WebhookReceiver;
const events: HookEvent[] = [];
/** Call events received whose data does not match its schema in protocol/calls/call-events.ts. */
const schemaMismatches: string[] = [];
const waiters = new Waiters();
let seq = 0;

beforeAll(async () => {
  [answering, ringing, caller, trunk] = await Promise.all([
    Baresip.start({ user: ANSWERS, answer: 'auto', source: { sineHz: 440 } }),
    Baresip.start({ user: RINGS, answer: 'manual', source: { sineHz: 440 } }),
    Baresip.start({ user: CALLER, answer: 'manual', source: { sineHz: 440 } }),
    SipTrunk.start('127.0.0.3'),
  ]);
  sipPort = await freeSipPort('127.0.0.1');
  trunk.numbers.set(ANSWERS, { kind: 'forward', port: answering.sipPort });
  trunk.numbers.set(RINGS, { kind: 'forward', port: ringing.sipPort });
  trunk.numbers.set(DECLINES, { kind: 'status', status: 603 });
  trunk.numbers.set(UNAVAILABLE, { kind: 'status', status: 480 });
  const rtpBase = (await freeSipPort('127.0.0.1')) & ~1;
  sentral = runSentral(['start'], {
    SENTRAL_DATA_DIR: dataDir,
    SENTRAL_ALLOW_INSECURE_TARGETS: '1',
    SENTRAL_SIP_TRUNK: `127.0.0.3:${trunk.port}`,
    SENTRAL_SIP_LISTEN: `127.0.0.1:${sipPort}`,
    SENTRAL_SIP_PUBLIC_ADDRESS: '127.0.0.1',
    // The carrier, and the phones it routes to (their BYE comes straight to us: the carrier does not Record-Route).
    SENTRAL_SIP_ALLOW: '127.0.0.2,127.0.0.3',
    SENTRAL_SIP_RTP_PORTS: `${rtpBase}-${Math.min(65535, rtpBase + 99)}`,
  });
  const secrets = await firstStartSecrets(sentral);
  api = await sentral.apiUrl;
  await untilStatus(`${api}/readyz`, 200, 30_000);
  key = secrets.liveKey;
  profileId = secrets.profileId;
  const provisioned = await fetch(`${api}/admin/v1/numbers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secrets.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ number: OURS, companyId: secrets.companyId, profileId, inboundMode: 'api', decideWithinSeconds: 60 }),
  });
  expect(provisioned.status, await provisioned.clone().text()).toBe(201);
  receiver = await startWebhookReceiver();
  const endpoint = await request('POST', '/v1/webhook-endpoints', { url: receiver.url, events: ['call.*'] });
  expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
  const verifier = new Webhook(endpoint.body.secret.replace(/^whsec_/, ''));
  receiver.respond((hook) => {
    const event = verifier.verify(hook.body, {
      'webhook-id': String(hook.headers['webhook-id']),
      'webhook-timestamp': String(hook.headers['webhook-timestamp']),
      'webhook-signature': String(hook.headers['webhook-signature']),
    }) as HookEvent;
    if (!events.some((e) => e.id === event.id)) {
      const mismatch = eventMismatch(event.type, event.data);
      if (mismatch !== null) schemaMismatches.push(mismatch);
      events.push(event);
    }
    waiters.wake();
    return { status: 200 };
  });
}, 120_000);

afterEach((ctx) => {
  if (ctx.task.result?.state === 'fail') console.log(sentral.output().slice(-6000), JSON.stringify(events), trunk.requests.map((r) => r.method), answering.output);
});

afterEach(() => {
  expect(schemaMismatches).toEqual([]);
});

afterAll(async () => {
  expect(await sentral?.stop('SIGTERM')).toBe(0);
  await receiver?.close();
  trunk?.close();
  await answering?.stop();
  await ringing?.stop();
  await caller?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'idempotency-key': `sip-${++seq}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** The first webhook event of the call (received already or to come) of `type` that matches. */
function event(callId: string, type: string, match: (e: HookEvent) => boolean = () => true): Promise<HookEvent> {
  return anyEvent(type, (e) => e.data.callId === callId && match(e));
}

/** The first webhook event (received already or to come) of `type` that matches; fails after 20 s naming the last events received. */
function anyEvent(type: string, match: (e: HookEvent) => boolean): Promise<HookEvent> {
  return waiters.until(
    () => events.find((e) => e.type === type && match(e)),
    20_000,
    type,
    () => `last events: ${events.slice(-8).map((e) => `${e.type} ${e.data.callId ?? ''}`).join(', ') || 'none'}`,
  );
}

async function dial(to: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await request('POST', '/v1/calls', { profileId, to, from: OURS, maxMinutes: 2, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** 20 ms frames of the newest recording of what `b` heard that carry speech energy. */
async function loudFramesHeardBy(b: Baresip): Promise<number> {
  const files = await b.heardFiles();
  expect(files.length).toBeGreaterThan(0);
  const wav = parseWav(await readFile(files.sort().at(-1)!));
  let loud = 0;
  for (let at = 0; at + 160 <= wav.samples.length; at += 160) if (rms(wav.samples.subarray(at, at + 160)) > 500) loud++;
  return loud;
}

describe('a live call from the API to a SIP phone', () => {
  it('is answered; say is heard on the phone; its keys arrive as a gather and as call.dtmf.received; hangup sends BYE', async () => {
    const callId = await dial(ANSWERS);
    await event(callId, 'call.answered');
    await answering.event('CALL_ESTABLISHED');

    const say = await request('POST', `/v1/calls/${callId}/say`, { text: 'Hello from sentral. This is the telephone line test, one two three.' });
    expect(say.status, JSON.stringify(say.body)).toBe(201);
    await event(callId, 'call.command.completed', (e) => e.data.commandId === say.body.id);

    const gather = await request('POST', `/v1/calls/${callId}/gather`, { numDigits: 2, timeoutSeconds: 30 });
    expect(gather.status, JSON.stringify(gather.body)).toBe(201);
    answering.command('sndcode', '4');
    answering.command('sndcode', '2');
    const gathered = await event(callId, 'call.gather.completed', (e) => e.data.commandId === gather.body.id);
    expect(gathered.data).toMatchObject({ outcome: 'digits', digits: '42' });

    answering.command('sndcode', '#');
    expect((await event(callId, 'call.dtmf.received')).data).toMatchObject({ digit: '#' });

    const closedFrom = answering.events.length;
    const hangup = await request('POST', `/v1/calls/${callId}/hangup`);
    expect(hangup.body).toMatchObject({ state: 'ended', endReason: 'hangup_api' });
    await answering.event('CALL_CLOSED', closedFrom);
    expect((await event(callId, 'call.ended')).data).toMatchObject({ reason: 'hangup_api' });
    expect(await loudFramesHeardBy(answering)).toBeGreaterThan(50); // over a second of speech
  });

  it('ends as hangup_phone when the phone hangs up', async () => {
    const from = answering.events.length;
    const callId = await dial(ANSWERS);
    await event(callId, 'call.answered');
    await answering.event('CALL_ESTABLISHED', from);
    answering.command('hangup');
    expect((await event(callId, 'call.participant.left')).data).toMatchObject({ kind: 'phone', reason: 'hangup' });
    expect((await event(callId, 'call.ended')).data).toMatchObject({ reason: 'hangup_phone' });
  });
});

describe('a far end that does not answer', () => {
  it('maps 486 (the phone declines), 603, 480 and the ring timeout (CANCEL) to busy, failed, no_answer, no_answer; nothing is charged', async () => {
    const from = ringing.events.length;
    const declined = await dial(RINGS);
    await ringing.event('CALL_INCOMING', from);
    await event(declined, 'call.ringing');
    ringing.command('hangup');
    expect((await event(declined, 'call.ended')).data).toMatchObject({ reason: 'busy', priceOre: 0 });

    const [rejected, unavailable] = await Promise.all([dial(DECLINES), dial(UNAVAILABLE)]);
    expect((await event(rejected, 'call.ended')).data).toMatchObject({ reason: 'failed', priceOre: 0 });
    expect((await event(rejected, 'call.participant.left')).data).toMatchObject({ reason: 'failed' });
    expect((await event(unavailable, 'call.ended')).data).toMatchObject({ reason: 'no_answer', priceOre: 0 });

    const unanswered = ringing.events.length;
    const silent = await dial(RINGS, { ringTimeoutSeconds: 5 });
    await ringing.event('CALL_INCOMING', unanswered);
    expect((await event(silent, 'call.ended')).data).toMatchObject({ reason: 'no_answer', priceOre: 0 });
    await ringing.event('CALL_CLOSED', unanswered);
  });
});

describe('an inbound SIP call', () => {
  /** Calls OURS from baresip; resolves with the call's call.incoming. */
  async function callIn(): Promise<{ callId: string; from: number }> {
    const from = caller.events.length;
    const before = new Set(events.filter((e) => e.type === 'call.incoming').map((e) => e.id));
    caller.command('dial', `sip:${OURS}@127.0.0.1:${sipPort}`);
    const incoming = await anyEvent('call.incoming', (e) => !before.has(e.id));
    expect(incoming.data).toMatchObject({ from: CALLER, to: OURS });
    await caller.event('CALL_RINGING', from);
    return { callId: incoming.data.callId as string, from };
  }

  it('reaches the number: call.incoming, answer, a stream hears the caller and the caller hears the stream; the caller hanging up ends it', async () => {
    const { callId, from } = await callIn();
    const options = { secret: '', now: () => Date.now() };
    const server = await CustomerServer.start(options);
    try {
      const endpoint = await request('POST', '/v1/webhook-endpoints', { url: server.url, events: ['sms.status'] });
      options.secret = endpoint.body.secret;
      const answered = await request('POST', `/v1/calls/${callId}/answer`);
      expect(answered.status, JSON.stringify(answered.body)).toBe(200);
      await event(callId, 'call.answered');
      await caller.event('CALL_ESTABLISHED', from);
      const stream = await request('POST', `/v1/calls/${callId}/streams`, { endpointId: endpoint.body.id });
      expect(stream.status, JSON.stringify(stream.body)).toBe(201);
      const conn = await server.connection(0);
      await conn.waitForEvent('start');
      // A second of what the customer's server hears holds the caller's 440 Hz tone.
      const heard = await conn.waitFor((m) => m.event === 'media' && m.sequenceNumber > 100);
      const frames = conn.all('media').filter((m) => m.sequenceNumber > heard.sequenceNumber - 50).map((m) => Buffer.from(m.media.payload as string, 'base64'));
      const samples = new Int16Array(frames.length * 160);
      frames.forEach((f, i) => decodeMulaw(new Uint8Array(f), samples.subarray(i * 160, i * 160 + 160)));
      expect(toneAmplitude(samples, 440, 8000)).toBeGreaterThan(500);
      // The customer's 1 kHz answer is heard in the caller's recording.
      const reply = new Uint8Array(8000);
      encodeMulaw(sine(1000, 1000, 8000, 8000), reply);
      for (let at = 0; at < reply.length; at += 160) conn.sendAudio(reply.subarray(at, at + 160));
      conn.send({ event: 'mark', streamSid: conn.streamSid, mark: { name: 'said' } });
      await conn.waitFor((m) => m.event === 'mark' && m.mark?.name === 'said');
      caller.command('hangup');
      expect((await event(callId, 'call.ended')).data).toMatchObject({ reason: 'hangup_phone' });
      expect(await loudFramesHeardBy(caller)).toBeGreaterThan(25);
    } finally {
      await server.close();
    }
  });

  it('ends unanswered and free when the caller gives up while it rings (CANCEL)', async () => {
    const { callId } = await callIn();
    caller.command('hangup');
    expect((await event(callId, 'call.ended')).data).toMatchObject({ priceOre: 0 });
  });

  it('answers 480 to a call to a number nobody has: the offer is never taken', async () => {
    const from = caller.events.length;
    caller.command('dial', `sip:+4722999999@127.0.0.1:${sipPort}`);
    await caller.event('CALL_RINGING', from);
    const closed = await caller.event('CALL_CLOSED', from);
    expect(JSON.stringify(closed)).toMatch(/480|Temporarily Unavailable/);
  });

  it('reject answers the caller 603 Decline and charges nothing', async () => {
    const { callId, from } = await callIn();
    const rejected = await request('POST', `/v1/calls/${callId}/reject`);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await event(callId, 'call.ended')).data).toMatchObject({ reason: 'rejected', priceOre: 0 });
    const closed = await caller.event('CALL_CLOSED', from);
    expect(JSON.stringify(closed)).toMatch(/603|Decline/);
  });
});
