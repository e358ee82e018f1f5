/**
 * The recognizer contract (media/speech/recognizer.ts), run against every adapter with real speech:
 * the embedded PocketSphinx helpers, and the OpenAI-compatible adapter against a local stand-in server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SpeechSynthesizer } from '../../media/speech/tts.js';
import { SegmentingRecognizer } from '../../media/speech/segmenting-recognizer.js';
import { PocketSphinxEngine } from '../../media/speech/pocketsphinx/pocketsphinx-engine.js';
import { OpenAiTranscriptionEngine } from '../../media/speech/openai/openai-transcription-engine.js';
import type { RecognitionEvent, RecognitionRequest, Recognizer } from '../../media/speech/recognizer.js';
import { startTranscriptionStandIn, type TranscriptionStandIn } from '../support/transcription-stand-in.js';
import { concatAudio as join } from '../../shared/audio/tones.js';

const tts = new SpeechSynthesizer();
const CHOICES = ['billing', 'sales', 'support'];

/** `ms` of silence at 16 kHz. */
const silence = (ms: number): Int16Array => new Int16Array((ms * 16000) / 1000);

/** Runs `audio` through a new stream in 20 ms frames, ends it, and returns every event. */
async function listen(recognizer: Recognizer, request: RecognitionRequest, audio: Int16Array, end = true): Promise<RecognitionEvent[]> {
  const events: RecognitionEvent[] = [];
  const stream = recognizer.open(request, (e) => events.push(e));
  for (let at = 0; at < audio.length; at += 320) stream.write(audio.subarray(at, at + 320));
  if (end) await stream.end();
  return events;
}

const adapters: Array<[string, () => Promise<{ recognizer: Recognizer; close: () => Promise<void> }>]> = [
  [
    'pocketsphinx helpers',
    async () => {
      const recognizer = new SegmentingRecognizer(new PocketSphinxEngine({ helpers: 1 }));
      return { recognizer, close: () => recognizer.close() };
    },
  ],
  [
    'openai-compatible adapter against the stand-in server',
    async () => {
      const standIn = await startTranscriptionStandIn();
      const recognizer = new SegmentingRecognizer(new OpenAiTranscriptionEngine({ baseUrl: standIn.url }));
      return { recognizer, close: async () => (await recognizer.close(), await standIn.close()) };
    },
  ],
];

describe.each(adapters)('recognizer contract: %s', (_name, make) => {
  let recognizer: Recognizer;
  let close: () => Promise<void>;
  let words: Record<string, Int16Array>;

  beforeAll(async () => {
    ({ recognizer, close } = await make());
    words = Object.fromEntries(await Promise.all(CHOICES.map(async (w) => [w, await tts.render(w, 'en-US', 16000)] as const)));
  }, 120_000);

  afterAll(async () => {
    await close();
  });

  it('recognises which choice was said, with speech start first and a confidence', async () => {
    for (const word of CHOICES) {
      const events = await listen(recognizer, { phrases: CHOICES }, join(silence(300), words[word]!, silence(1000)));
      expect(events.map((e) => e.type)).toEqual(['speechStart', 'final']);
      const final = events[1] as Extract<RecognitionEvent, { type: 'final' }>;
      expect(final.phrase).toBe(CHOICES.indexOf(word));
      expect(final.text.toLowerCase()).toContain(word);
      expect(final.confidence).toBeGreaterThanOrEqual(0);
      expect(final.confidence).toBeLessThanOrEqual(1);
    }
  });

  it('places the utterance in stream time and ends it after the end silence', async () => {
    const events = await listen(recognizer, { phrases: CHOICES, endSilenceMs: 500 }, join(silence(1000), words.sales!, silence(1500)), false);
    const start = events.find((e) => e.type === 'speechStart')!;
    expect(start.type === 'speechStart' && start.atMs).toBeGreaterThanOrEqual(900);
    expect(start.type === 'speechStart' && start.atMs).toBeLessThanOrEqual(1200);
  });

  it('gives one final per utterance, in order', async () => {
    const audio = join(silence(200), words.support!, silence(1000), words.billing!, silence(1000));
    const finals = (await listen(recognizer, { phrases: CHOICES }, audio)).filter((e) => e.type === 'final');
    expect(finals.map((f) => f.type === 'final' && f.phrase)).toEqual([2, 0]);
    expect(finals[0]!.type === 'final' && finals[1]!.type === 'final' && finals[0]!.endMs <= finals[1]!.startMs).toBe(true);
  });

  it('end() finishes an utterance that was still open', async () => {
    const events = await listen(recognizer, { phrases: CHOICES }, join(silence(200), words.billing!));
    expect(events.at(-1)?.type).toBe('final');
  });

  it('abort() stops every event', async () => {
    const events: RecognitionEvent[] = [];
    const stream = recognizer.open({ phrases: CHOICES }, (e) => events.push(e));
    const audio = join(silence(200), words.billing!, silence(1000));
    for (let at = 0; at < audio.length; at += 320) stream.write(audio.subarray(at, at + 320));
    stream.abort();
    await stream.end();
    expect(events.filter((e) => e.type === 'final')).toEqual([]);
  });

  it('free-form mode gives text without a phrase', async () => {
    const sentence = await tts.render('the weather is nice today', 'en-US', 16000);
    const finals = (await listen(recognizer, {}, join(silence(200), sentence, silence(1000)))).filter((e) => e.type === 'final');
    expect(finals).toHaveLength(1);
    const f = finals[0]!;
    expect(f.type === 'final' && f.text.length).toBeGreaterThan(0);
    expect(f.type === 'final' && f.phrase).toBeNull();
  });

  it('silence gives no events', async () => {
    expect(await listen(recognizer, { phrases: CHOICES }, silence(2000))).toEqual([]);
  });
});

describe('openai-compatible adapter against a misbehaving server', () => {
  let standIn: TranscriptionStandIn;
  let word: Int16Array;

  beforeAll(async () => {
    standIn = await startTranscriptionStandIn();
    word = await tts.render('billing', 'en-US', 16000);
  }, 60_000);

  afterAll(async () => {
    await standIn.close();
  });

  const one = (engine: OpenAiTranscriptionEngine) => engine.recognize(join(silence(200), word, silence(300)), { phrases: CHOICES });

  it('sends the WAV, model, prompt and key the API expects', async () => {
    standIn.behave('normal');
    const engine = new OpenAiTranscriptionEngine({ baseUrl: `${standIn.url}/`, apiKey: 'sk-local', model: 'small.en' });
    const result = await one(engine);
    expect(result.phrase).toBe(0);
    const seen = standIn.requests.at(-1)!;
    expect(seen.authorization).toBe('Bearer sk-local');
    expect(seen.fields).toMatchObject({ model: 'small.en', response_format: 'verbose_json', language: 'en', prompt: 'billing, sales, support' });
    expect(Number(seen.fields.file)).toBeGreaterThan(44);
  });

  it('a server error, a body that is not JSON and an oversized body each fail the utterance with a reason', async () => {
    const engine = new OpenAiTranscriptionEngine({ baseUrl: standIn.url });
    standIn.behave('status500');
    await expect(one(engine)).rejects.toThrow(/answered 500/);
    standIn.behave('notJson');
    await expect(one(engine)).rejects.toThrow(/not JSON/);
    standIn.behave('hugeBody');
    await expect(one(engine)).rejects.toThrow(/too large/);
    standIn.behave('normal');
  });

  it('a server that sends only text gives confidence 0.5 (unknown)', async () => {
    standIn.behave('textOnly');
    const result = await one(new OpenAiTranscriptionEngine({ baseUrl: standIn.url }));
    expect(result).toMatchObject({ confidence: 0.5, phrase: 0 });
    standIn.behave('normal');
  });

  it('a server that never answers fails the utterance at the timeout and the stream reports an error', async () => {
    standIn.behave('hang');
    const recognizer = new SegmentingRecognizer(new OpenAiTranscriptionEngine({ baseUrl: standIn.url, timeoutMs: 300 }));
    const events = await listen(recognizer, { phrases: CHOICES }, join(silence(200), word, silence(1000)));
    expect(events.map((e) => e.type)).toEqual(['speechStart', 'error']);
    expect(events[1]!.type === 'error' && events[1]!.message).toMatch(/longer than 300 ms/);
    standIn.behave('normal');
  });
});
