import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toneAmplitude } from '../../media/audio/level.js';
import { TEST_TONE_HZ } from '../../shared/audio/tones.js';
import { encodeMulaw } from '../../shared/audio/g711.js';
import { audioBytes, heardFrame, pcmOf, StreamWorld, tick, until } from './stream-harness.js';

let world: StreamWorld;
beforeEach(async () => {
  world = await new StreamWorld().start();
});
afterEach(async () => {
  await world.stop();
});

const silent = new Int16Array(160);

describe('stream lifecycle', () => {
  it('redials after a drop without a close frame and resumes the same stream with svc.resumed', async () => {
    const { leg, ctx } = world.open();
    const first = await world.server.connection(0);
    await first.waitForEvent('start');
    for (let i = 0; i < 3; i++) tick(leg);
    await first.waitFor((m) => m.event === 'media' && m.media.chunk === '3');
    first.sendAudio(audioBytes(320));
    first.send({ event: 'mark', streamSid: first.streamSid, mark: { name: 'during-drop' } });
    await first.barrier();
    const lastSequence = Number(first.messages.at(-1)!.sequenceNumber);

    first.socket.terminate();
    await ctx.status('reconnecting');
    // The queued audio keeps playing while the socket is down; its mark waits for the new connection.
    expect(tick(leg)).not.toBeNull();
    expect(tick(leg)).not.toBeNull();
    await world.clock.advance(500);
    const second = await world.server.connection(1);
    await ctx.status('resumed');
    tick(leg);
    await second.waitForEvent('media');

    const [connected, start, mark, media] = second.messages;
    expect(connected!.event).toBe('connected');
    expect(start).toMatchObject({ event: 'start', streamSid: first.streamSid, start: { svc: { resumed: true } } });
    expect(Number(start!.sequenceNumber)).toBe(lastSequence + 1);
    expect(mark).toMatchObject({ event: 'mark', mark: { name: 'during-drop' } });
    expect(media!.media).toMatchObject({ chunk: '4', timestamp: String(5 * 20) });
    expect(leg.client.stats.reconnects).toBe(1);
    expect(leg.client.ended).toBe(false);
  });

  it('ends without redialling when the customer closes the socket with a close frame', async () => {
    const { ctx } = world.open();
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    conn.socket.close(1000, 'bye');
    expect(await ctx.ended).toEqual({ reason: 'server_closed', reported: false });
    await world.clock.advance(120_000);
    expect(world.server.connections).toHaveLength(1);
    expect(world.clock.pendingTimers).toBe(0);
  });

  it('gives up redialling about 60 s after a drop when the server stays away', async () => {
    const { ctx } = world.open();
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    await world.server.close();
    await ctx.status('reconnecting');
    const droppedAt = world.clock.now();
    let ended = false;
    void ctx.ended.then(() => (ended = true));
    while (!ended) {
      await until(() => ended || world.clock.pendingTimers > 0);
      if (!ended) await world.clock.advance(8000);
    }
    expect((await ctx.ended).reason).toBe('reconnect_gave_up');
    const waited = world.clock.now() - droppedAt;
    expect(waited).toBeGreaterThan(30_000);
    expect(waited).toBeLessThanOrEqual(60_000);
  });

  it('ends at once on a drop when reconnect is off', async () => {
    const { ctx } = world.open({ reconnect: false });
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    conn.socket.terminate();
    expect((await ctx.ended).reason).toBe('reconnect_gave_up');
  });

  it('reports a refused first dial as a failed leg', async () => {
    await world.stop();
    world = await new StreamWorld().start({ refuse: true });
    const { ctx } = world.open();
    expect(await ctx.ended).toEqual({ reason: 'connect_failed', reported: true });
    expect(ctx.reports).toContainEqual({ type: 'leg.failed', legId: 'part_stream', reason: 'connect_failed' });
  });

  it('refuses a target that is not allowed (a private address) before dialling', async () => {
    const { ctx } = world.open({ url: 'https://10.1.2.3/stream' });
    expect((await ctx.ended).reason).toBe('connect_failed');
  });

  it('sends stop and closes after maxMinutes of stream time', async () => {
    const { leg, ctx } = world.open({ maxMinutes: 1 });
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    for (let i = 0; i < 3000 && !leg.client.ended; i++) tick(leg);
    expect((await ctx.ended).reason).toBe('max_minutes');
    await conn.closed;
    expect(conn.all('media')).toHaveLength(3000);
    expect(conn.messages.at(-1)!.stop.reason).toBe('max_minutes');
  });

  it('under a test key sends a test tone instead of the call, for at most 60 s', async () => {
    const { leg, ctx } = world.open({ test: true, maxMinutes: 10 });
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    for (let i = 0; i < 5000 && !leg.client.ended; i++) tick(leg, silent);
    expect((await ctx.ended).reason).toBe('max_minutes');
    await conn.closed;
    const media = conn.all('media');
    expect(media).toHaveLength(3000);
    const heard = pcmOf(Buffer.from(media[100]!.media.payload, 'base64'));
    expect(toneAmplitude(heard, TEST_TONE_HZ, 8000)).toBeGreaterThan(3000);
  });

  it('drops frames for a customer that stops reading, then ends the stream as unresponsive', async () => {
    const { leg, ctx } = world.open({}, { maxBufferedBytes: 16 * 1024, unresponsiveFrames: 50 });
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    (conn.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    for (let i = 0; i < 150_000 && !leg.client.ended; i++) tick(leg);
    expect((await ctx.ended).reason).toBe('server_unresponsive');
    expect(leg.client.stats.framesDropped).toBeGreaterThanOrEqual(50);
  });

  it('delivers every frame intact to a customer that stops reading for a while: a frame the connection still holds is never overwritten', async () => {
    const frames = 30_000;
    const { leg } = world.open({}, { maxBufferedBytes: 64 * 1024 * 1024, unresponsiveFrames: frames });
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    const customerSide = (conn.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    customerSide.pause();
    // Each frame's audio differs from the last, so a frame overwritten by its successor would be seen.
    for (let i = 0; i < frames; i++) tick(leg, heardFrame(i));
    // Loopback's socket buffers (a few MB) are full: the rest waits in the node, where it must stay untouched.
    const nodeSide = (leg.client as unknown as { socket: { bufferedAmount: number } }).socket;
    expect(nodeSide.bufferedAmount).toBeGreaterThan(0);
    customerSide.resume();
    await conn.waitFor((m) => m.event === 'media' && m.media.chunk === String(frames), 0);
    const media = conn.all('media');
    expect(media).toHaveLength(frames);
    const expected = new Uint8Array(160);
    for (let i = 0; i < frames; i++) {
      encodeMulaw(heardFrame(i), expected);
      expect(media[i]!.media.chunk).toBe(String(i + 1));
      expect(Buffer.from(media[i]!.media.payload, 'base64').equals(expected)).toBe(true);
    }
    expect(leg.client.stats.framesDropped).toBe(0);
  });
});
