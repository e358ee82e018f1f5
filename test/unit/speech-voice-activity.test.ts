import { describe, expect, it } from 'vitest';
import { VoiceActivityDetector, type VadEvent } from '../../media/speech/voice-activity.js';
import { beep } from '../../shared/audio/tones.js';
import { concatAudio as join } from '../../shared/audio/tones.js';

/** Feeds `parts` (16 kHz) in 20 ms frames and returns the events with the frame time they came at. */
function run(vad: VoiceActivityDetector, audio: Int16Array): VadEvent[] {
  const out: VadEvent[] = [];
  for (let at = 0; at < audio.length; at += 320) {
    const e = vad.push(audio.subarray(at, at + 320));
    if (e) out.push(e);
  }
  return out;
}

const quiet = (ms: number) => new Int16Array((ms * 16000) / 1000);
/** A voiced stand-in: a 300 Hz tone at about −20 dBFS. */
const voice = (ms: number) => beep(300, ms, 16000, 3000);

describe('voice-activity detection', () => {
  it('finds an utterance, starts it at the voice and ends it after the end silence with its audio', () => {
    const events = run(new VoiceActivityDetector({ endSilenceMs: 600, preRollMs: 200 }), join(quiet(1000), voice(800), quiet(1000)));
    expect(events.map((e) => e.type)).toEqual(['speechStart', 'speechEnd']);
    const [start, end] = events as [Extract<VadEvent, { type: 'speechStart' }>, Extract<VadEvent, { type: 'speechEnd' }>];
    expect(start.atMs).toBe(1000);
    expect(end.atMs).toBe(2400);
    // pre-roll + voice + the silence that ended it
    expect(end.audio.length / 16).toBeGreaterThanOrEqual(800 + 600);
    expect(end.audio.length / 16).toBeLessThanOrEqual(200 + 800 + 620);
  });

  it('a pause shorter than the end silence keeps one utterance', () => {
    const events = run(new VoiceActivityDetector({ endSilenceMs: 700 }), join(voice(400), quiet(400), voice(400), quiet(1000)));
    expect(events.map((e) => e.type)).toEqual(['speechStart', 'speechEnd']);
  });

  it('a click shorter than the onset is not speech', () => {
    expect(run(new VoiceActivityDetector(), join(quiet(500), voice(40), quiet(1000)))).toEqual([]);
  });

  it('steady background noise becomes the floor and speech above it is still found', () => {
    let seed = 7;
    const noise = new Int16Array(16000 * 3).map(() => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % 1200) - 600);
    const audio = join(noise.subarray(0, 32000), voice(600), noise.subarray(0, 16000));
    for (let i = 32000; i < 32000 + 9600; i++) audio[i] = audio[i]! + noise[i - 32000]!;
    const events = run(new VoiceActivityDetector({ endSilenceMs: 500 }), audio);
    expect(events.map((e) => e.type)).toEqual(['speechStart', 'speechEnd']);
    expect(events[0]!.atMs).toBeGreaterThanOrEqual(1900);
  });

  it('an utterance longer than the maximum is cut there', () => {
    const events = run(new VoiceActivityDetector({ maxUtteranceMs: 1000 }), voice(2500));
    const ends = events.filter((e) => e.type === 'speechEnd');
    expect(ends[0]).toMatchObject({ cut: true });
  });

  it('flush ends an open utterance and does nothing otherwise', () => {
    const vad = new VoiceActivityDetector();
    expect(vad.flush()).toBeNull();
    run(vad, voice(300));
    expect(vad.flush()).toMatchObject({ type: 'speechEnd', cut: false });
  });
});
