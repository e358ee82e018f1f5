import { beforeAll, describe, expect, it } from 'vitest';
import { AnsweringMachineDetector, type AmdEvent } from '../../media/speech/answering-machine-detector.js';
import { BeepDetector, type Beep } from '../../media/speech/beep-detector.js';
import { SpeechSynthesizer } from '../../media/speech/tts.js';
import { beep, concatAudio as join, dtmfTone } from '../../shared/audio/tones.js';

const tts = new SpeechSynthesizer();
const quiet = (ms: number) => new Int16Array(ms * 8);
/** Runs 8 kHz audio through a detector in 20 ms frames; every event with the frames' time. */
function detect(audio: Int16Array): AmdEvent[] {
  const amd = new AnsweringMachineDetector();
  const out: AmdEvent[] = [];
  for (let at = 0; at + 160 <= audio.length; at += 160) out.push(...amd.push(audio.subarray(at, at + 160)));
  return out;
}

function beeps(audio: Int16Array): Beep[] {
  const d = new BeepDetector();
  const out: Beep[] = [];
  for (let at = 0; at + 160 <= audio.length; at += 160) {
    const b = d.push(audio.subarray(at, at + 160));
    if (b) out.push(b);
  }
  return out;
}

let hello: Int16Array;
let greeting: Int16Array;

beforeAll(async () => {
  hello = await tts.render('Hello?', 'en-US', 8000);
  greeting = await tts.render('Hi, this is Sam. Sorry I missed you. Please leave a message after the tone.', 'en-GB', 8000);
});

describe('answering-machine detection', () => {
  it('a person who says hello and waits is human, decided well within 3.5 s', () => {
    const events = detect(join(quiet(600), hello, quiet(5000)));
    expect(events).toEqual([expect.objectContaining({ type: 'decided', result: 'human', reason: 'short_greeting' })]);
    expect(events[0]!.atMs).toBeLessThan(3500);
  });

  it('a long greeting is a machine, and its end is the end of the beep that follows', () => {
    const start = 300 + greeting.length / 8 + 600;
    const events = detect(join(quiet(300), greeting, quiet(600), beep(1000, 500, 8000, 8000), quiet(3000)));
    expect(events[0]).toMatchObject({ type: 'decided', result: 'machine', reason: 'long_greeting' });
    const end = events[1]!;
    expect(end).toMatchObject({ type: 'greetingEnded', by: 'beep' });
    expect(end.type === 'greetingEnded' && end.beep!.hz).toBeCloseTo(1000, -2);
    expect(end.atMs).toBeGreaterThanOrEqual(start + 480);
    expect(end.atMs).toBeLessThanOrEqual(start + 500 + 100);
  });

  it('a machine without a beep ends its greeting after the end silence', () => {
    const events = detect(join(quiet(300), greeting, quiet(4000)));
    expect(events.map((e) => e.type)).toEqual(['decided', 'greetingEnded']);
    expect(events[1]).toMatchObject({ by: 'silence' });
  });

  it('a beep straight after answer is a machine', () => {
    const events = detect(join(quiet(200), beep(850, 400, 8000, 8000), quiet(2000)));
    expect(events[0]).toMatchObject({ type: 'decided', result: 'machine', reason: 'beep' });
  });

  it('silence is unknown after the initial silence, not a machine', () => {
    expect(detect(quiet(4000))).toEqual([{ type: 'decided', result: 'unknown', reason: 'initial_silence', atMs: 2500 }]);
  });
});

describe('beep detection', () => {
  it('finds a tone with its frequency, start and end', () => {
    const found = beeps(join(quiet(1000), beep(1400, 500, 8000, 6000), quiet(500)));
    expect(found).toHaveLength(1);
    expect(found[0]!.hz).toBeGreaterThanOrEqual(1375);
    expect(found[0]!.hz).toBeLessThanOrEqual(1425);
    expect(found[0]!.startMs).toBeGreaterThanOrEqual(980);
    expect(found[0]!.endMs).toBeLessThanOrEqual(1520);
    expect(found[0]!.endMs - found[0]!.startMs).toBeGreaterThanOrEqual(440);
  });

  it('speech, a DTMF key and a tone shorter than 80 ms are not beeps', () => {
    expect(beeps(greeting)).toEqual([]);
    expect(beeps(join(dtmfTone('5', 300, 8000), quiet(200)))).toEqual([]);
    expect(beeps(join(beep(1000, 40, 8000, 8000), quiet(200)))).toEqual([]);
  });
});
