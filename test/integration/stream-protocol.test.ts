import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { encodeMulaw } from '../../shared/audio/g711.js';
import { MediaMessage, StartMessage, StopMessage } from '../../protocol/stream/service-messages.js';
import { audioBytes, heardFrame, pcmOf, StreamWorld, tick } from './stream-harness.js';

let world: StreamWorld;
beforeEach(async () => {
  world = await new StreamWorld().start();
});
afterEach(async () => {
  await world.stop();
});

describe('stream to a customer server: what the customer sees', () => {
  it('sends connected, start, then one media message of 160 mu-law bytes per tick, in order', async () => {
    const { leg, ctx } = world.open();
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    await ctx.status('connected');
    const frames = [heardFrame(1), heardFrame(2), heardFrame(3)];
    for (const f of frames) tick(leg, f);
    await conn.waitFor((m) => m.event === 'media' && m.media.chunk === '3');

    const [connected, start, ...media] = conn.messages;
    expect(connected).toEqual({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    expect(Compile(StartMessage).Check(start)).toBe(true);
    expect(start).toMatchObject({
      sequenceNumber: '1',
      streamSid: conn.streamSid,
      start: {
        streamSid: conn.streamSid,
        accountSid: 'co_test',
        callSid: 'call_test',
        tracks: ['inbound'],
        customParameters: { agent: 'sales', from_number: '+4791234567', to_number: '+4722334455' },
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
        svc: { callId: 'call_test', from: '+4791234567', to: '+4722334455', resumed: false },
      },
    });
    expect(media).toHaveLength(3);
    media.forEach((m, i) => {
      expect(Compile(MediaMessage).Check(m)).toBe(true);
      expect(m.sequenceNumber).toBe(String(i + 2));
      expect(m.media).toMatchObject({ track: 'inbound', chunk: String(i + 1), timestamp: String(i * 20) });
      const expected = new Uint8Array(160);
      encodeMulaw(frames[i]!, expected);
      expect(Buffer.from(m.media.payload, 'base64')).toEqual(Buffer.from(expected));
    });
  });

  it('a digit heard between a frame being prepared and sent takes the next number; the frame follows with the one after, its audio intact', async () => {
    const { leg, ctx } = world.open();
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    await ctx.status('connected');
    tick(leg, heardFrame(1));
    const frames = Array.from({ length: 12 }, (_, i) => heardFrame(i + 2));
    for (const f of frames) {
      leg.pull();
      const payload = new Uint8Array(160);
      encodeMulaw(f, payload);
      leg.push(payload);
      leg.hearDtmf('7');
      leg.flush();
    }
    await conn.waitFor((m) => m.event === 'media' && m.media.chunk === '13');
    const numbers = conn.messages.slice(1).map((m) => Number(m.sequenceNumber));
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    const media = conn.all('media').slice(1);
    expect(media.map((m) => m.sequenceNumber)).toEqual(frames.map((_, i) => String(4 + 2 * i)));
    media.forEach((m, i) => {
      expect(Compile(MediaMessage).Check(m)).toBe(true);
      const expected = new Uint8Array(160);
      encodeMulaw(frames[i]!, expected);
      expect(Buffer.from(m.media.payload, 'base64')).toEqual(Buffer.from(expected));
    });
  });

  it('forwards keypad digits as dtmf and sends stop before closing when the call ends', async () => {
    const { leg, ctx } = world.open();
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    leg.hearDtmf('5');
    await conn.waitForEvent('dtmf');
    leg.close('call_ended');
    const closed = await conn.closed;
    const last = conn.messages.at(-1)!;
    expect(conn.all('dtmf')[0]).toMatchObject({ streamSid: conn.streamSid, dtmf: { track: 'inbound_track', digit: '5' } });
    expect(Compile(StopMessage).Check(last)).toBe(true);
    expect(last.stop).toEqual({ accountSid: 'co_test', callSid: 'call_test', reason: 'call_ended' });
    expect(closed.code).toBe(1000);
    expect(await ctx.ended).toEqual({ reason: 'call_ended', reported: false });
  });

  it('plays the customer audio in 20 ms frames and echoes a mark after its audio, not before', async () => {
    const { leg } = world.open();
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    const audio = audioBytes(480);
    conn.sendAudio(audio.subarray(0, 100));
    conn.sendAudio(audio.subarray(100));
    conn.send({ event: 'mark', streamSid: conn.streamSid, mark: { name: 'greeting-done' } });
    await conn.barrier();

    const said = [tick(leg), tick(leg)];
    await conn.barrier();
    expect(conn.all('mark')).toEqual([]);
    said.push(tick(leg));
    // The last frame is playing during this tick: the mark comes on the next one.
    await conn.barrier();
    expect(conn.all('mark')).toEqual([]);
    expect(tick(leg)).toBeNull();
    const mark = await conn.waitForEvent('mark');
    expect(mark).toMatchObject({ streamSid: conn.streamSid, mark: { name: 'greeting-done' } });
    expect(said.map((f) => [...f!])).toEqual([0, 1, 2].map((i) => [...pcmOf(audio.subarray(i * 160, (i + 1) * 160))]));
  });

  it('echoes a mark sent with no audio queued on the next tick', async () => {
    const { leg } = world.open();
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    conn.send({ event: 'mark', streamSid: conn.streamSid, mark: { name: 'now' } });
    await conn.barrier();
    expect(conn.all('mark')).toEqual([]);
    tick(leg);
    expect((await conn.waitForEvent('mark')).mark.name).toBe('now');
  });

  it('clear silences the stream within one frame and echoes the pending marks at once', async () => {
    const { leg } = world.open();
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    for (let i = 0; i < 5; i++) {
      conn.sendAudio(audioBytes(16_000, i));
      if (i === 1) conn.send({ event: 'mark', streamSid: conn.streamSid, mark: { name: 'a' } });
    }
    conn.send({ event: 'mark', streamSid: conn.streamSid, mark: { name: 'b' } });
    await conn.barrier();
    expect(tick(leg)).not.toBeNull();
    expect(leg.client.queuedBytes).toBe(80_000 - 160);

    conn.send({ event: 'clear', streamSid: conn.streamSid });
    await conn.barrier();
    expect(conn.all('mark').map((m) => m.mark.name)).toEqual(['a', 'b']);
    expect(tick(leg)).toBeNull();
    expect(leg.client.queuedBytes).toBe(0);
  });

  it('a listen-only stream is not heard: it ignores customer media with an error and keeps sending', async () => {
    const { leg } = world.open({ audio: 'listen' });
    expect(leg.modes.audioMode).toBe('listen');
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    conn.sendAudio(audioBytes(1600));
    await conn.barrier();
    expect(conn.all('error')[0]!.error.code).toBe('stream_listen_only');
    expect(tick(leg)).toBeNull();
    await conn.waitForEvent('media');
  });
});

describe('stream to a customer server: hostile input', () => {
  const badFrames: [string, (sid: string) => unknown, string][] = [
    ['garbage text', () => 'not json at all', 'stream_invalid_json'],
    ['a binary frame', () => Buffer.from([1, 2, 3, 4]), 'stream_binary_frame'],
    ['a frame over 64 KiB', (sid) => JSON.stringify({ event: 'media', streamSid: sid, media: { payload: 'A'.repeat(70_000) } }), 'stream_message_too_large'],
    ['invalid UTF-8', () => Buffer.from([0x7b, 0xc3, 0x28, 0x7d]).toString('latin1'), 'stream_invalid_json'],
    ['a wrong streamSid', () => ({ event: 'clear', streamSid: 'str_someone_else' }), 'stream_wrong_stream_sid'],
    ['bad base64', (sid) => ({ event: 'media', streamSid: sid, media: { payload: '!!!!' } }), 'stream_invalid_payload'],
    ['an unknown event', (sid) => ({ event: 'hangup', streamSid: sid }), 'stream_unknown_event'],
    ['a media message without media', (sid) => ({ event: 'media', streamSid: sid }), 'stream_invalid_message'],
  ];

  it.each(badFrames)('answers %s with an error and the stream keeps going', async (_name, make, code) => {
    const { leg, ctx } = world.open();
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    conn.send(make(conn.streamSid));
    const error = await conn.waitForEvent('error');
    expect(error).toMatchObject({ streamSid: conn.streamSid, error: { code } });
    expect(typeof error.sequenceNumber).toBe('string');

    conn.sendAudio(audioBytes(160, 7));
    await conn.barrier();
    expect([...tick(leg)!]).toEqual([...pcmOf(audioBytes(160, 7))]);
    await conn.waitForEvent('media');
    expect(leg.client.ended).toBe(false);
    expect(ctx.reports.filter((r) => r.type !== 'stream.status')).toEqual([]);
  });

  it('answers a flood with at most 5 errors a second, counts the rest, and does not disturb another stream', async () => {
    const a = world.open();
    const b = world.open();
    await Promise.all([world.server.connection(0), world.server.connection(1)]);
    const connOf = (s: typeof a) => world.server.connections.find((c) => c.streamSid === s.leg.client.streamId)!;
    const [attacker, other] = [connOf(a), connOf(b)];
    await Promise.all([attacker.waitForEvent('start'), other.waitForEvent('start')]);
    for (let i = 0; i < 1000; i++) attacker.send(`garbage ${i}`);
    attacker.sendAudio(audioBytes(160));
    other.sendAudio(audioBytes(160, 3));
    await other.barrier();
    await world.clock.advance(1000);
    await attacker.barrier();

    const errors = attacker.all('error');
    expect(errors).toHaveLength(6);
    expect(errors.at(-1)!.error.suppressed).toBe(995);
    expect(a.leg.client.stats.errorsSuppressed).toBe(995);
    expect([...tick(b.leg)!]).toEqual([...pcmOf(audioBytes(160, 3))]);
    expect(other.all('error')).toHaveLength(1);
  });

  it('answers pings between media messages, reads a fragmented message, and plays every frame in order', async () => {
    const { leg } = world.open();
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    const pongs: string[] = [];
    conn.socket.on('pong', (data) => pongs.push(data.toString()));
    conn.sendAudio(audioBytes(160, 1));
    conn.socket.ping('one');
    conn.sendAudio(audioBytes(160, 2));
    conn.socket.ping('two');
    // One media message in three fragments, a ping between them: from here on ws reads the connection.
    const fragmented = JSON.stringify({ event: 'media', streamSid: conn.streamSid, media: { payload: Buffer.from(audioBytes(160, 3)).toString('base64') } });
    conn.socket.send(fragmented.slice(0, 20), { fin: false });
    conn.socket.ping('three');
    conn.socket.send(fragmented.slice(20, 60), { fin: false });
    conn.socket.send(fragmented.slice(60), { fin: true });
    conn.sendAudio(audioBytes(160, 4));
    await conn.barrier();
    conn.socket.ping('four');
    conn.sendAudio(audioBytes(160, 5));
    await conn.barrier();
    expect(pongs).toEqual(['one', 'two', 'three', 'four']);
    for (const seed of [1, 2, 3, 4, 5]) expect([...tick(leg)!]).toEqual([...pcmOf(audioBytes(160, seed))]);
    expect(conn.all('error').map((e) => e.error.code)).toEqual(['stream_unknown_event', 'stream_unknown_event']);
  });

  it('closes the socket (1009) on a frame over the 1 MiB protocol limit and ends the stream', async () => {
    const { ctx } = world.open();
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    conn.send('x'.repeat(1024 * 1024 + 1));
    expect((await conn.closed).code).toBe(1009);
    expect((await ctx.ended).reason).toBe('server_closed');
  });
});
