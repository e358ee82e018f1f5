import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toneAmplitude } from '../../media/audio/level.js';
import { holdMusic, sine } from '../../shared/audio/tones.js';
import { parseWav } from '../../shared/audio/wav.js';
import { EngineHarness, speech, type RoomProbe } from './media-harness.js';

let h: EngineHarness;
let alice: RoomProbe;
let bob: RoomProbe;
let carol: RoomProbe;

beforeEach(async () => {
  h = await new EngineHarness().start();
  await h.op({ op: 'openSession', callId: 'call_a' });
  alice = await h.addProbe('call_a', 'alice');
  bob = await h.addProbe('call_a', 'bob');
  carol = await h.addProbe('call_a', 'carol');
});
afterEach(() => h.stop());

/** Frames of `probe`'s last `n` heard frames that carry `hz`. */
function framesWith(probe: RoomProbe, hz: number, n: number): number {
  return probe.heard.slice(-n).filter((f) => toneAmplitude(f, hz, 16000) > 2000).length;
}

describe('mixing', () => {
  it('everyone hears everyone else but not themselves', async () => {
    alice.say(sine(500, 400, 16000, 8000));
    await h.run(20);
    expect(framesWith(bob, 500, 20)).toBeGreaterThan(15);
    expect(framesWith(carol, 500, 20)).toBeGreaterThan(15);
    expect(framesWith(alice, 500, 20)).toBe(0);
  });

  it('a muted leg is not heard, and is heard again once unmuted', async () => {
    await h.op({ op: 'updateLeg', callId: 'call_a', legId: 'alice', muted: true });
    alice.say(sine(500, 800, 16000, 8000));
    await h.run(20);
    expect(bob.level(bob.heard.length - 20)).toBe(0);
    await h.op({ op: 'updateLeg', callId: 'call_a', legId: 'alice', muted: false });
    await h.run(20);
    expect(framesWith(bob, 500, 20)).toBeGreaterThan(15);
  });

  it('a whisper reaches only its target', async () => {
    await h.op({ op: 'updateLeg', callId: 'call_a', legId: 'alice', audioMode: 'whisper', whisperTo: 'bob' });
    alice.say(sine(500, 400, 16000, 8000));
    await h.run(20);
    expect(framesWith(bob, 500, 20)).toBeGreaterThan(15);
    expect(carol.level(carol.heard.length - 20)).toBe(0);
  });

  it('a listen-only leg hears but is not heard', async () => {
    await h.op({ op: 'updateLeg', callId: 'call_a', legId: 'alice', audioMode: 'listen' });
    alice.say(sine(500, 400, 16000, 8000));
    bob.say(sine(800, 400, 16000, 8000));
    await h.run(20);
    expect(framesWith(alice, 800, 20)).toBeGreaterThan(15);
    expect(framesWith(carol, 500, 20)).toBe(0);
  });

  it('a held leg hears hold music and is not heard', async () => {
    await h.op({ op: 'updateLeg', callId: 'call_a', legId: 'alice', held: true });
    alice.say(sine(500, 400, 16000, 8000));
    bob.say(sine(800, 400, 16000, 8000));
    // 21 ticks: a frame prepared on one tick is sent at the next tick's deadline.
    await h.run(21);
    expect(framesWith(bob, 500, 20)).toBe(0);
    expect(framesWith(alice, 800, 20)).toBe(0);
    const music = holdMusic().subarray(0, 320 * 20);
    expect(Array.from(alice.heard.slice(-20).flatMap((f) => Array.from(f)))).toEqual(Array.from(music));
  });
});

describe('say, play and stopMedia', () => {
  it('say to one participant is heard by that one only, and ends with playback.ended carrying its commandId', async () => {
    // Rendered once beforehand (the synthesizer caches), so frames do not run ahead of espeak-ng.
    await speech.render('One moment please.', undefined, 16000);
    expect((await h.op({ op: 'say', callId: 'call_a', commandId: 'cmd_1', text: 'One moment please.', to: 'bob' })).ok).toBe(true);
    const start = bob.heard.length;
    await h.runUntil(() => h.ofType('playback.ended').length > 0, 1000);
    expect(bob.level(start)).toBeGreaterThan(1000);
    expect(alice.level(start)).toBe(0);
    expect(carol.level(start)).toBe(0);
    expect(h.ofType('playback.ended')).toEqual([{ callId: 'call_a', type: 'playback.ended', commandId: 'cmd_1', outcome: 'completed' }]);
  });

  it('stopMedia stops a playback at once and reports it stopped', async () => {
    await h.clips.saveClip('clip_tone', sine(600, 2000, 16000, 8000));
    expect((await h.op({ op: 'play', callId: 'call_a', commandId: 'cmd_2', clipId: 'clip_tone', repeat: 3 })).ok).toBe(true);
    await h.run(11);
    expect(framesWith(alice, 600, 10)).toBe(10);
    await h.op({ op: 'stopMedia', callId: 'call_a' });
    expect(h.ofType('playback.ended')).toEqual([{ callId: 'call_a', type: 'playback.ended', commandId: 'cmd_2', outcome: 'stopped' }]);
    // The frame prepared before the stop still leaves at the next deadline; every frame after it is silent.
    await h.run(6);
    expect(alice.level(alice.heard.length - 5)).toBe(0);
  });

  it('play repeats a clip the number of times asked, then completes', async () => {
    await h.clips.saveClip('clip_short', sine(600, 100, 16000, 8000));
    await h.op({ op: 'play', callId: 'call_a', commandId: 'cmd_3', clipId: 'clip_short', repeat: 3 });
    await h.run(16);
    expect(framesWith(alice, 600, 16)).toBe(15);
    expect(h.ofType('playback.ended').map((e) => e.outcome)).toEqual(['completed']);
  });

  it('refuses a missing clip, an unknown voice and an unknown target in the answer', async () => {
    expect(await h.op({ op: 'play', callId: 'call_a', commandId: 'c', clipId: 'nope' })).toMatchObject({ ok: false, error: { code: 'media_clip_not_found' } });
    expect(await h.op({ op: 'say', callId: 'call_a', commandId: 'c', text: 'hi', voice: 'klingon' as never })).toMatchObject({ ok: false, error: { code: 'invalid_voice' } });
    expect(await h.op({ op: 'say', callId: 'call_a', commandId: 'c', text: 'hi', to: 'dave' })).toMatchObject({ ok: false, error: { code: 'media_leg_not_found' } });
    expect(h.events.filter((e) => e.type === 'playback.ended')).toEqual([]);
  });
});

describe('recording', () => {
  it('records the call mix to a WAV file and reports recording.ready with its duration', async () => {
    expect((await h.op({ op: 'startRecording', callId: 'call_a', commandId: 'cmd_r', recordingId: 'rec_1' })).ok).toBe(true);
    alice.say(sine(500, 1000, 16000, 8000));
    await h.run(100);
    await h.op({ op: 'stopRecording', callId: 'call_a', recordingId: 'rec_1' });
    const ready = await h.event('recording.ready');
    expect(ready).toMatchObject({ commandId: 'cmd_r', recordingId: 'rec_1', key: 'rec_1.wav', durationMs: 2000 });
    const wav = parseWav(await readFile(h.recordingFiles.pathOf(ready.key)));
    expect(wav.sampleRate).toBe(16000);
    expect(toneAmplitude(wav.samples.subarray(1600, 1600 + 8000), 500, 16000)).toBeGreaterThan(6000);
  });

  it('closing the session finishes a running recording', async () => {
    await h.op({ op: 'startRecording', callId: 'call_a', commandId: 'cmd_r', recordingId: 'rec_2' });
    await h.run(10);
    await h.op({ op: 'closeSession', callId: 'call_a' });
    expect((await h.event('recording.ready')).durationMs).toBe(200);
  });
});

describe('legs and sessions', () => {
  it('refuses a leg in a session that is not open, a second leg with the same id, and legs beyond capacity', async () => {
    expect(await h.op({ op: 'addLeg', callId: 'call_x', legId: 'p', kind: 'room', room: { participantKind: 'app' } })).toMatchObject({ ok: false, error: { code: 'media_session_not_found' } });
    expect(await h.op({ op: 'addLeg', callId: 'call_a', legId: 'alice', kind: 'room', room: { participantKind: 'app' } })).toMatchObject({ ok: false, error: { code: 'media_leg_exists' } });
    for (let i = 0; i < 17; i++) await h.op({ op: 'addLeg', callId: 'call_a', legId: `x${i}`, kind: 'room', room: { participantKind: 'bot' } });
    expect(await h.op({ op: 'addLeg', callId: 'call_a', legId: 'one_too_many', kind: 'room', room: { participantKind: 'app' } })).toMatchObject({ ok: false, error: { code: 'media_capacity_exhausted' } });
  });

  it('a room leg answers with the room URL; removing it closes its connection as removed', async () => {
    expect(await h.op({ op: 'addLeg', callId: 'call_a', legId: 'dave', kind: 'room', room: { participantKind: 'bot' } })).toEqual({ ok: true, roomUrl: 'ws://media.test/room' });
    await h.op({ op: 'removeLeg', callId: 'call_a', legId: 'alice' });
    expect(alice.closedWith).toEqual({ closeCode: 4410, code: 'room_participant_removed' });
    expect(h.engine.roomLeg('call_a', 'alice')).toBeUndefined();
  });

  it('a stream leg without stream support is refused as capability_unavailable', async () => {
    expect(await h.op({ op: 'addLeg', callId: 'call_a', legId: 's', kind: 'stream', stream: {} })).toMatchObject({ ok: false, error: { code: 'capability_unavailable' } });
  });

  it('sessions are independent: closing one leaves the other playing', async () => {
    await h.op({ op: 'openSession', callId: 'call_b' });
    const erin = await h.addProbe('call_b', 'erin');
    const frank = await h.addProbe('call_b', 'frank');
    erin.say(sine(700, 400, 16000, 8000));
    await h.op({ op: 'closeSession', callId: 'call_a' });
    await h.run(20);
    expect(framesWith(frank, 700, 20)).toBeGreaterThan(15);
    expect(alice.closedWith?.closeCode).toBe(4410);
  });
});
