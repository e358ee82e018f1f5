/**
 * Text to speech with the espeak-ng binary: rendered to WAV on stdout, decoded, resampled to the rate the
 * caller mixes at, and cached in memory (LRU) and optionally on disk.
 *
 * The customers' voices (protocol/speech/voice.ts) map to espeak-ng voices: the plain name is espeak-ng's
 * default voice for the language, `-male` variant m3 and `-female` variant f3.
 *
 * Text reaches espeak-ng only through stdin, never through a shell or its argument list, so no text can be
 * taken as an option. Control characters are replaced by spaces and markup is not interpreted.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Clock } from '../../shared/clock/clock.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { ensurePrivateDir, PRIVATE_FILE_MODE } from '../../shared/fs/private-files.js';
import { resampleOffline } from '../../shared/audio/resample.js';
import { parseWav, writeWav } from '../../shared/audio/wav.js';
import { DEFAULT_VOICE, VOICE_LANGUAGES, VOICE_NAMES, voiceParts, type VoiceLanguage } from '../../protocol/speech/voice.js';

/** Longest text accepted, in characters (about five minutes of speech). */
export const MAX_SPEECH_TEXT = 4000;

/** Rates speech is rendered at: phone legs (8 kHz) and the mix (16 kHz). */
export type SpeechRate = 8000 | 16000;

/** Options of a SpeechSynthesizer. */
export interface SpeechSynthesizerOptions {
  /** Directory for rendered WAV files that outlive the process; no disk cache when absent. */
  cacheDir?: string;
  /** espeak-ng executable; default `espeak-ng` from PATH. */
  binary?: string;
  /** Most samples kept in the memory cache (default 8 M: about 16 MB, 17 minutes at 8 kHz). */
  maxCachedSamples?: number;
  /** Most renders kept in the memory cache (default 512). */
  maxCachedEntries?: number;
  /** Most espeak-ng processes at once (default 4); more requests wait. */
  maxConcurrent?: number;
  /** A render taking longer is killed (default 30 s). */
  timeoutMs?: number;
  /** Clock for the render timeout. */
  clock?: Clock;
}

// Bumped when the rendering pipeline changes, so old disk-cache files are not reused.
const PIPELINE_VERSION = 1;
/** Bigger espeak-ng output than this is refused (five minutes at 22 kHz is about 13 MB). */
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/** Renders speech with espeak-ng; one instance per process is enough (it queues and caches). */
export class SpeechSynthesizer {
  private readonly memory = new Map<string, Int16Array>();
  private cachedSamples = 0;
  private readonly inFlight = new Map<string, Promise<Int16Array>>();
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly binary: string;
  private readonly cacheDir: string | undefined;
  private readonly maxSamples: number;
  private readonly maxEntries: number;
  private readonly maxConcurrent: number;
  private readonly timeoutMs: number;
  private readonly clock: Clock;

  constructor(opts: SpeechSynthesizerOptions = {}) {
    this.binary = opts.binary ?? 'espeak-ng';
    this.cacheDir = opts.cacheDir;
    this.maxSamples = opts.maxCachedSamples ?? 8 * 1024 * 1024;
    this.maxEntries = opts.maxCachedEntries ?? 512;
    this.maxConcurrent = Math.max(1, opts.maxConcurrent ?? 4);
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.clock = opts.clock ?? realClock;
  }

  /**
   * Speech of `text` in `voice` (a name from VOICE_NAMES; default en-GB) as PCM16 mono at `rate`.
   * The array is the caller's own copy. Errors: `invalid_voice`, `invalid_request` (text too long),
   * `capability_unavailable` (espeak-ng missing), `internal_error` (espeak-ng failed).
   */
  async render(text: string, voice: string | undefined, rate: SpeechRate): Promise<Int16Array> {
    const espeak = espeakVoice(voice);
    if (rate !== 8000 && rate !== 16000) {
      throw new SentralError('invalid_request', { message: 'Speech is rendered at 8000 or 16000 Hz.', param: 'rate' });
    }
    if (text.length > MAX_SPEECH_TEXT) {
      throw new SentralError('invalid_request', {
        message: `The text must be at most ${MAX_SPEECH_TEXT} characters.`,
        param: 'text',
      });
    }
    // Control characters (NUL, escapes, form feeds) become spaces; espeak-ng reads lines, so newlines may stay.
    const clean = text.replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' ');
    if (clean.trim() === '') return new Int16Array(0);
    const key = JSON.stringify([PIPELINE_VERSION, espeak, rate, clean]);
    const cached = this.memory.get(key);
    if (cached !== undefined) {
      this.memory.delete(key);
      this.memory.set(key, cached);
      return cached.slice();
    }
    let pending = this.inFlight.get(key);
    if (pending === undefined) {
      pending = this.produce(key, clean, espeak, rate).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return (await pending).slice();
  }

  private async produce(key: string, text: string, espeak: string, rate: SpeechRate): Promise<Int16Array> {
    const file = this.cacheDir === undefined ? undefined : join(this.cacheDir, `${createHash('sha256').update(key).digest('hex')}.wav`);
    let samples = file === undefined ? undefined : await readCached(file, rate);
    if (samples === undefined) {
      const wav = parseWav(await this.withSlot(() => this.run(text, espeak)));
      samples = resampleOffline(wav.samples, wav.sampleRate, rate);
      if (file !== undefined) await writeCached(file, samples, rate);
    }
    this.remember(key, samples);
    return samples;
  }

  private remember(key: string, samples: Int16Array): void {
    if (samples.length > this.maxSamples) return;
    this.memory.set(key, samples);
    this.cachedSamples += samples.length;
    while (this.cachedSamples > this.maxSamples || this.memory.size > this.maxEntries) {
      const [oldest, evicted] = this.memory.entries().next().value!;
      this.memory.delete(oldest);
      this.cachedSamples -= evicted.length;
    }
  }

  private async withSlot<T>(job: () => Promise<T>): Promise<T> {
    while (this.running >= this.maxConcurrent) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await job();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  /** Runs espeak-ng once with the text on stdin; resolves with the WAV it wrote to stdout. */
  private run(text: string, espeak: string): Promise<Buffer> {
    return new Promise<Buffer>((resolve, reject) => {
      const child = spawn(this.binary, ['--stdout', '--stdin', '-v', espeak], { stdio: ['pipe', 'pipe', 'pipe'] });
      const chunks: Buffer[] = [];
      let size = 0;
      let stderr = '';
      let failure: SentralError | null = null;
      const fail = (message: string, cause?: unknown): void => {
        failure ??= new SentralError('internal_error', { message, cause });
        child.kill('SIGKILL');
      };
      const timer = this.clock.setTimer(this.timeoutMs, () => fail(`espeak-ng took longer than ${this.timeoutMs} ms.`));
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_OUTPUT_BYTES) fail('espeak-ng produced more audio than allowed.');
        else chunks.push(chunk);
      });
      child.stderr.on('data', (chunk: Buffer) => {
        if (stderr.length < 2000) stderr += chunk.toString('utf8');
      });
      // The process may exit before reading all of stdin; that surfaces as its exit status, not EPIPE.
      child.stdin.on('error', () => undefined);
      child.on('error', (err: NodeJS.ErrnoException) => {
        timer.cancel();
        reject(
          err.code === 'ENOENT'
            ? new SentralError('capability_unavailable', { message: 'Speech is not available: espeak-ng is not installed.', cause: err })
            : new SentralError('internal_error', { message: 'espeak-ng could not be started.', cause: err }),
        );
      });
      child.on('close', (code) => {
        timer.cancel();
        if (failure !== null) reject(failure);
        else if (code !== 0 || size === 0) {
          reject(new SentralError('internal_error', { message: `espeak-ng failed (exit ${code}): ${stderr.trim().slice(0, 200)}` }));
        } else resolve(Buffer.concat(chunks, size));
      });
      child.stdin.end(text, 'utf8');
    });
  }
}

// The disk cache is best-effort: a file that cannot be read is rendered again, and one that cannot be
// written only costs a render next time.

/** Reads a disk-cached render, or undefined when absent, unreadable or at another rate. */
async function readCached(file: string, rate: number): Promise<Int16Array | undefined> {
  try {
    const wav = parseWav(await readFile(file));
    return wav.sampleRate === rate ? wav.samples : undefined;
  } catch {
    return undefined;
  }
}

/** Stores a render on disk atomically (write, then rename), so a reader never sees half a file; the text is the customer's: 0600 in 0700. */
async function writeCached(file: string, samples: Int16Array, rate: number): Promise<void> {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await ensurePrivateDir(dirname(file));
    await writeFile(temp, writeWav(samples, rate), { mode: PRIVATE_FILE_MODE });
    await rename(temp, file);
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

/** espeak-ng's voice of each language. */
const ESPEAK: Record<VoiceLanguage, string> = {
  'en-GB': 'en-gb',
  'en-US': 'en-us',
  'nb-NO': 'nb',
  'sv-SE': 'sv',
  'da-DK': 'da',
  'de-DE': 'de',
  'fr-FR': 'fr-fr',
  'es-ES': 'es',
};

/** The supported languages with their espeak-ng voice and description. */
export const VOICES = Object.fromEntries(
  Object.entries(VOICE_LANGUAGES).map(([name, description]) => [name, { espeak: ESPEAK[name as VoiceLanguage], description }]),
) as Record<VoiceLanguage, { espeak: string; description: string }>;

const VARIANTS = { '': '', '-male': '+m3', '-female': '+f3' } as const;

/**
 * The espeak-ng voice argument for a voice name. The API checked the name already; an unknown one here is
 * an `invalid_voice` error all the same, since it would otherwise become an espeak-ng argument.
 */
export function espeakVoice(voice: string | undefined): string {
  const parts = voiceParts(voice ?? DEFAULT_VOICE);
  if (parts === null) {
    throw new SentralError('invalid_voice', { message: `The voice must be one of: ${VOICE_NAMES.join(', ')}.`, param: 'voice' });
  }
  return ESPEAK[parts.language] + VARIANTS[parts.variant];
}
