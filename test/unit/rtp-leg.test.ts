import { createSocket, type Socket } from 'node:dgram';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MediaEventBody } from '../../protocol/media/media-event.js';
import { rms, toneAmplitude } from '../../media/audio/level.js';
import { sine } from '../../shared/audio/tones.js';
import { G711Codec } from '../../media/rtp/g711-codec.js';
import { JitterBuffer } from '../../media/rtp/jitter-buffer.js';
import { RtpLeg } from '../../media/rtp/rtp-leg.js';
import { parseRtp, sequenceDelta, writeRtpHeader } from '../../media/rtp/rtp-packet.js';
import { RtpPortPool } from '../../media/rtp/rtp-port-pool.js';
import { parseAudio, writeAnswer, writeOffer } from '../../media/rtp/sdp.js';
import { parseTelephoneEvent, writeTelephoneEvent } from '../../media/rtp/telephone-event.js';
import { defaultModes, type G711Leg, type LegContext } from '../../media/session/leg.js';
import { Session } from '../../media/session/session.js';

const pool = new RtpPortPool('127.0.0.1', 0, 0);
const open: { close(): void }[] = [];

afterEach(() => {
  for (const o of open.splice(0)) o.close();
});

/** A far phone on loopback: a UDP socket that records what it receives. */
async function farPhone(): Promise<{ socket: Socket; port: number; packets: Buffer[]; next(): Promise<Buffer> }> {
  const socket = createSocket('udp4');
  socket.bind(0, '127.0.0.1');
  await once(socket, 'listening');
  open.push({ close: () => socket.close() });
  const packets: Buffer[] = [];
  const waiters: ((b: Buffer) => void)[] = [];
  socket.on('message', (b) => {
    packets.push(b);
    waiters.shift()?.(b);
  });
  return {
    socket,
    port: socket.address().port,
    packets,
    next: () => new Promise((resolve) => waiters.push(resolve)),
  };
}

async function legWithEvents(): Promise<{ leg: RtpLeg; events: MediaEventBody[]; pressed: string[]; arrived(n: number): Promise<void> }> {
  const port = await pool.take();
  const events: MediaEventBody[] = [];
  const pressed: string[] = [];
  const ctx: LegContext = { callId: 'call_1', report: (e) => events.push(e), ended: () => undefined, pressed: (d) => pressed.push(d) };
  const leg = new RtpLeg('par_1', ctx, port);
  open.push({ close: () => leg.close('test over') });
  // Resolves once the leg's socket has taken in `n` more datagrams (accepted or dropped).
  const arrived = (n: number): Promise<void> =>
    new Promise((resolve) => {
      let left = n;
      const onMessage = (): void => {
        if (--left > 0) return;
        port.socket.off('message', onMessage);
        setImmediate(resolve);
      };
      port.socket.on('message', onMessage);
    });
  return { leg, events, pressed, arrived };
}

function rtp(pt: number, seq: number, ts: number, ssrc: number, payload: Uint8Array, marker = false): Buffer {
  const b = Buffer.alloc(12 + payload.length);
  writeRtpHeader(b, { payloadType: pt, marker, sequence: seq, timestamp: ts, ssrc });
  b.set(payload, 12);
  return b;
}

function send(socket: Socket, packet: Buffer, port: number): Promise<void> {
  return new Promise((resolve, reject) => socket.send(packet, port, '127.0.0.1', (err) => (err ? reject(err) : resolve())));
}

const pcmu = new G711Codec('PCMU');
function pcmuFrame(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  pcmu.encode(samples, out);
  return out;
}
/** The PCM of a PCMU payload (what the leg heard, as the session would decode it). */
function pcmOf(payload: Uint8Array): Int16Array {
  const out = new Int16Array(payload.length);
  pcmu.decode(payload, out);
  return out;
}
const SILENT = pcmuFrame(new Int16Array(160));

describe('RTP leg on loopback', () => {
  it('sends 20 ms PCMU packets with one SSRC, consecutive sequence numbers and timestamps 160 apart', async () => {
    const far = await farPhone();
    const { leg } = await legWithEvents();
    leg.setRemote({ address: '127.0.0.1', port: far.port, codec: 'PCMU', payloadType: 0, telephoneEvent: null, direction: 'sendrecv' });
    const tone = pcmuFrame(sine(1000, 20, 8000, 8000));
    for (let i = 0; i < 5; i++) leg.push(tone);
    while (far.packets.length < 5) await far.next();
    const parsed = far.packets.map((p) => parseRtp(p)!);
    expect(parsed.map((p) => p.payloadType)).toEqual([0, 0, 0, 0, 0]);
    expect(parsed[0]!.marker).toBe(true);
    expect(new Set(parsed.map((p) => p.ssrc)).size).toBe(1);
    for (let i = 1; i < 5; i++) {
      expect(sequenceDelta(parsed[i]!.sequence, parsed[i - 1]!.sequence)).toBe(1);
      expect((parsed[i]!.timestamp - parsed[i - 1]!.timestamp) >>> 0).toBe(160);
      expect(parsed[i]!.payload.length).toBe(160);
    }
    const decoded = new Int16Array(160);
    pcmu.decode(parsed[2]!.payload, decoded);
    expect(toneAmplitude(decoded, 1000, 8000)).toBeGreaterThan(6000);
  });

  it('speaks PCMA when the far side chose it', async () => {
    const far = await farPhone();
    const { leg } = await legWithEvents();
    leg.setRemote({ address: '127.0.0.1', port: far.port, codec: 'PCMA', payloadType: 8, telephoneEvent: null, direction: 'sendrecv' });
    expect(leg.format).toBe('pcma');
    const pcma = new G711Codec('PCMA');
    const said = new Uint8Array(160);
    pcma.encode(sine(440, 20, 8000, 8000), said);
    leg.push(said);
    const packet = parseRtp(await far.next())!;
    expect(packet.payloadType).toBe(8);
    const decoded = new Int16Array(160);
    new G711Codec('PCMA').decode(packet.payload, decoded);
    expect(toneAmplitude(decoded, 440, 8000)).toBeGreaterThan(6000);
  });

  it('plays received audio through the jitter buffer, reordered packets in order', async () => {
    const far = await farPhone();
    const { leg, arrived } = await legWithEvents();
    leg.setRemote({ address: '127.0.0.1', port: far.port, codec: 'PCMU', payloadType: 0, telephoneEvent: null, direction: 'sendrecv' });
    const ramp = Array.from({ length: 6 }, (_, i) => new Int16Array(160).fill((i + 1) * 1000));
    const order = [0, 2, 1, 3, 5, 4];
    const got = arrived(order.length);
    for (const i of order) await send(far.socket, rtp(0, 100 + i, 8000 + i * 160, 7, pcmuFrame(ramp[i]!)), leg.localPort);
    await got;
    const levels: number[] = [];
    for (let t = 0; t < 12; t++) {
      const f = leg.pull();
      levels.push(f ? Math.round(rms(pcmOf(f)) / 1000) : 0);
    }
    // 60 ms of delay (three silent frames), then the six frames in timestamp order.
    expect(levels.slice(0, 9)).toEqual([0, 0, 0, 1, 2, 3, 4, 5, 6]);
  });

  it('latches to the first source and drops RTP from any other address afterwards', async () => {
    const far = await farPhone();
    const intruder = await farPhone();
    const { leg, arrived } = await legWithEvents();
    // The SDP names a port nobody listens on: the caller is behind NAT, its packets come from elsewhere.
    leg.setRemote({ address: '127.0.0.1', port: 9, codec: 'PCMU', payloadType: 0, telephoneEvent: null, direction: 'sendrecv' });
    let got = arrived(1);
    await send(far.socket, rtp(0, 1, 160, 11, pcmuFrame(new Int16Array(160).fill(2000))), leg.localPort);
    await got;
    expect(leg.sendTarget).toEqual({ address: '127.0.0.1', port: far.port });
    leg.push(SILENT);
    expect(parseRtp(await far.next())).not.toBeNull();
    got = arrived(1);
    await send(intruder.socket, rtp(0, 2, 320, 11, pcmuFrame(new Int16Array(160).fill(9000))), leg.localPort);
    await got;
    expect(leg.stats.dropped).toBe(1);
    expect(leg.stats.received).toBe(1);
  });

  it('reports an RFC 4733 digit once however often its packets repeat', async () => {
    const far = await farPhone();
    const { leg, pressed, arrived } = await legWithEvents();
    leg.setRemote({ address: '127.0.0.1', port: far.port, codec: 'PCMU', payloadType: 0, telephoneEvent: 101, direction: 'sendrecv' });
    expect(leg.reportsDtmf).toBe(true);
    const got = arrived(8);
    for (const [digit, ts] of [[5, 1000], [11, 2000]] as const) {
      for (let i = 1; i <= 4; i++) {
        const ev = new Uint8Array(4);
        writeTelephoneEvent(ev, 0, digit, i === 4, i * 160);
        await send(far.socket, rtp(101, ts + i, ts, 3, ev, i === 1), leg.localPort);
      }
    }
    await got;
    expect(pressed).toEqual(['5', '#']);
  });

  it('sends a digit as RFC 4733 events: one timestamp, growing duration, three end packets', async () => {
    const far = await farPhone();
    const { leg } = await legWithEvents();
    leg.setRemote({ address: '127.0.0.1', port: far.port, codec: 'PCMU', payloadType: 0, telephoneEvent: 96, direction: 'sendrecv' });
    leg.sendDtmf('7');
    for (let i = 0; i < 8; i++) leg.push(SILENT);
    while (far.packets.length < 8) await far.next();
    const packets = far.packets.map((p) => parseRtp(p)!);
    const events = packets.filter((p) => p.payloadType === 96);
    expect(events.length).toBe(7);
    expect(new Set(events.map((e) => e.timestamp)).size).toBe(1);
    const payloads = events.map((e) => parseTelephoneEvent(e.payload)!);
    expect(payloads.every((e) => e.digit === '7')).toBe(true);
    expect(payloads.map((e) => e.end)).toEqual([false, false, false, false, true, true, true]);
    expect(payloads[0]!.duration).toBe(160);
    expect(payloads[4]!.duration).toBe(800);
    expect(events[0]!.marker).toBe(true);
    expect(packets[7]!.payloadType).toBe(0);
  });

  it('stops sending while the far side holds the call (sendonly)', async () => {
    const far = await farPhone();
    const { leg } = await legWithEvents();
    leg.setRemote({ address: '127.0.0.1', port: far.port, codec: 'PCMU', payloadType: 0, telephoneEvent: null, direction: 'sendonly' });
    leg.push(SILENT);
    leg.setRemote({ address: '127.0.0.1', port: far.port, codec: 'PCMU', payloadType: 0, telephoneEvent: null, direction: 'sendrecv' });
    leg.push(SILENT);
    const first = parseRtp(await far.next())!;
    expect(far.packets.length).toBe(1);
    expect(first.marker).toBe(true);
  });

  it('survives hostile datagrams: nothing throws, nothing is heard, and real audio still plays', async () => {
    const far = await farPhone();
    const { leg, arrived } = await legWithEvents();
    leg.setRemote({ address: '127.0.0.1', port: far.port, codec: 'PCMU', payloadType: 0, telephoneEvent: 101, direction: 'sendrecv' });
    const junk = fc.sample(
      fc.oneof(
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        fc.tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.uint8Array({ minLength: 10, maxLength: 40 })).map(([a, b, rest]) =>
          Uint8Array.from([0x80 | (a & 0x3f), b, ...rest]),
        ),
      ),
      { numRuns: 300, seed: 14 },
    );
    // One at a time: a burst larger than the socket's receive queue would be dropped by the kernel.
    for (const j of [...junk.map((b) => Buffer.from(b)), rtp(0, 50, 50 * 160, 99, pcmuFrame(new Int16Array(160).fill(3000)))]) {
      const got = arrived(1);
      await send(far.socket, j, leg.localPort);
      await got;
    }
    let heard = 0;
    for (let t = 0; t < 10; t++) {
      const f = leg.pull();
      if (f) heard = Math.max(heard, rms(pcmOf(f)));
    }
    expect(heard).toBeGreaterThan(2000);
  });
});

/** A PCMU stream leg driven by the test: says `says` every tick and keeps what it is sent. */
class StreamProbe implements G711Leg {
  readonly kind = 'stream';
  readonly format = 'pcmu';
  readonly rate = 8000;
  readonly modes = defaultModes();
  readonly heard: Uint8Array[] = [];
  constructor(
    readonly id: string,
    private readonly says: Uint8Array,
  ) {}
  pull(): Uint8Array {
    return this.says;
  }
  push(payload: Uint8Array): void {
    this.heard.push(payload.slice());
  }
  close(): void {}
}

describe('RTP leg in a session', () => {
  it('is a pass-through source and listener: a PCMU stream gets its payload bytes unchanged, and it sends the stream\'s', async () => {
    const far = await farPhone();
    const { leg, arrived } = await legWithEvents();
    leg.setRemote({ address: '127.0.0.1', port: far.port, codec: 'PCMU', payloadType: 0, telephoneEvent: null, direction: 'sendrecv' });
    const streamSays = Uint8Array.from({ length: 160 }, (_, i) => (i * 13) & 0xff);
    const stream = new StreamProbe('stream', streamSays);
    const session = new Session({ callId: 'call_rtp', report: () => undefined, holdAudio: sine(440, 1000, 16000, 4000) });
    session.addLeg(leg);
    session.addLeg(stream);
    // Any byte is a mu-law sample: frames no codec round trip would leave as they are.
    const frames = Array.from({ length: 4 }, (_, k) => Uint8Array.from({ length: 160 }, (_, i) => (i * 7 + k * 31) & 0xff));
    const got = arrived(frames.length);
    for (const [k, f] of frames.entries()) await send(far.socket, rtp(0, 200 + k, 160 * k, 5, f), leg.localPort);
    await got;
    for (let t = 0; t < 10; t++) {
      session.flush();
      session.tick();
    }
    expect(session.pathOf('stream')).toBe('pass');
    expect(session.pathOf('par_1')).toBe('pass');
    const start = stream.heard.findIndex((h) => Buffer.from(h).equals(frames[0]!));
    expect(stream.heard.slice(start, start + frames.length)).toEqual(frames);
    while (far.packets.length < 5) await far.next();
    expect(far.packets.slice(0, 5).map((p) => Buffer.from(parseRtp(p)!.payload))).toEqual(Array(5).fill(Buffer.from(streamSays)));
    session.close('test over');
  });
});

describe('jitter buffer', () => {
  it('hides a lost frame by fading the last one, then falls silent', () => {
    const jb = new JitterBuffer({ targetSamples: 0 });
    jb.put(0, pcmuFrame(new Int16Array(160).fill(8000)));
    const out = new Uint8Array(160);
    expect(jb.pull(out, pcmu)).toBe('audio');
    const level = pcmOf(out)[0]!;
    expect(jb.pull(out, pcmu)).toBe('concealed');
    expect(pcmOf(out)[0]! / level).toBeCloseTo(0.5, 1);
    expect(jb.pull(out, pcmu)).toBe('concealed');
    expect(pcmOf(out)[0]! / level).toBeCloseTo(0.25, 1);
    jb.pull(out, pcmu);
    expect(jb.pull(out, pcmu)).toBe('silent');
  });

  it('keeps the payload bytes as they came (no decoding on the way through)', () => {
    const jb = new JitterBuffer({ targetSamples: 0 });
    const payload = Uint8Array.from({ length: 160 }, (_, i) => (i * 7) & 0xff);
    jb.put(0, payload);
    const out = new Uint8Array(160);
    jb.pull(out, pcmu);
    expect(out).toEqual(payload);
  });

  it('drops a packet that arrives after its time has been played', () => {
    const jb = new JitterBuffer({ targetSamples: 0 });
    const out = new Uint8Array(160);
    jb.put(1600, SILENT);
    jb.pull(out, pcmu);
    jb.put(1440, SILENT);
    expect(jb.late).toBe(1);
  });

  it('a sender that stalls and then goes on behind its time is heard again after three late packets (it used to stay silent for good)', () => {
    const jb = new JitterBuffer({ targetSamples: 480 });
    const out = new Uint8Array(160);
    const frame = (i: number) => pcmuFrame(new Int16Array(160).fill(1000 + i));
    // Twenty frames on time: one packet then one pull per tick.
    for (let i = 0; i < 20; i++) {
      jb.put(i * 160, frame(i));
      jb.pull(out, pcmu);
    }
    // The sender stalls for 200 ms (ten ticks pull nothing new), then sends on at real time from where it
    // stopped: every packet now arrives 140 ms after its time was played.
    for (let t = 0; t < 10; t++) jb.pull(out, pcmu);
    const heard: string[] = [];
    for (let i = 20; i < 40; i++) {
      jb.put(i * 160, frame(i));
      heard.push(jb.pull(out, pcmu));
    }
    expect(jb.late).toBe(3);
    expect(jb.resyncs).toBe(1);
    // Three frames late, then the target delay (three frames) to fill, then audio every tick.
    expect(heard.slice(-14)).toEqual(Array(14).fill('audio'));
  });

  it('skips back to its target when the far clock runs ahead', () => {
    const jb = new JitterBuffer({ targetSamples: 160, maxSamples: 640 });
    for (let i = 0; i < 20; i++) jb.put(i * 160, pcmuFrame(new Int16Array(160).fill((i + 1) * 500)));
    const out = new Uint8Array(160);
    jb.pull(out, pcmu);
    expect(pcmOf(out)[0]).toBeGreaterThan(5000);
    expect(jb.resyncs).toBe(1);
  });

  it('keeps playing across the 32-bit timestamp wrap', () => {
    const jb = new JitterBuffer({ targetSamples: 0 });
    const out = new Uint8Array(160);
    const start = 2 ** 32 - 160;
    const first = pcmuFrame(new Int16Array(160).fill(1000));
    const second = pcmuFrame(new Int16Array(160).fill(2000));
    jb.put(start, first);
    jb.put(0, second);
    jb.pull(out, pcmu);
    expect(out).toEqual(first);
    jb.pull(out, pcmu);
    expect(out).toEqual(second);
  });
});

describe('SDP offer/answer', () => {
  it('offers PCMU, PCMA and telephone-event, and an answer picks the offerer\'s first G.711 codec', () => {
    const offer = writeOffer({ address: '192.0.2.10', port: 20000, sessionId: '1', version: 1 });
    const parsed = parseAudio(offer)!;
    expect(parsed).toEqual({ address: '192.0.2.10', port: 20000, codecs: [{ name: 'PCMU', payloadType: 0 }, { name: 'PCMA', payloadType: 8 }], telephoneEvent: 101, direction: 'sendrecv' });
    const remote = parseAudio('v=0\r\nc=IN IP4 198.51.100.1\r\nm=audio 4000 RTP/AVP 9 8 0 96\r\na=rtpmap:96 telephone-event/8000\r\na=sendonly\r\n')!;
    const answer = writeAnswer({ address: '192.0.2.10', port: 20002, sessionId: '2', version: 1 }, remote)!;
    expect(answer.codec).toBe('PCMA');
    expect(answer.telephoneEvent).toBe(96);
    expect(parseAudio(answer.sdp)!.direction).toBe('recvonly');
  });

  it('refuses an offer without G.711, and treats c=0.0.0.0 as hold', () => {
    expect(parseAudio('v=0\r\nc=IN IP4 198.51.100.1\r\nm=audio 4000 RTP/AVP 9\r\n')).toBeNull();
    expect(parseAudio('v=0\r\nc=IN IP4 0.0.0.0\r\nm=audio 4000 RTP/AVP 0\r\n')!.direction).toBe('inactive');
  });

  it('never throws on hostile SDP', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.array(fc.constantFrom('v=0', 'm=audio 1 RTP/AVP 0', 'c=IN IP4 1.2.3.4', 'a=rtpmap:0', 'm=audio x', 'c=IN IP6 ::', 'a=sendonly', 'm=video 0 RTP/AVP 0'), { maxLength: 8 }), (noise, lines) => {
        const sdp = [...lines, noise].join('\r\n');
        const parsed = parseAudio(sdp);
        if (parsed) expect(parsed.codecs.length).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
