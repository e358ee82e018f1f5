import { describe, expect, it } from 'vitest';
import { sine } from '../../shared/audio/tones.js';
import { writeWav } from '../../shared/audio/wav.js';
import { RoomClient, hears } from '../integration/media-harness.js';
import { CustomerServer } from '../integration/stream-customer-server.js';
import type { CallsSystem, Customer } from './calls-harness.js';
import { withCallsCustomer } from '../support/calls-customer.js';

let sys: CallsSystem;
let customer: Customer;
let seq = 0;

withCallsCustomer((started) => ({ sys, customer } = started));

const key = (): Record<string, string> => ({ 'idempotency-key': `media-${++seq}` });
const ended = (callId: string) => customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === callId);
const typesOf = (callId: string) => customer.callEvents(callId).map((e) => e.type);

async function startCall(body: Record<string, unknown>) {
  const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, maxMinutes: 2, ...body }, key());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}


describe('app participants and bots in rooms', () => {
  it('an app-only call dials no phone; its two app users hear each other; priced per participant and minute', async () => {
    const before = await customer.balance();
    const call = await startCall({ participants: [{ kind: 'app', externalRef: 'alice' }, { kind: 'app', externalRef: 'bob' }] });
    expect(call.state).toBe('in_progress');
    expect(call.participants.map((p: any) => [p.kind, p.externalRef, p.state])).toEqual([['app', 'alice', 'waiting'], ['app', 'bob', 'waiting']]);
    const [alice, bob] = call.participants.map((p: any) => new RoomClient(`${p.connection.url}?token=${p.connection.token}`));
    await Promise.all([alice!.message('joined'), bob!.message('joined')]);
    await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === call.id && e.data.participantExternalRef === 'bob');
    alice!.talk(sine(440, 3000, 16000, 8000));
    bob!.talk(sine(700, 3000, 16000, 8000));
    await Promise.all([bob!.until(() => hears(bob!, 440)), alice!.until(() => hears(alice!, 700))]);
    const hung = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
    expect(hung.body.state).toBe('ended');
    const end = await ended(call.id);
    expect(end.data).toMatchObject({ reason: 'hangup_api', countedMinutes: 1, priceOre: 10 });
    expect((await alice!.closed).code).toBe(4410);
    bob!.close();
    expect(await customer.balance()).toBe(before - 10);
  });

  it('a new token supersedes the old one: the socket opened with it closes, it no longer connects, the new one does', async () => {
    const call = await startCall({ participants: [{ kind: 'app', externalRef: 'carol' }, { kind: 'app', externalRef: 'dave' }] });
    const [carolInfo] = call.participants;
    const carol = new RoomClient(`${carolInfo.connection.url}?token=${carolInfo.connection.token}`);
    await carol.message('joined');
    const renewed = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/participants/${carolInfo.id}/token`);
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
    expect(await carol.closed).toEqual({ code: 4401, reason: 'room_token_superseded' });
    const stale = new RoomClient(`${carolInfo.connection.url}?token=${carolInfo.connection.token}`);
    expect(await stale.closed).toEqual({ code: 4401, reason: 'room_token_superseded' });
    const again = new RoomClient(`${renewed.body.connection.url}?token=${renewed.body.connection.token}`);
    await again.message('joined');
    await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
    await ended(call.id);
    expect((await again.closed).code).toBe(4410);
  });

  it('a conference ends when the last person leaves, although a bot stays connected', async () => {
    const before = await customer.balance();
    const call = await startCall({ to: '+442079460007', from: customer.number, conference: true, participants: [{ kind: 'bot', maxMinutes: 5 }] });
    const botInfo = call.participants.find((p: any) => p.kind === 'bot');
    expect(botInfo.connection).toEqual({ url: expect.stringMatching(/^ws:\/\//), token: expect.any(String) });
    const bot = new RoomClient(`${botInfo.connection.url}?token=${botInfo.connection.token}`);
    await bot.message('joined');
    const end = await ended(call.id);
    expect(end.data.reason).toBe('last_person_left');
    expect(typesOf(call.id).filter((t) => !['call.participant.joined', 'call.ringing', 'call.answered'].includes(t))).toEqual(['call.participant.left', 'call.participant.left', 'call.ended']);
    const left = customer.callEvents(call.id).filter((e) => e.type === 'call.participant.left').map((e) => [e.data.kind, e.data.reason]);
    expect(left).toEqual([['phone', 'hangup'], ['bot', 'call_ended']]);
    expect((await bot.closed).code).toBe(4410);
    // The call's minute (25 øre) and the bot's minute (10 øre): its price is what left the balance.
    expect(end.data.priceItems).toEqual([
      { item: 'call', id: call.id, minutes: 1, rateOre: 25, priceOre: 25 },
      { item: 'bot', id: botInfo.id, minutes: 1, rateOre: 10, priceOre: 10 },
    ]);
    expect(end.data.priceOre).toBe(35);
    expect(await customer.balance()).toBe(before - 35);
  });
});

describe('changing who is in a running call', () => {
  it('adds a bot with its own reservation, mutes, renews a token and removes a participant while the others stay', async () => {
    const before = await customer.balance();
    const call = await startCall({ participants: [{ kind: 'app', externalRef: 'alice' }, { kind: 'app', externalRef: 'bob' }] });
    const [aliceInfo, bobInfo] = call.participants;
    const alice = new RoomClient(`${aliceInfo.connection.url}?token=${aliceInfo.connection.token}`);
    await alice.message('joined');
    const add = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/participants`, { participant: { kind: 'bot', maxMinutes: 1 } }, { 'idempotency-key': `bot-${call.id}` });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    expect(add.body).toMatchObject({ kind: 'bot', state: 'waiting', connection: { url: expect.any(String), token: expect.any(String) } });
    const again = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/participants`, { participant: { kind: 'bot', maxMinutes: 1 } }, { 'idempotency-key': `bot-${call.id}` });
    expect(again.body.id).toBe(add.body.id);
    // The call's 2 apps × 5 øre × 2 minutes, and the bot's 10 øre for its one minute.
    expect(await customer.balance()).toBe(before - 20 - 10);

    const muted = await sys.request(customer.key, 'PATCH', `/v1/calls/${call.id}/participants/${aliceInfo.id}`, { muted: true });
    expect(muted.body).toMatchObject({ id: aliceInfo.id, muted: true });
    await customer.nextEvent((e) => e.type === 'call.participant.updated' && e.data.participantId === aliceInfo.id && e.data.muted === true);
    const token = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/participants/${bobInfo.id}/token`);
    expect(token.body.connection.token).toEqual(expect.any(String));
    const bob = new RoomClient(`${token.body.connection.url}?token=${token.body.connection.token}`);
    await bob.message('joined');

    const removed = await sys.request(customer.key, 'DELETE', `/v1/calls/${call.id}/participants/${bobInfo.id}`);
    expect(removed.body).toMatchObject({ object: 'participant', id: bobInfo.id, removed: true, state: 'left' });
    expect((await bob.closed).code).toBe(4410);
    const left = await customer.nextEvent((e) => e.type === 'call.participant.left' && e.data.participantId === bobInfo.id);
    expect(left.data.reason).toBe('removed');
    expect((await sys.request(customer.key, 'GET', `/v1/calls/${call.id}`)).body.state).toBe('in_progress');
    const gone = await sys.request(customer.key, 'PATCH', `/v1/calls/${call.id}/participants/${bobInfo.id}`, { held: true });
    expect([gone.status, gone.body.error.code]).toEqual([409, 'participant_left']);

    await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
    const end = await ended(call.id);
    alice.close();
    // The bot never connected: its reservation comes back whole.
    expect(await customer.balance()).toBe(before - end.data.priceOre);
  });
});

describe('say, play and gather against a phone that presses keys (…005)', () => {
  it('gathers 1234 with a matching choice (barging into the question), then says and plays; every command completes', async () => {
    const call = await startCall({ to: '+442079460005', from: customer.number });
    await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === call.id);
    const gather = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/gather`, {
      text: 'Please type your four digit code, then the hash key.',
      choices: [{ id: 'code', digits: '1234' }, { id: 'other', digits: '9' }],
      timeoutSeconds: 10,
    }, key());
    expect(gather.status, JSON.stringify(gather.body)).toBe(201);
    expect(gather.body).toMatchObject({ object: 'command', action: 'gather', state: 'issued' });
    const result = await customer.nextEvent((e) => e.type === 'call.gather.completed' && e.data.commandId === gather.body.id);
    expect(result.data).toMatchObject({ outcome: 'digits', digits: '1234', choice: 'code', transcript: null });
    const read = await sys.request(customer.key, 'GET', `/v1/calls/${call.id}/commands/${gather.body.id}`);
    expect(read.body).toMatchObject({ state: 'completed', result: { digits: '1234', choice: 'code' } });

    const say = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/say`, { text: 'Thank you.' }, key());
    expect(say.status).toBe(201);
    await customer.nextEvent((e) => e.type === 'call.command.completed' && e.data.commandId === say.body.id);
    expect(customer.events.find((e) => e.type === 'call.playback.ended' && e.data.commandId === say.body.id)!.data.outcome).toBe('completed');

    const upload = await fetch(`${sys.api}/v1/audio-clips`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.key}`, 'content-type': 'audio/wav' },
      body: writeWav(sine(523, 400, 16000, 6000), 16000),
    });
    expect(upload.status).toBe(201);
    const clip = (await upload.json()) as { id: string };
    const play = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/play`, { audioClipId: clip.id }, key());
    expect(play.status, JSON.stringify(play.body)).toBe(201);
    await customer.nextEvent((e) => e.type === 'call.command.completed' && e.data.commandId === play.body.id);

    const dtmf = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/dtmf`, { digits: '1' });
    expect([dtmf.status, dtmf.body.error.code]).toEqual([501, 'capability_unavailable']);
    await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
    await ended(call.id);
    const late = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/say`, { text: 'Too late' }, key());
    expect([late.status, late.body.error.code]).toEqual([409, 'call_ended']);
  });
});

describe('streams and recordings', () => {
  it('a stream asked for at creation starts on answer: the customer\'s server gets connected, start and media, and stop with reason call_ended at the end', async () => {
    const options = { secret: '', now: () => Date.now() };
    const server = await CustomerServer.start(options);
    try {
      const endpoint = await sys.request(customer.key, 'POST', '/v1/webhook-endpoints', { url: server.url, events: ['sms.status'] }, key());
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
      options.secret = endpoint.body.secret;
      const before = await customer.balance();
      const call = await startCall({ to: '+442079460001', from: customer.number, stream: { endpointId: endpoint.body.id, customParameters: { order: '42' } } });
      const conn = await server.connection(0);
      const start = await conn.waitForEvent('start');
      expect(start.start.customParameters).toMatchObject({ order: '42', from_number: customer.number, to_number: '+442079460001' });
      expect(start.start.svc.callId).toBe(call.id);
      expect(conn.messages[0]!.event).toBe('connected');
      await conn.waitFor((m) => m.event === 'media' && m.sequenceNumber > 20);
      const streamJoined = await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === call.id && e.data.kind === 'stream');
      const stream = await sys.request(customer.key, 'GET', `/v1/calls/${call.id}/streams/${streamJoined.data.participantId}`);
      expect(stream.body).toMatchObject({ object: 'stream', state: 'streaming', audio: 'talk' });
      const second = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/streams`, { endpointId: endpoint.body.id }, key());
      expect([second.status, second.body.error.code]).toEqual([409, 'stream_limit_reached']);
      await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
      const end = await ended(call.id);
      const stop = await conn.waitForEvent('stop');
      expect(stop.stop.reason).toBe('call_ended');
      const stoppedStream = await sys.request(customer.key, 'GET', `/v1/calls/${call.id}/streams/${streamJoined.data.participantId}`);
      expect(stoppedStream.body).toMatchObject({ state: 'stopped', endReason: 'call_ended' });
      const left = customer.callEvents(call.id).find((e) => e.type === 'call.participant.left' && e.data.kind === 'stream');
      expect(left!.data.reason).toBe('call_ended');
      // The call's minute and the stream's minute: the price is what left the balance, item by item.
      const items = [
        { item: 'call', id: call.id, minutes: 1, rateOre: 25, priceOre: 25 },
        { item: 'stream', id: streamJoined.data.participantId, minutes: 1, rateOre: 5, priceOre: 5 },
      ];
      expect(end.data).toMatchObject({ priceOre: 30, priceItems: items });
      expect(await customer.balance()).toBe(before - 30);
      expect((await sys.request(customer.key, 'GET', `/v1/calls/${call.id}`)).body).toMatchObject({ priceOre: 30, priceItems: items });
    } finally {
      await server.close();
    }
  });

  it('a recorded call reports call.recording.ready and the WAV downloads', async () => {
    const before = await customer.balance();
    const call = await startCall({ to: '+442079460001', from: customer.number, recording: true });
    await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === call.id);
    await customer.nextEvent((e) => e.type === 'call.command.completed' && e.data.callId === call.id && e.data.action === 'recording.start');
    // Something worth recording: a sentence read into the call, heard to its end.
    const say = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/say`, { text: 'This call is recorded.' }, key());
    await customer.nextEvent((e) => e.type === 'call.command.completed' && e.data.commandId === say.body.id);
    await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
    const ready = await customer.nextEvent((e) => e.type === 'call.recording.ready' && e.data.callId === call.id);
    const end = await ended(call.id);
    // The call's minute at 25 øre plus recording at 2 øre.
    expect(end.data.priceOre).toBe(27);
    expect(await customer.balance()).toBe(before - 27);
    const list = await sys.request(customer.key, 'GET', `/v1/calls/${call.id}/recordings`);
    expect(list.body.data).toEqual([expect.objectContaining({ id: ready.data.recordingId, contentType: 'audio/wav' })]);
    const file = await fetch(`${sys.api}${list.body.data[0].url}`, { headers: { authorization: `Bearer ${customer.key}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/wav');
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(bytes.length).toBeGreaterThan(44 + 16000);
  });

  it('a profile key may start a stream to a company-wide endpoint (was 404)', async () => {
    const made = await sys.request(customer.key, 'POST', '/v1/api-keys', { name: 'shop key', mode: 'live', profileId: customer.profileId, scopes: ['calls:write', 'calls:read', 'streams:write'] });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const profileKey: string = made.body.key;
    const created = await sys.request(profileKey, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 2 }, key());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const call = created.body;
    await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === call.id);
    const options = { secret: '', now: () => Date.now() };
    const server = await CustomerServer.start(options);
    try {
      // Made with the company key and no profileId: the endpoint belongs to the whole company.
      const endpoint = await sys.request(customer.key, 'POST', '/v1/webhook-endpoints', { url: server.url, events: ['sms.status'] }, key());
      expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(201);
      options.secret = endpoint.body.secret;
      const started = await sys.request(profileKey, 'POST', `/v1/calls/${call.id}/streams`, { endpointId: endpoint.body.id }, key());
      expect(started.status, JSON.stringify(started.body)).toBe(201);
      expect(started.body).toMatchObject({ object: 'stream', callId: call.id });
      const start = await (await server.connection(0)).waitForEvent('start');
      expect(start.start.svc.callId).toBe(call.id);
      await sys.request(profileKey, 'POST', `/v1/calls/${call.id}/hangup`);
      await ended(call.id);
    } finally {
      await server.close();
    }
  });
});
