import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rms, toneAmplitude } from '../../media/audio/level.js';
import { sine } from '../../shared/audio/tones.js';
import { MEDIA_NODES_BUCKET, partitionOf } from '../../protocol/bus/bus-names.js';
import { MediaNodeRecord } from '../../protocol/media/media-node-record.js';
import { ROOM_JOIN_WAIT_MS } from '../../media/room/room-endpoint.js';
import { MEDIA_NODE_HEARTBEAT_MS } from '../../media/node/node-registration.js';
import { NodeHarness } from './media-harness.js';
import { RawWebSocket } from '../support/raw-websocket.js';
import { ManualTick } from '../../media/clock/manual-tick.js';

/** A manual tick that says whether the node has it running. */
class RecordingTick extends ManualTick {
  running = false;
  override start(onTick: () => void): void {
    this.running = true;
    super.start(onTick);
  }
  override stop(): void {
    this.running = false;
    super.stop();
  }
}

let h: NodeHarness;
beforeEach(async () => {
  h = await new NodeHarness().start();
});
afterEach(() => h.stop());

async function callWithApp(callId: string, participantId: string, kind: 'app' | 'bot' = 'app'): Promise<void> {
  expect((await h.op({ op: 'openSession', callId })).ok).toBe(true);
  expect(await h.op({ op: 'addLeg', callId, legId: participantId, kind: 'room', room: { participantKind: kind } })).toEqual({ ok: true, roomUrl: h.node.roomUrl });
}

describe('media node', () => {
  it('registers in media-nodes, heartbeats its load, and deregisters on stop', async () => {
    const bucket = await h.bus.kv(MEDIA_NODES_BUCKET);
    const first = JSON.parse(Buffer.from((await bucket.get(h.node.nodeId))!.value).toString()) as MediaNodeRecord;
    expect(first).toMatchObject({ nodeId: h.node.nodeId, roomUrl: h.node.roomUrl, capacity: 500, load: 0, sessions: 0 });
    await callWithApp('call_r', 'part_a');
    await h.clock.advance(MEDIA_NODE_HEARTBEAT_MS);
    const second = JSON.parse(Buffer.from((await bucket.get(h.node.nodeId))!.value).toString()) as MediaNodeRecord;
    expect(second).toMatchObject({ load: 1, sessions: 1 });
    expect(second.heartbeatAt).toBe(first.heartbeatAt + MEDIA_NODE_HEARTBEAT_MS);
    await h.node.stop();
    expect(await bucket.get(h.node.nodeId)).toBeNull();
  });

  it('takes SENTRAL_MEDIA_CAPACITY legs: it registers that capacity and refuses the next leg with media_capacity_exhausted', async () => {
    const small = await new NodeHarness().start({ capacity: 2 });
    try {
      const bucket = await small.bus.kv(MEDIA_NODES_BUCKET);
      expect(JSON.parse(Buffer.from((await bucket.get(small.node.nodeId))!.value).toString())).toMatchObject({ capacity: 2 });
      expect((await small.op({ op: 'openSession', callId: 'call_c' })).ok).toBe(true);
      for (const id of ['part_1', 'part_2']) expect((await small.op({ op: 'addLeg', callId: 'call_c', legId: id, kind: 'room', room: { participantKind: 'app' } })).ok).toBe(true);
      expect(await small.op({ op: 'addLeg', callId: 'call_c', legId: 'part_3', kind: 'room', room: { participantKind: 'app' } })).toMatchObject({ ok: false, error: { code: 'media_capacity_exhausted' } });
    } finally {
      await small.stop();
    }
  });

  it('answers a repeated opId with the first answer and does nothing again', async () => {
    await h.op({ op: 'openSession', callId: 'call_o' });
    const add = { op: 'addLeg', callId: 'call_o', legId: 'part_p', kind: 'phone', phone: { to: '+442079460001' }, opId: 'op_same' } as const;
    expect(await h.op(add)).toEqual({ ok: true });
    expect(await h.op(add)).toEqual({ ok: true });
    await h.event((e) => e.type === 'leg.ringing');
    await h.event((e) => e.type === 'leg.answered');
    expect(h.events.filter((e) => e.type === 'leg.ringing')).toHaveLength(1);
  });

  it('answers malformed requests with invalid_request and keeps serving', async () => {
    expect(await h.raw('not json')).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await h.raw('{"op":"openSession"}')).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await h.raw(JSON.stringify({ op: 'explode', opId: 'x', callId: 'y' }))).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    expect(await h.op({ op: 'openSession', callId: 'call_ok' })).toEqual({ ok: true });
  });

  it('a room client hears the simulated phone greeting and the phone hears the client (…008 echo)', async () => {
    await callWithApp('call_e', 'part_app');
    const client = h.client(await h.token('call_e', 'part_app'));
    expect(await client.message('joined')).toEqual({ type: 'joined', participantId: 'part_app', callId: 'call_e', kind: 'app', sampleRate: 16000, frameBytes: 640 });
    await h.op({ op: 'addLeg', callId: 'call_e', legId: 'part_greeter', kind: 'phone', phone: { to: '+442079460001' } });
    await h.op({ op: 'addLeg', callId: 'call_e', legId: 'part_echo', kind: 'phone', phone: { to: '+442079460008' } });
    await client.until(() => client.frames.some((f) => rms(f) > 1000));
    await h.op({ op: 'removeLeg', callId: 'call_e', legId: 'part_greeter' });
    const from = client.frames.length;
    client.talk(sine(700, 1000, 16000, 8000));
    await client.until(() => client.frames.slice(from).filter((f) => toneAmplitude(f, 700, 16000) > 2000).length >= 10);
    expect(client.badFrames).toEqual([]);
    const types = h.events.filter((e) => 'legId' in e && e.legId === 'part_greeter').map((e) => e.type);
    expect(types).toEqual(['leg.ringing', 'leg.answered']);
    expect(h.subjects[0]).toBe(`cmd.${partitionOf('call_e', 8)}.call_e`);
    expect(h.events.map((e) => e.seq)).toEqual(h.events.map((_, i) => i + 1));
    client.close();
  });

  it('reports the DTMF keys …005 presses, exactly 1 2 3 4 #', async () => {
    await h.op({ op: 'openSession', callId: 'call_d' });
    await h.op({ op: 'addLeg', callId: 'call_d', legId: 'part_keys', kind: 'phone', phone: { to: '+442079460005' } });
    await h.event((e) => e.type === 'dtmf.received' && e.digit === '#');
    expect(h.events.filter((e) => e.type === 'dtmf.received').map((e) => (e.type === 'dtmf.received' ? e.digit : ''))).toEqual(['1', '2', '3', '4', '#']);
  });

  it('ticks only while it has a session: an idle node does not wake 50 times a second', async () => {
    const tick = new RecordingTick();
    const idle = await new NodeHarness().start({ tick });
    try {
      expect(tick.running).toBe(false);
      await idle.op({ op: 'openSession', callId: 'call_t1' });
      expect(tick.running).toBe(true);
      await tick.run(3);
      await idle.op({ op: 'openSession', callId: 'call_t2' });
      await idle.op({ op: 'closeSession', callId: 'call_t1' });
      expect(tick.running).toBe(true);
      await idle.op({ op: 'closeSession', callId: 'call_t2' });
      expect(tick.running).toBe(false);
      await idle.op({ op: 'openSession', callId: 'call_t3' });
      expect(tick.running).toBe(true);
      await idle.node.stop();
      expect(tick.running).toBe(false);
    } finally {
      await idle.stop();
    }
  });

  it('serves /healthz and /metrics with tick lateness', async () => {
    const health = await fetch(`http://127.0.0.1:${h.node.port}/healthz`);
    expect(await health.json()).toMatchObject({ status: 'ok', nodeId: h.node.nodeId });
    const metrics = await (await fetch(`http://127.0.0.1:${h.node.port}/metrics`)).text();
    expect(metrics).toMatch(/sentral_media_tick_lateness_ms\{quantile="0.99"\} [0-9.]+/);
    expect(metrics).toContain('sentral_media_legs 0');
    expect((await fetch(`http://127.0.0.1:${h.node.port}/nope`)).status).toBe(404);
  });
});

describe('room endpoint tokens and connections', () => {
  async function refusedWith(token: string): Promise<{ code: number; error: string }> {
    const client = h.client(token);
    const error = await client.message('error');
    const closed = await client.closed;
    return { code: closed.code, error: error.code };
  }

  it('refuses expired, not-yet-valid, wrongly signed and missing tokens with 4401 and a code', async () => {
    await callWithApp('call_t', 'part_a');
    expect(await refusedWith(await h.token('call_t', 'part_a', 'app', 60_000, h.clock.now() - 120_000))).toEqual({ code: 4401, error: 'room_token_expired' });
    expect(await refusedWith(await h.token('call_t', 'part_a', 'app', 60_000, h.clock.now() + 60_000))).toEqual({ code: 4401, error: 'room_token_not_yet_valid' });
    const other = new NodeHarness();
    const forged = await other.token('call_t', 'part_a');
    expect(await refusedWith(forged)).toEqual({ code: 4401, error: 'room_token_invalid' });
    expect(await refusedWith('')).toEqual({ code: 4401, error: 'room_token_invalid' });
  });

  it('refuses a token for another call or an unknown participant with 4404 once the join wait is over', async () => {
    await callWithApp('call_t', 'part_a');
    for (const token of [await h.token('call_other', 'part_a'), await h.token('call_t', 'part_b')]) {
      const client = h.client(token);
      await client.opened;
      await h.clock.advance(ROOM_JOIN_WAIT_MS - 1);
      expect(client.messages).toEqual([]);
      await h.clock.advance(1);
      expect({ code: (await client.closed).code, error: (await client.message('error')).code }).toEqual({ code: 4404, error: 'room_participant_unknown' });
    }
    expect(await refusedWith(await h.token('call_t', 'part_a', 'bot'))).toEqual({ code: 4404, error: 'room_participant_unknown' });
  });

  it('a client that connects before its participant reaches the node waits for the leg and joins', async () => {
    await h.op({ op: 'openSession', callId: 'call_q' });
    const early = h.client(await h.token('call_q', 'part_a'));
    await early.opened;
    const earlier = h.client(await h.token('call_new', 'part_b'));
    await earlier.opened;
    await h.clock.advance(ROOM_JOIN_WAIT_MS - 1);
    await h.op({ op: 'addLeg', callId: 'call_q', legId: 'part_a', kind: 'room', room: { participantKind: 'app' } });
    expect(await early.message('joined')).toMatchObject({ participantId: 'part_a', callId: 'call_q' });
    await h.op({ op: 'openSession', callId: 'call_new' });
    await h.op({ op: 'addLeg', callId: 'call_new', legId: 'part_b', kind: 'room', room: { participantKind: 'app' } });
    expect(await earlier.message('joined')).toMatchObject({ participantId: 'part_b', callId: 'call_new' });
    await h.event((e) => e.type === 'participant.connected' && e.legId === 'part_b');
    await h.clock.advance(ROOM_JOIN_WAIT_MS);
    expect(early.messages.map((m) => m.type)).toEqual(['joined']);
    early.close();
    earlier.close();
  });

  it('a client that gave up waiting leaves nothing behind: the leg added later takes a new connection', async () => {
    await h.op({ op: 'openSession', callId: 'call_g' });
    const token = await h.token('call_g', 'part_a');
    const quitter = h.client(token);
    await quitter.opened;
    quitter.close();
    await quitter.closed;
    await h.op({ op: 'addLeg', callId: 'call_g', legId: 'part_a', kind: 'room', room: { participantKind: 'app' } });
    const next = h.client(token);
    expect(await next.message('joined')).toMatchObject({ participantId: 'part_a' });
    await h.clock.advance(ROOM_JOIN_WAIT_MS);
    expect(next.messages.map((m) => m.type)).toEqual(['joined']);
    next.close();
  });

  it('closes the connection at the token expiry and when the participant is removed; the token then stops working', async () => {
    await callWithApp('call_x', 'part_a');
    await h.op({ op: 'addLeg', callId: 'call_x', legId: 'part_b', kind: 'room', room: { participantKind: 'app' } });
    const a = h.client(await h.token('call_x', 'part_a', 'app', 30_000));
    await a.message('joined');
    await h.clock.advance(30_000);
    expect((await a.closed).code).toBe(4401);
    expect(a.messages.at(-1)).toMatchObject({ type: 'error', code: 'room_token_expired' });
    const bToken = await h.token('call_x', 'part_b');
    const b = h.client(bToken);
    await b.message('joined');
    await h.op({ op: 'removeLeg', callId: 'call_x', legId: 'part_b' });
    expect(await b.closed).toEqual({ code: 4410, reason: 'room_participant_removed' });
    expect(await refusedWith(bToken)).toEqual({ code: 4404, error: 'room_participant_unknown' });
    await h.event((e) => e.type === 'participant.disconnected' && e.legId === 'part_a');
  });

  // uWS closed a socket upgraded after an await (the token check) right after its open, at random (1006 for the
  // client); a handshake whose Connection header reads `close` made it happen every time.
  it('keeps a client connected once its token is checked, whatever the handshake\'s Connection header says', async () => {
    await callWithApp('call_c', 'part_a');
    for (const connection of ['close', 'Upgrade']) {
      const client = await RawWebSocket.open(`${h.node.roomUrl}?token=${await h.token('call_c', 'part_a')}`, connection);
      expect(JSON.parse((await client.frame()).payload.toString())).toMatchObject({ type: 'joined', participantId: 'part_a' });
      client.sendText('not json');
      let reply = await client.frame();
      while (reply.opcode === 2) reply = await client.frame();
      expect(JSON.parse(reply.payload.toString())).toMatchObject({ type: 'error', code: 'room_message_invalid' });
      client.close();
      await client.ended;
    }
  });

  it('a second connection of the same participant replaces the first', async () => {
    await callWithApp('call_p', 'part_a');
    const token = await h.token('call_p', 'part_a');
    const first = h.client(token);
    await first.message('joined');
    const second = h.client(token);
    await second.message('joined');
    expect(await first.closed).toEqual({ code: 4409, reason: 'room_replaced' });
    await second.until(() => second.frames.length > 3);
    expect(second.ws.readyState).toBe(second.ws.OPEN);
  });

  it('a new token supersedes the older ones: a socket open on an older one is closed, and an older one is refused at connect', async () => {
    await callWithApp('call_g', 'part_a');
    const first = await h.token('call_g', 'part_a');
    const old = h.client(first);
    await old.message('joined');
    // The call's actor issued generation 2 (same second, same window: only the generation tells them apart).
    expect(await h.op({ op: 'supersedeTokens', callId: 'call_g', legId: 'part_a', generation: 2 })).toEqual({ ok: true });
    expect(await old.closed).toEqual({ code: 4401, reason: 'room_token_superseded' });
    expect(old.messages.at(-1)).toMatchObject({ type: 'error', code: 'room_token_superseded' });
    await h.event((e) => e.type === 'participant.disconnected' && e.legId === 'part_a');
    expect(await refusedWith(first)).toEqual({ code: 4401, error: 'room_token_superseded' });
    const second = h.client(await h.token('call_g', 'part_a', 'app', 60_000, h.clock.now(), 2));
    await second.message('joined');

    // A token of generation 3 that reaches the node before the op about it: it raises the generation itself,
    // replaces the connection, and generation 2 stops working; the late op changes nothing.
    const third = h.client(await h.token('call_g', 'part_a', 'app', 60_000, h.clock.now(), 3));
    await third.message('joined');
    expect(await second.closed).toEqual({ code: 4409, reason: 'room_replaced' });
    expect(await refusedWith(await h.token('call_g', 'part_a', 'app', 60_000, h.clock.now(), 2))).toEqual({ code: 4401, error: 'room_token_superseded' });
    expect(await h.op({ op: 'supersedeTokens', callId: 'call_g', legId: 'part_a', generation: 3 })).toEqual({ ok: true });
    await third.until(() => third.frames.length > 3);
    expect(third.ws.readyState).toBe(third.ws.OPEN);
    expect(await h.op({ op: 'supersedeTokens', callId: 'call_g', legId: 'part_nobody', generation: 2 })).toMatchObject({ ok: false, error: { code: 'media_leg_not_found' } });
  });

  it('a bot that sends data gets room_data_forbidden and nothing is delivered; an app\'s data reaches the others', async () => {
    await callWithApp('call_b', 'part_bot', 'bot');
    await h.op({ op: 'addLeg', callId: 'call_b', legId: 'part_app', kind: 'room', room: { participantKind: 'app' } });
    const bot = h.client(await h.token('call_b', 'part_bot', 'bot'));
    const app = h.client(await h.token('call_b', 'part_app', 'app'));
    await bot.message('joined');
    await app.message('joined');
    bot.ws.send(JSON.stringify({ type: 'data', payload: 'from bot' }));
    expect(await bot.message('error')).toMatchObject({ code: 'room_data_forbidden' });
    app.ws.send(JSON.stringify({ type: 'data', payload: 'hello bot' }));
    expect(await bot.message('data')).toEqual({ type: 'data', from: 'part_app', payload: 'hello bot' });
    expect(app.messages.filter((m) => m.type === 'data')).toEqual([]);
  });
});

describe('hostile input on the room endpoint', () => {
  it('data with a lone surrogate, a NUL or deep nesting gets room_message_invalid and never reaches a peer', async () => {
    await callWithApp('call_poison', 'part_app1');
    await h.op({ op: 'addLeg', callId: 'call_poison', legId: 'part_app2', kind: 'room', room: { participantKind: 'app' } });
    const sender = h.client(await h.token('call_poison', 'part_app1'));
    const peer = h.client(await h.token('call_poison', 'part_app2'));
    await sender.message('joined');
    await peer.message('joined');
    const poisons = ['{"type":"data","payload":"a\\ud800"}', '{"type":"data","payload":{"k\\udc00":1}}', '{"type":"data","payload":"a\\u0000"}', `{"type":"data","payload":${'['.repeat(5000)}${']'.repeat(5000)}}`];
    for (const poison of poisons) {
      sender.ws.send(poison);
      expect(await sender.message('error')).toMatchObject({ code: 'room_message_invalid' });
      sender.messages.splice(sender.messages.findIndex((m) => m.type === 'error'), 1);
    }
    sender.ws.send(JSON.stringify({ type: 'data', payload: 'clean' }));
    expect(await peer.message('data')).toEqual({ type: 'data', from: 'part_app1', payload: 'clean' });
    expect(peer.messages.filter((m) => m.type === 'data')).toHaveLength(1);
  });

  it('wrong frame sizes, garbage, huge text and floods never stop the node or disturb another session', async () => {
    await callWithApp('call_bad', 'part_bad');
    await callWithApp('call_good', 'part_good');
    await h.op({ op: 'addLeg', callId: 'call_good', legId: 'part_phone', kind: 'phone', phone: { to: '+442079460008' } });
    const good = h.client(await h.token('call_good', 'part_good'));
    await good.message('joined');
    const bad = h.client(await h.token('call_bad', 'part_bad'));
    await bad.message('joined');

    bad.ws.send(Buffer.alloc(639));
    expect(await bad.message('error')).toMatchObject({ code: 'room_frame_invalid' });
    for (let i = 0; i < 2000; i++) bad.ws.send(Buffer.alloc(1 + (i % 1300), i & 0xff));
    for (let i = 0; i < 5000; i++) bad.ws.send(Buffer.alloc(640, i & 0xff));
    bad.ws.send('{"type":"data","payload":');
    bad.ws.send(JSON.stringify({ type: 'data', payload: 'x'.repeat(20_000) }));
    for (let i = 0; i < 3000; i++) bad.ws.send(`{"type":"nonsense","n":${i}}`);
    bad.ws.send('\u0000\uffff not json at all');

    await h.event((e) => e.type === 'leg.answered' && e.legId === 'part_phone');
    const from = good.frames.length;
    good.talk(sine(700, 1000, 16000, 8000));
    await good.until(() => good.frames.slice(from).filter((f) => toneAmplitude(f, 700, 16000) > 2000).length >= 10);
    const codes = new Set(bad.messages.filter((m) => m.type === 'error').map((m) => (m.type === 'error' ? m.code : '')));
    expect([...codes].every((c) => ['room_frame_invalid', 'room_message_invalid', 'room_message_too_large', 'rate_limited'].includes(c))).toBe(true);

    const huge = h.client(await h.token('call_bad', 'part_bad'));
    await huge.message('joined');
    huge.ws.send('y'.repeat(200_000));
    expect((await huge.closed).code).not.toBe(1000);
    expect(await h.op({ op: 'openSession', callId: 'call_after' })).toEqual({ ok: true });
    expect((await fetch(`http://127.0.0.1:${h.node.port}/healthz`)).status).toBe(200);
    good.close();
  });
});
