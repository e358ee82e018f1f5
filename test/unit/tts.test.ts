import { chmod, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SPEECH_TEXT, SpeechSynthesizer, VOICES, espeakVoice } from '../../media/speech/tts.js';
import { DEFAULT_VOICE, VOICE_NAMES } from '../../protocol/speech/voice.js';
import { writeWav } from '../../shared/audio/wav.js';
import { rms } from '../../media/audio/level.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { isSentralError } from '../../shared/errors/sentral-error.js';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sentral-tts-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in for espeak-ng that records its arguments and stdin, counts its runs, then runs `body`. */
async function fakeEspeak(name: string, body: string): Promise<{ binary: string; runs: () => Promise<string[]> }> {
  const base = join(dir, name);
  const binary = `${base}.sh`;
  await writeFile(`${base}.wav`, writeWav(new Int16Array(2205).fill(1000), 22050));
  await writeFile(
    binary,
    `#!/bin/sh\nprintf '%s\\n' "$@" > '${base}.args'\ncat > '${base}.stdin'\necho run >> '${base}.runs'\n${body}\n`,
  );
  await chmod(binary, 0o755);
  return {
    binary,
    runs: async () => (await readFile(`${base}.runs`, 'utf8').catch(() => '')).split('\n').filter(Boolean),
  };
}

async function expectCode(promise: Promise<unknown>, code: Parameters<typeof isSentralError>[1]): Promise<void> {
  const err = await promise.then(
    () => expect.fail('expected a rejection'),
    (e: unknown) => e,
  );
  expect(isSentralError(err, code), String(err)).toBe(true);
}

describe('voices', () => {
  it('maps friendly names (any case) to espeak-ng voices with male and female variants', () => {
    expect(espeakVoice(undefined)).toBe('en-gb');
    expect(DEFAULT_VOICE).toBe('en-GB');
    expect(espeakVoice('nb-NO')).toBe('nb');
    expect(espeakVoice('EN-us-FEMALE')).toBe('en-us+f3');
    expect(espeakVoice('de-DE-male')).toBe('de+m3');
    expect(VOICE_NAMES).toHaveLength(Object.keys(VOICES).length * 3);
  });

  it('rejects an unknown voice with invalid_voice listing the allowed ones', () => {
    for (const bad of ['klingon', 'en-gb+f3', 'en', '', '-v en-gb', 'nb-NO-robot']) {
      try {
        espeakVoice(bad);
        expect.fail(`accepted ${bad}`);
      } catch (err) {
        expect(isSentralError(err, 'invalid_voice')).toBe(true);
        expect((err as Error).message).toContain('en-GB, en-GB-male, en-GB-female');
        expect((err as { param?: string }).param).toBe('voice');
      }
    }
  });
});

describe('SpeechSynthesizer with espeak-ng', () => {
  const tts = new SpeechSynthesizer();

  it('renders audible speech at 8 kHz and 16 kHz with matching durations', async () => {
    const narrow = await tts.render('Welcome to sentral. Please hold.', 'en-GB', 8000);
    const wide = await tts.render('Welcome to sentral. Please hold.', 'en-GB', 16000);
    expect(narrow.length).toBeGreaterThan(8000); // over a second
    expect(rms(narrow)).toBeGreaterThan(500);
    expect(Math.abs(wide.length - 2 * narrow.length)).toBeLessThanOrEqual(2);
  });

  it('speaks every supported voice', async () => {
    const results = await Promise.all(VOICE_NAMES.map((v) => tts.render('one two three', v, 8000)));
    for (const r of results) expect(rms(r)).toBeGreaterThan(300);
  });

  it('gives each caller its own copy of a cached render', async () => {
    const a = await tts.render('copy me', undefined, 8000);
    a.fill(0);
    const b = await tts.render('copy me', undefined, 8000);
    expect(rms(b)).toBeGreaterThan(300);
  });

  it('speaks hostile text as words: quotes, option-like text, shell syntax, newlines, control characters', async () => {
    for (const text of ['-x', '--version', '-w /tmp/pwned.wav', `"'; rm -rf / #`, '$(touch /tmp/sentral-pwned) `id`', 'a\nb\r\nc', '\u0000\u001b[31m red']) {
      const audio = await tts.render(text, 'en-US', 8000);
      expect(audio).toBeInstanceOf(Int16Array);
    }
    await expect(readFile('/tmp/pwned.wav')).rejects.toThrow();
    await expect(readFile('/tmp/sentral-pwned')).rejects.toThrow();
    const twoLines = await tts.render('first line\nsecond line', 'en-GB', 8000);
    const oneLine = await tts.render('first line', 'en-GB', 8000);
    expect(twoLines.length).toBeGreaterThan(oneLine.length * 1.5);
  });

  it('refuses text over the cap (a 10 KB string) with invalid_request', async () => {
    await expectCode(tts.render('word '.repeat(2000), 'en-GB', 8000), 'invalid_request');
    await expectCode(tts.render('x'.repeat(MAX_SPEECH_TEXT + 1), 'en-GB', 8000), 'invalid_request');
  });

  it('returns empty audio for empty or blank text without running espeak-ng', async () => {
    expect((await tts.render('', 'en-GB', 8000)).length).toBe(0);
    expect((await tts.render(' \n\t ', 'en-GB', 8000)).length).toBe(0);
  });

  it('rejects unknown voices and rates before running anything', async () => {
    await expectCode(tts.render('hi', 'xx-XX', 8000), 'invalid_voice');
    await expectCode(tts.render('hi', 'en-GB', 44100 as 8000), 'invalid_request');
  });
});

describe('SpeechSynthesizer process handling', () => {
  it('passes the text only on stdin and the voice as one argument', async () => {
    const fake = await fakeEspeak('args', `cat '${join(dir, 'args')}.wav'`);
    const tts = new SpeechSynthesizer({ binary: fake.binary });
    const out = await tts.render('-x --stdout "hi"\nthere', 'sv-SE-female', 16000);
    expect(out.length).toBe(1600); // 100 ms of 22.05 kHz resampled to 16 kHz
    expect((await readFile(join(dir, 'args.args'), 'utf8')).split('\n').filter(Boolean)).toEqual(['--stdout', '--stdin', '-v', 'sv+f3']);
    expect(await readFile(join(dir, 'args.stdin'), 'utf8')).toBe('-x --stdout "hi"\nthere');
  });

  it('renders each text once: repeats and concurrent requests share one run', async () => {
    const fake = await fakeEspeak('once', `cat '${join(dir, 'once')}.wav'`);
    const tts = new SpeechSynthesizer({ binary: fake.binary });
    await Promise.all([tts.render('same', 'en-GB', 8000), tts.render('same', 'en-GB', 8000)]);
    await tts.render('same', 'en-GB', 8000);
    expect(await fake.runs()).toHaveLength(1);
    await tts.render('same', 'en-GB', 16000);
    await tts.render('same', 'da-DK', 8000);
    expect(await fake.runs()).toHaveLength(3);
  });

  it('evicts the least recently used render when the memory cache is full', async () => {
    const fake = await fakeEspeak('lru', `cat '${join(dir, 'lru')}.wav'`);
    const tts = new SpeechSynthesizer({ binary: fake.binary, maxCachedEntries: 2 });
    await tts.render('a', 'en-GB', 8000);
    await tts.render('b', 'en-GB', 8000);
    await tts.render('a', 'en-GB', 8000); // a is now the most recent
    await tts.render('c', 'en-GB', 8000); // evicts b
    await tts.render('a', 'en-GB', 8000);
    expect(await fake.runs()).toHaveLength(3);
    await tts.render('b', 'en-GB', 8000);
    expect(await fake.runs()).toHaveLength(4);
  });

  it('keeps renders on disk across instances when given a cache directory', async () => {
    const fake = await fakeEspeak('disk', `cat '${join(dir, 'disk')}.wav'`);
    const cacheDir = join(dir, 'cache');
    const first = await new SpeechSynthesizer({ binary: fake.binary, cacheDir }).render('persist', 'en-GB', 8000);
    const second = await new SpeechSynthesizer({ binary: fake.binary, cacheDir }).render('persist', 'en-GB', 8000);
    expect(second).toEqual(first);
    expect(await fake.runs()).toHaveLength(1);
    const files = await readdir(cacheDir);
    expect(files.filter((f) => f.endsWith('.wav'))).toHaveLength(1);
    expect(files.filter((f) => f.endsWith('.tmp'))).toHaveLength(0);
  });

  it('re-renders when a disk-cached file is corrupt', async () => {
    const fake = await fakeEspeak('corrupt', `cat '${join(dir, 'corrupt')}.wav'`);
    const cacheDir = join(dir, 'cache-corrupt');
    await new SpeechSynthesizer({ binary: fake.binary, cacheDir }).render('x', 'en-GB', 8000);
    const [file] = await readdir(cacheDir);
    await writeFile(join(cacheDir, file!), 'garbage');
    const again = await new SpeechSynthesizer({ binary: fake.binary, cacheDir }).render('x', 'en-GB', 8000);
    expect(again.length).toBe(800);
    expect(await fake.runs()).toHaveLength(2);
  });

  it('reports a failing espeak-ng as internal_error and does not cache the failure', async () => {
    const fake = await fakeEspeak('fail', `echo 'boom' >&2; exit 3`);
    const tts = new SpeechSynthesizer({ binary: fake.binary });
    await expectCode(tts.render('x', 'en-GB', 8000), 'internal_error');
    await expectCode(tts.render('x', 'en-GB', 8000), 'internal_error');
    expect(await fake.runs()).toHaveLength(2);
  });

  it('reports garbage output as unsupported_audio_format', async () => {
    const fake = await fakeEspeak('garbage', `echo 'not a wav file'`);
    await expectCode(new SpeechSynthesizer({ binary: fake.binary }).render('x', 'en-GB', 8000), 'unsupported_audio_format');
  });

  it('reports a missing espeak-ng as capability_unavailable', async () => {
    await expectCode(new SpeechSynthesizer({ binary: join(dir, 'no-such-binary') }).render('x', 'en-GB', 8000), 'capability_unavailable');
  });

  it('kills a render that hangs past the timeout', async () => {
    const fake = await fakeEspeak('hang', 'exec sleep 60');
    const clock = new ManualClock();
    const tts = new SpeechSynthesizer({ binary: fake.binary, clock, timeoutMs: 5000 });
    const pending = tts.render('x', 'en-GB', 8000);
    expect(clock.pendingTimers).toBe(1);
    // The rejection is awaited before time moves: the kill may end the process while advance() settles.
    const refused = expectCode(pending, 'internal_error');
    await clock.advance(5000);
    await refused;
  });

  it('runs at most maxConcurrent espeak-ng processes at once', async () => {
    const fake = await fakeEspeak(
      'slots',
      `n=$(ls '${dir}'/slots.live.* 2>/dev/null | wc -l); echo $n >> '${dir}/slots.max'; touch '${dir}/slots.live.'$$; cat '${join(dir, 'slots')}.wav'; rm '${dir}/slots.live.'$$`,
    );
    const tts = new SpeechSynthesizer({ binary: fake.binary, maxConcurrent: 2 });
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((t) => tts.render(t, 'en-GB', 8000)));
    const seen = (await readFile(join(dir, 'slots.max'), 'utf8')).split('\n').filter(Boolean).map(Number);
    expect(seen).toHaveLength(6);
    expect(Math.max(...seen)).toBeLessThanOrEqual(1); // at most one other was live when each started
  });
});
