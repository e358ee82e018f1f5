/**
 * An utterance engine that speaks the OpenAI-compatible transcription API (`POST /v1/audio/transcriptions`,
 * multipart/form-data) that self-hosted Whisper servers implement (whisper.cpp's server, faster-whisper
 * servers, LocalAI). Each utterance is sent as a 16 kHz mono WAV with `response_format=verbose_json`.
 *
 * Constrained mode passes the phrases as the `prompt` (Whisper biases its vocabulary towards a prompt) and
 * then finds the phrase in the transcript (`matchPhrase`). Confidence is the duration-weighted mean of the
 * segments' `exp(avg_logprob)`; a server that returns only `text` gives 0.5 (unknown).
 */
import type { Clock } from '../../../shared/clock/clock.js';
import { realClock } from '../../../shared/clock/real-clock.js';
import { writeWav } from '../../../shared/audio/wav.js';
import { matchPhrase } from '../phrases.js';
import type { EngineResult, RecognitionRequest, UtteranceEngine } from '../recognizer.js';

/** Options of the OpenAI-compatible engine. */
export interface OpenAiTranscriptionOptions {
  /** Server base URL, e.g. `http://whisper.internal:8000` (the path `/v1/audio/transcriptions` is added). */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>` when set. */
  apiKey?: string;
  /** The `model` form field (default `whisper-1`). */
  model?: string;
  /** A request taking longer is aborted (default 30 s). */
  timeoutMs?: number;
  clock?: Clock;
}

/** Most bytes of response read (a transcript of one utterance is small). */
const MAX_RESPONSE_BYTES = 1 << 20;

interface VerboseSegment {
  start?: number;
  end?: number;
  avg_logprob?: number;
}

/** Whisper servers through the OpenAI-compatible API. */
export class OpenAiTranscriptionEngine implements UtteranceEngine {
  readonly name = 'openai';
  private readonly url: string;
  private readonly model: string;
  private readonly timeoutMs: number;
  private readonly clock: Clock;
  private readonly inFlight = new Set<AbortController>();

  constructor(private readonly opts: OpenAiTranscriptionOptions) {
    this.url = new URL('v1/audio/transcriptions', opts.baseUrl.endsWith('/') ? opts.baseUrl : `${opts.baseUrl}/`).toString();
    this.model = opts.model ?? 'whisper-1';
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.clock = opts.clock ?? realClock;
  }

  async recognize(audio: Int16Array, request: RecognitionRequest): Promise<EngineResult> {
    const form = new FormData();
    form.append('file', new Blob([writeWav(audio, 16000)], { type: 'audio/wav' }), 'utterance.wav');
    form.append('model', this.model);
    form.append('response_format', 'verbose_json');
    form.append('language', (request.language ?? 'en-US').slice(0, 2).toLowerCase());
    if (request.phrases && request.phrases.length > 0) form.append('prompt', request.phrases.join(', '));
    const abort = new AbortController();
    this.inFlight.add(abort);
    const timer = this.clock.setTimer(this.timeoutMs, () => abort.abort(new Error(`The transcription server took longer than ${this.timeoutMs} ms.`)));
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        body: form,
        headers: this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {},
        signal: abort.signal,
        redirect: 'error',
      });
      const body = await readLimited(response);
      if (!response.ok) throw new Error(`The transcription server answered ${response.status}: ${body.slice(0, 200)}`);
      const parsed = parseBody(body);
      const text = parsed.text.trim();
      const phrase = request.phrases ? matchPhrase(text, request.phrases) : null;
      return { text, confidence: parsed.confidence, phrase };
    } catch (err) {
      if (abort.signal.aborted && abort.signal.reason instanceof Error) throw abort.signal.reason;
      throw err instanceof Error ? err : new Error(String(err));
    } finally {
      timer.cancel();
      this.inFlight.delete(abort);
    }
  }

  async close(): Promise<void> {
    for (const a of this.inFlight) a.abort(new Error('The recognizer is closed.'));
  }
}

/** The response body as text, refusing more than MAX_RESPONSE_BYTES. */
async function readLimited(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_RESPONSE_BYTES) {
      await reader.cancel();
      throw new Error('The transcription server sent too large a response.');
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Text and confidence of a `json` or `verbose_json` transcription response. */
function parseBody(body: string): { text: string; confidence: number } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error('The transcription server sent something that is not JSON.');
  }
  if (typeof json !== 'object' || json === null || typeof (json as { text?: unknown }).text !== 'string') {
    throw new Error('The transcription server sent no text.');
  }
  const { text, segments } = json as { text: string; segments?: unknown };
  let weight = 0;
  let sum = 0;
  if (Array.isArray(segments)) {
    for (const s of segments as VerboseSegment[]) {
      if (typeof s?.avg_logprob !== 'number' || !Number.isFinite(s.avg_logprob)) continue;
      const duration = typeof s.start === 'number' && typeof s.end === 'number' && s.end > s.start ? s.end - s.start : 1;
      weight += duration;
      sum += duration * Math.min(1, Math.exp(s.avg_logprob));
    }
  }
  const confidence = weight > 0 ? Math.round((sum / weight) * 1000) / 1000 : 0.5;
  return { text, confidence };
}
