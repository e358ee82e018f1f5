/**
 * Transcription on the media node with the embedded recognizer and real speech (espeak-ng): each leg's own
 * audio is tapped, recorded per leg and transcribed after the session closes (post-call), or recognised as
 * it is spoken (live). "one two three" is used because the embedded free-form model gets it right from
 * espeak (most sentences it does not: docs/transcription.md).
 */
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatAudio, silence, sine } from '../../shared/audio/tones.js';
import { PocketSphinxEngine } from '../../media/speech/pocketsphinx/pocketsphinx-engine.js';
import type { Recognizer } from '../../media/speech/recognizer.js';
import { SegmentingRecognizer } from '../../media/speech/segmenting-recognizer.js';
import { EngineHarness, speech, type RoomProbe } from './media-harness.js';

let h: EngineHarness;
let recognizer: Recognizer;
let words: Int16Array;
let call = 0;

beforeAll(async () => {
  recognizer = new SegmentingRecognizer(new PocketSphinxEngine({ helpers: 1 }));
  h = await new EngineHarness().start({ recognizer: () => recognizer });
  words = concatAudio(silence(300, 16000), await speech.render('good morning', 'en-US', 16000), silence(1200, 16000));
}, 60_000);
afterAll(async () => {
  await h.stop();
  await recognizer.close();
});

async function twoProbes(): Promise<{ callId: string; alice: RoomProbe; bob: RoomProbe }> {
  const callId = `call_t${++call}`;
  await h.op({ op: 'openSession', callId });
  return { callId, alice: await h.addProbe(callId, 'alice'), bob: await h.addProbe(callId, 'bob') };
}

const frames = (samples: Int16Array): number => Math.ceil(samples.length / 320);

describe('post-call transcription', () => {
  it('records each leg on its own and, after the session closes, reports each one\'s utterances with its leg id', async () => {
    const { callId, alice, bob } = await twoProbes();
    expect(await h.op({ op: 'startTranscription', callId, transcriptionId: 'trn_post', mode: 'recorded' })).toEqual({ ok: true });
    await h.run(10);
    alice.say(words);
    // Bob plays a tone meanwhile: in the mix, but not in alice's own audio.
    bob.say(sine(440, 1500, 16000, 6000));
    await h.run(frames(words));
    await h.op({ op: 'closeSession', callId });
    const ended = await h.event('transcription.ended', (e) => e.transcriptionId === 'trn_post');
    expect(ended).toMatchObject({ callId, transcriptionId: 'trn_post', outcome: 'completed' });
    const segments = h.ofType('transcription.segments').filter((e) => e.transcriptionId === 'trn_post').flatMap((e) => e.segments);
    const alices = segments.filter((s) => s.legId === 'alice');
    expect(alices.map((s) => s.text).join(' ')).toContain('good morning');
    // Session time: alice began speaking after 10 frames and 300 ms of silence.
    expect(alices[0]!.startMs).toBeGreaterThanOrEqual(200);
    expect(alices[0]!.endMs).toBeGreaterThan(alices[0]!.startMs);
    expect(ended.segmentCount).toBe(segments.length);
    // One file per leg.
    expect((await readdir(h.recordingFiles.dir)).filter((f) => f.startsWith('trn_post.')).sort()).toEqual(['trn_post.0.wav', 'trn_post.1.wav']);
  }, 60_000);
});

describe('live transcription', () => {
  it('reports each utterance of the chosen legs as it ends, and ends when stopped', async () => {
    const { callId, alice, bob } = await twoProbes();
    expect(await h.op({ op: 'startTranscription', callId, transcriptionId: 'trn_live', mode: 'live', legIds: ['alice'] })).toEqual({ ok: true });
    alice.say(words);
    bob.say(words);
    await h.run(frames(words));
    const segment = await h.event('transcription.segments', (e) => e.transcriptionId === 'trn_live');
    expect(segment.transcriptionId).toBe('trn_live');
    expect(segment.segments).toHaveLength(1);
    expect(segment.segments[0]).toMatchObject({ legId: 'alice' });
    expect(segment.segments[0]!.text).toContain('good morning');
    // The session is still open: live results come while the call runs.
    expect(h.engine.sessionCount).toBeGreaterThan(0);
    expect(await h.op({ op: 'stopTranscription', callId, transcriptionId: 'trn_live' })).toEqual({ ok: true });
    const ended = await h.event('transcription.ended', (e) => e.transcriptionId === 'trn_live');
    expect(ended).toMatchObject({ transcriptionId: 'trn_live', outcome: 'completed', segmentCount: 1 });
    const again = await h.op({ op: 'stopTranscription', callId, transcriptionId: 'trn_live' });
    expect(again).toMatchObject({ ok: false, error: { code: 'media_transcription_not_found' } });
    await h.op({ op: 'closeSession', callId });
  }, 60_000);

  it('transcribes a participant who joins after it started, and not one who is muted', async () => {
    const { callId, alice } = await twoProbes();
    expect(await h.op({ op: 'startTranscription', callId, transcriptionId: 'trn_join', mode: 'live' })).toEqual({ ok: true });
    await h.op({ op: 'updateLeg', callId, legId: 'alice', muted: true });
    const carol = await h.addProbe(callId, 'carol');
    alice.say(words);
    carol.say(words);
    await h.run(frames(words));
    const segment = await h.event('transcription.segments', (e) => e.transcriptionId === 'trn_join');
    expect(segment.segments[0]).toMatchObject({ legId: 'carol' });
    await h.op({ op: 'closeSession', callId });
    const ended = await h.event('transcription.ended', (e) => e.transcriptionId === 'trn_join');
    const legs = h.ofType('transcription.segments').filter((e) => e.transcriptionId === 'trn_join').flatMap((e) => e.segments.map((x) => x.legId));
    expect(legs).not.toContain('alice');
    expect(ended.segmentCount).toBe(legs.length);
  }, 60_000);
});
