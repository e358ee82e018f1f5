import { describe, expect, it } from 'vitest';
import { decodeMulaw, encodeMulaw, MULAW_SILENCE } from '../../shared/audio/g711.js';
import { sine } from '../../shared/audio/tones.js';
import { toneAmplitude } from '../../media/audio/level.js';
import { defaultModes, type G711Leg, type LegKind, type PcmLeg } from '../../media/session/leg.js';
import { Playback } from '../../media/session/session-playbacks.js';
import { Session } from '../../media/session/session.js';

/** A G.711 leg driven by the test: says a continuous tone (or nothing) and keeps every payload it was sent. */
class G711Probe implements G711Leg {
  readonly format = 'pcmu';
  readonly rate = 8000;
  readonly modes = defaultModes();
  /** What it was sent, one payload per flush. */
  readonly heard: Uint8Array[] = [];
  /** What it said, one payload per pull (null when silent). */
  readonly said: (Uint8Array | null)[] = [];
  private sample = 0;
  private prepared: Uint8Array | null = null;

  constructor(
    readonly id: string,
    readonly kind: LegKind,
    private readonly toneHz: number | null,
  ) {}

  pull(): Uint8Array | null {
    if (this.toneHz === null) {
      this.said.push(null);
      return null;
    }
    const pcm = new Int16Array(160);
    for (let i = 0; i < 160; i++, this.sample++) pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * this.toneHz * this.sample) / 8000));
    const payload = new Uint8Array(160);
    encodeMulaw(pcm, payload);
    this.said.push(payload);
    return payload;
  }

  push(payload: Uint8Array): void {
    this.prepared = payload.slice();
  }

  flush(): void {
    if (this.prepared !== null) this.heard.push(this.prepared);
    this.prepared = null;
  }

  close(): void {}
}

/** A 16 kHz room participant that says nothing (or a tone) and keeps what it hears. */
class RoomProbe implements PcmLeg {
  readonly kind = 'room';
  readonly format = 'l16';
  readonly rate = 16000;
  readonly modes = defaultModes();
  readonly heard: Int16Array[] = [];
  private sample = 0;
  constructor(
    readonly id: string,
    private readonly toneHz: number | null = null,
  ) {}
  pull(): Int16Array | null {
    if (this.toneHz === null) return null;
    const frame = new Int16Array(320);
    for (let i = 0; i < 320; i++, this.sample++) frame[i] = Math.round(6000 * Math.sin((2 * Math.PI * this.toneHz * this.sample) / 16000));
    return frame;
  }
  push(frame: Int16Array): void {
    this.heard.push(frame.slice());
  }
  close(): void {}
}

function pcm(payload: Uint8Array): Int16Array {
  const out = new Int16Array(payload.length);
  decodeMulaw(payload, out);
  return out;
}

function callWith(...legs: (G711Leg | PcmLeg)[]): { session: Session; tick: (n?: number) => void } {
  const session = new Session({ callId: 'call_pt', report: () => {}, holdAudio: sine(440, 1000, 16000, 4000) });
  for (const leg of legs) session.addLeg(leg);
  // One node tick: the deadline half (send what the previous tick prepared), then the preparing half.
  const tick = (n = 1): void => {
    for (let i = 0; i < n; i++) {
      session.flush();
      session.tick();
    }
  };
  return { session, tick };
}

function startPlayback(session: Session, id: string, samples: Int16Array): void {
  session.expectPlayback(id);
  session.startPlayback(new Playback(id, samples, null));
}

const silentFrame = (payload: Uint8Array): boolean => payload.every((b) => b === MULAW_SILENCE);

describe('pass-through between two G.711 legs', () => {
  it('forwards the phone’s payload bytes to the stream unchanged, frame for frame', () => {
    const phone = new G711Probe('phone', 'phone', 300);
    const stream = new G711Probe('stream', 'stream', null);
    const { session, tick } = callWith(phone, stream);
    tick(11);
    expect(session.mixRate).toBe(8000);
    expect(session.pathOf('stream')).toBe('pass');
    expect(session.pathOf('phone')).toBe('pass');
    // The frame said on tick k is heard at the deadline of tick k + 1.
    expect(stream.heard).toEqual(phone.said.slice(0, 10));
    expect(phone.heard.every(silentFrame)).toBe(true);
  });

  it('switches to mixing when a say starts and back when it ends, with no gap and no click (every sample continues)', () => {
    const phone = new G711Probe('phone', 'phone', 300);
    const stream = new G711Probe('stream', 'stream', null);
    const { session, tick } = callWith(phone, stream);
    const paths: string[] = [];
    const step = (n: number): void => {
      for (let i = 0; i < n; i++) {
        tick();
        paths.push(session.pathOf('stream')!);
      }
    };
    step(10);
    // A say of silence: the mixer takes over, and what it sends is sample for sample what pass-through sent.
    startPlayback(session, 'cmd_quiet', new Int16Array(320 * 5));
    step(10);
    expect(paths.slice(0, 10).every((p) => p === 'pass')).toBe(true);
    expect(paths.slice(10, 15).every((p) => p === 'mixed')).toBe(true);
    expect(paths.slice(16).every((p) => p === 'pass')).toBe(true);
    tick();
    expect(stream.heard).toEqual(phone.said.slice(0, 20));

    // An audible say: the phone's tone goes on underneath it, sample-aligned across both switches.
    const before = stream.heard.length;
    startPlayback(session, 'cmd_tone', sine(1000, 100, 16000, 6000));
    step(10);
    tick();
    const heard = stream.heard.slice(before);
    const said = phone.said.slice(before, before + heard.length);
    expect(heard.length).toBe(11);
    let sayFrames = 0;
    heard.forEach((frame, i) => {
      const residual = pcm(frame).map((v, j) => v - pcm(said[i]!)[j]!);
      // Nothing of the phone is lost, doubled or shifted at any frame: the residual holds none of its tone
      // beyond mu-law's rounding (a frame shifted by a single sample leaves about 1900)...
      expect(toneAmplitude(residual, 300, 8000)).toBeLessThan(400);
      // ...and holds the say while it plays.
      if (toneAmplitude(residual, 1000, 8000) > 3000) sayFrames++;
    });
    expect(sayFrames).toBeGreaterThanOrEqual(4);
    expect(paths.slice(-3).every((p) => p === 'pass')).toBe(true);
  });

  it('never lets a muted phone through: silence from the next frame on, pass-through again when unmuted', () => {
    const phone = new G711Probe('phone', 'phone', 300);
    const stream = new G711Probe('stream', 'stream', null);
    const { session, tick } = callWith(phone, stream);
    tick(5);
    session.updateLeg('phone', { muted: true });
    tick(10);
    // The frame prepared before the mute leaves at the next deadline; every frame prepared after it is silence.
    expect(stream.heard[4]).toEqual(phone.said[4]);
    const muted = stream.heard.slice(5);
    expect(muted).toHaveLength(9);
    expect(muted.every(silentFrame)).toBe(true);
    session.updateLeg('phone', { muted: false });
    tick(5);
    expect(session.pathOf('stream')).toBe('pass');
    expect(stream.heard.at(-1)).toEqual(phone.said.at(-2));
  });

  it('never lets a phone’s whisper through to anyone but its target', () => {
    const phone = new G711Probe('phone', 'phone', 300);
    const stream = new G711Probe('stream', 'stream', null);
    const agent = new G711Probe('agent', 'phone', null);
    const { session, tick } = callWith(phone, stream, agent);
    session.updateLeg('phone', { audioMode: 'whisper', whisperTo: 'agent' });
    tick(11);
    expect(stream.heard.every(silentFrame)).toBe(true);
    expect(stream.heard.map((f) => toneAmplitude(pcm(f), 300, 8000)).every((a) => a < 1)).toBe(true);
    // The target hears the whisper (mixed with the stream, which may speak at any time).
    expect(session.pathOf('agent')).toBe('mixed');
    expect(agent.heard.at(-1)).toEqual(phone.said.at(-2));
  });

  it('never lets a listen-only or held phone through', () => {
    const phone = new G711Probe('phone', 'phone', 300);
    const stream = new G711Probe('stream', 'stream', null);
    const { session, tick } = callWith(phone, stream);
    session.updateLeg('phone', { audioMode: 'listen' });
    tick(6);
    session.updateLeg('phone', { audioMode: 'talk', held: true });
    tick(6);
    expect(stream.heard.every(silentFrame)).toBe(true);
    expect(session.pathOf('phone')).toBe('hold');
  });

  it('mixes a third talker in, and mixes at 16 kHz only while a 16 kHz leg is in the call', () => {
    const phone = new G711Probe('phone', 'phone', 300);
    const stream = new G711Probe('stream', 'stream', 700);
    const third = new G711Probe('third', 'phone', 1100);
    const { session, tick } = callWith(phone, stream, third);
    tick(6);
    expect(session.mixRate).toBe(8000);
    expect(session.pathOf('stream')).toBe('mixed');
    const heard = pcm(stream.heard.at(-1)!);
    expect(toneAmplitude(heard, 300, 8000)).toBeGreaterThan(6000);
    expect(toneAmplitude(heard, 1100, 8000)).toBeGreaterThan(6000);
    expect(toneAmplitude(heard, 700, 8000)).toBeLessThan(300);

    const room = new RoomProbe('room');
    session.addLeg(room);
    expect(session.mixRate).toBe(16000);
    tick(6);
    expect(toneAmplitude(room.heard.at(-1)!, 300, 16000)).toBeGreaterThan(5000);
    session.removeLeg('room', 'left');
    expect(session.mixRate).toBe(8000);
  });

  it('a room leg hears the 8 kHz legs through their one upsampled sum, a phone\'s whisper to it as well, and a whisper to another not', () => {
    const a = new G711Probe('a', 'phone', 300);
    const b = new G711Probe('b', 'phone', 1100);
    const c = new G711Probe('c', 'stream', 1900);
    const room = new RoomProbe('room');
    const other = new RoomProbe('other');
    const { session, tick } = callWith(a, b, c, room, other);
    session.updateLeg('c', { audioMode: 'whisper', whisperTo: 'room' });
    tick(6);
    const heard = room.heard.at(-1)!;
    for (const hz of [300, 1100, 1900]) expect(toneAmplitude(heard, hz, 16000), `${hz} Hz`).toBeGreaterThan(5000);
    const overheard = other.heard.at(-1)!;
    expect(toneAmplitude(overheard, 300, 16000)).toBeGreaterThan(5000);
    expect(toneAmplitude(overheard, 1900, 16000)).toBeLessThan(100);
    // The sum carries each tone at the level a leg converted alone would: 8000 at 8 kHz stays about 8000.
    expect(toneAmplitude(heard, 1100, 16000)).toBeLessThan(9000);
    // A room leg listening to one phone alone hears that phone only.
    session.updateLeg('room', { listenTo: 'b' });
    tick(6);
    const single = room.heard.at(-1)!;
    expect(toneAmplitude(single, 1100, 16000)).toBeGreaterThan(5000);
    expect(toneAmplitude(single, 300, 16000)).toBeLessThan(100);
  });

  it('a 16 kHz room leg joining and leaving changes no sample between the 8 kHz legs: no gap, no click, no shift', () => {
    const phone = new G711Probe('phone', 'phone', 300);
    const stream = new G711Probe('stream', 'stream', null);
    const { session, tick } = callWith(phone, stream);
    tick(10);
    const quiet = new RoomProbe('quiet');
    session.addLeg(quiet);
    tick(10);
    expect(session.pathOf('stream')).toBe('mixed');
    // The room hears the phone, upsampled.
    expect(toneAmplitude(quiet.heard.at(-1)!, 300, 16000)).toBeGreaterThan(6000);
    session.removeLeg('quiet', 'left');
    tick(10);
    expect(session.pathOf('stream')).toBe('pass');
    // A silent room leg in the call: the stream still gets the phone's bytes, frame for frame, across both switches.
    expect(stream.heard).toEqual(phone.said.slice(0, 29));

    // A room leg that talks: the phone goes on underneath it, sample-aligned, as it joins and as it leaves.
    const before = stream.heard.length;
    const talker = new RoomProbe('talker', 1000);
    session.addLeg(talker);
    tick(10);
    session.removeLeg('talker', 'left');
    tick(10);
    const heard = stream.heard.slice(before);
    let talkFrames = 0;
    heard.forEach((frame, i) => {
      const residual = pcm(frame).map((v, j) => v - pcm(phone.said[before + i]!)[j]!);
      // A restarted filter or a change of delay under the phone (31 samples through 16 kHz and back) leaves
      // thousands of its tone here; mu-law rounding leaves well under 400.
      expect(toneAmplitude(residual, 300, 8000), `frame ${i}`).toBeLessThan(400);
      if (toneAmplitude(residual, 1000, 8000) > 3000) talkFrames++;
    });
    expect(talkFrames).toBeGreaterThanOrEqual(8);
    // Sample to sample, what the stream hears never jumps further than the tones themselves can move.
    const samples = heard.flatMap((f) => [...pcm(f)]);
    const maxStep = 2 * Math.PI * (300 * 8000 + 1000 * 6000) / 8000;
    for (let i = 1; i < samples.length; i++) expect(Math.abs(samples[i]! - samples[i - 1]!)).toBeLessThan(maxStep * 1.3);
  });

  it('nor in the recording: the phone goes on in it without a jump as a room leg joins and leaves', () => {
    const phone = new G711Probe('phone', 'phone', 300);
    const stream = new G711Probe('stream', 'stream', null);
    const { session, tick } = callWith(phone, stream);
    const recorded: Int16Array[] = [];
    session.addSink({ id: 'rec', write: (frame) => recorded.push(frame.slice()), close: () => {} });
    tick(10);
    session.addLeg(new RoomProbe('quiet'));
    tick(10);
    session.removeLeg('quiet', 'left');
    tick(10);
    const samples = recorded.slice(2).flatMap((f) => [...f]);
    expect(toneAmplitude(Int16Array.from(samples), 300, 16000)).toBeGreaterThan(6000);
    // A 300 Hz tone of amplitude 8000 moves at most about 950 from one 16 kHz sample to the next.
    const maxStep = (2 * Math.PI * 300 * 8000) / 16000;
    for (let i = 1; i < samples.length; i++) expect(Math.abs(samples[i]! - samples[i - 1]!), `sample ${i}`).toBeLessThan(maxStep * 1.3);
  });
});
