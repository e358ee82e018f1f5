/**
 * The published client's RoomClient against a real media node: a bot written only with `@sentral/client`
 * joins a call's room, hears the phone and is heard, survives a dropped connection (it resumes with its token),
 * and gets typed errors for a bad token and when the call ends.
 */
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RoomClient, RoomError, type RoomSocket } from '@sentral/client';
import { sine } from '../../shared/audio/tones.js';
import { toneAmplitude } from '../../media/audio/level.js';
import type { CallsSystem, Customer } from './calls-harness.js';
import { withCallsCustomer } from '../support/calls-customer.js';

let sys: CallsSystem;
let customer: Customer;
let seq = 0;

withCallsCustomer((started) => ({ sys, customer } = started));

/** A call to `to` with one bot (or app) participant; its `connection` as the API answered it. */
async function callWithBot(to: string, kind: 'bot' | 'app' = 'bot'): Promise<{ callId: string; connection: { url: string; token: string } }> {
  const participant = kind === 'bot' ? { kind, maxMinutes: 2 } : { kind, externalRef: 'user-1' };
  const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, from: customer.number, to, maxMinutes: 2, participants: [participant] }, { 'idempotency-key': `room-client-${++seq}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const joiner = res.body.participants.find((p: { kind: string }) => p.kind === kind);
  return { callId: res.body.id, connection: joiner.connection };
}

/** A socket factory over `ws` that keeps the sockets, so a test can cut one as a dead network would. */
function keptSockets(): { sockets: WebSocket[]; socket: (url: string) => RoomSocket } {
  const sockets: WebSocket[] = [];
  return {
    sockets,
    socket: (url) => {
      const ws = new WebSocket(url);
      sockets.push(ws);
      return ws as unknown as RoomSocket;
    },
  };
}

/** The last second of what `client` heard, as it arrives; resolves when `done(lastSecond)` holds. */
function hearing(client: RoomClient, done: (lastSecond: Int16Array) => boolean): Promise<void> {
  const frames: Int16Array[] = [];
  return new Promise((resolve) => {
    const stop = client.on('audio', (frame) => {
      frames.push(frame);
      if (frames.length > 50) frames.shift();
      if (frames.length < 25) return;
      const samples = new Int16Array(frames.length * 320);
      frames.forEach((f, i) => samples.set(f, i * 320));
      if (done(samples)) {
        stop();
        resolve();
      }
    });
  });
}

const rms = (s: Int16Array): number => Math.sqrt(s.reduce((sum, v) => sum + v * v, 0) / s.length);
const hangup = (callId: string) => sys.request(customer.key, 'POST', `/v1/calls/${callId}/hangup`);

describe('RoomClient against a media node', () => {
  it('a bot hears the phone speak, and the echo phone plays back the tone the bot sends', async () => {
    const speaking = await callWithBot('+442079460001');
    const listener = await RoomClient.connect(speaking.connection);
    const listenerClosed = closedOf(listener);
    expect(listener.joined).toMatchObject({ callId: speaking.callId, kind: 'bot', sampleRate: 16000, frameBytes: 640 });
    await hearing(listener, (second) => rms(second) > 300);
    await hangup(speaking.callId);
    expect(await listenerClosed).toMatchObject({ closeCode: 4410 });

    const echo = await callWithBot('+442079460008');
    const bot = await RoomClient.connect(echo.connection);
    const closed = closedOf(bot);
    void bot.play(sine(440, 4000, 16000, 8000));
    await hearing(bot, (second) => toneAmplitude(second, 440, 16000) > 500);
    await hangup(echo.callId);
    // The call's end closes the room: a typed error naming why, with the room's close code.
    const error = await closed;
    expect(error).toBeInstanceOf(RoomError);
    expect(error!.closeCode).toBe(4410);
    expect(bot.connected).toBe(false);
  });

  it('an app user resumes after the network drops the connection: the same token joins again and the audio flows again', async () => {
    const { callId, connection } = await callWithBot('+442079460008', 'app');
    const { sockets, socket } = keptSockets();
    const app = await RoomClient.connect(connection, { socket, reconnectDelaysMs: [100] });
    const reconnecting = new Promise((resolve) => app.on('reconnecting', resolve));
    const rejoined = new Promise((resolve) => app.on('joined', resolve));
    // No close frame either way, as when a network path dies.
    sockets[0]!.terminate();
    expect(await reconnecting).toMatchObject({ attempt: 1, closeCode: 1006 });
    expect(await rejoined).toMatchObject({ callId, participantId: app.joined.participantId, kind: 'app' });
    expect(sockets).toHaveLength(2);
    void app.play(sine(700, 4000, 16000, 8000));
    await hearing(app, (second) => toneAmplitude(second, 700, 16000) > 500);
    const closed = closedOf(app);
    app.close();
    expect(await closed).toBeNull();
    await hangup(callId);
  });

  it('a bot whose connection drops does not reconnect (it has left the call): a typed error says so', async () => {
    const { callId, connection } = await callWithBot('+442079460008');
    const { sockets, socket } = keptSockets();
    const bot = await RoomClient.connect(connection, { socket, reconnectDelaysMs: [100] });
    const closed = closedOf(bot);
    sockets[0]!.terminate();
    expect(await closed).toMatchObject({ code: 'room_connection_lost', closeCode: 1006 });
    expect(sockets).toHaveLength(1);
    await customer.nextEvent((e) => e.type === 'call.participant.left' && e.data.callId === callId && e.data.kind === 'bot');
    await hangup(callId);
  });

  it('a bad or tampered token is refused with a typed error and the room\'s close code', async () => {
    const { callId, connection } = await callWithBot('+442079460008');
    const tampered = `${connection.token.slice(0, -4)}AAAA`;
    for (const token of [tampered, 'not-a-token', '']) {
      const refused = await RoomClient.connect({ url: connection.url, token }).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(RoomError);
      expect(refused).toMatchObject({ code: 'room_token_invalid', closeCode: 4401 });
    }
    await hangup(callId);
  });
});

function closedOf(client: RoomClient): Promise<RoomError | null> {
  return new Promise((resolve) => client.on('close', resolve));
}
