import { Value } from 'typebox/value';
import { TRANSCRIBE_SUBJECT, TRANSCRIPTION_JOBS_WAKE_SUBJECT } from '../../protocol/bus/bus-names.js';
import { TranscribeAnswer, type TranscribeRequest } from '../../protocol/transcription/transcription-job.js';
import { startClaimLoop } from '../../shared/work/claim-loop.js';
import type { Services } from '../../shared/services/services.js';
import { wakeDispatcher } from '../events/event-log.js';
import { claimJob, finishJob, postponeJob, type JobOutcome, type JobRow } from './transcription-jobs.js';

/** Options of the job runner (tests shorten the waits). */
export interface JobRunnerOptions {
  /** Jobs one runner transcribes at once (default 2: the recognizer's helpers are the limit). */
  concurrency?: number;
  /** How long a media node may take for one job before the request is given up (default 10 minutes). */
  requestTimeoutMs?: number;
  /** How often queued jobs (and jobs due again) are looked for without a wake-up (default 5 s). */
  pollIntervalMs?: number;
}

/** Runs beyond this fail as transcription_unanswered (a job whose node never answers is not retried for ever). */
export const MAX_ATTEMPTS = 3;
/** Waits before a job nobody answered is tried again, by the attempt that failed (media nodes restarting, say). */
export const UNANSWERED_RETRY_MS: readonly number[] = [5_000, 30_000];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A running job runner. */
export interface JobRunner {
  /** Resolves when no job is being claimed or run (tests). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Takes queued transcription jobs (PostgreSQL is the queue: claimed with SKIP LOCKED under a lease, so runners
 * in several workers share the work and a job whose runner died is taken again), asks any media node to
 * transcribe the audio, and settles each job with its money and event. Woken when a job is queued; polls
 * slowly otherwise (shared/work/claim-loop.ts).
 */
export async function startJobRunner(services: Services, options: JobRunnerOptions = {}): Promise<JobRunner> {
  const { sql, bus, clock, log } = services;
  const requestTimeoutMs = options.requestTimeoutMs ?? 10 * 60_000;
  const leaseMs = requestTimeoutMs + 60_000;

  async function runJob(job: JobRow): Promise<void> {
    const outcome: JobOutcome = job.attempts > MAX_ATTEMPTS ? { ok: false, reason: 'transcription_unanswered' } : await transcribe(job);
    // Nobody answered: the job waits (still running, its lease shortened to the retry time) and is taken
    // again then, by this runner's poll or any other's, until its attempts are used up.
    const retryMs = !outcome.ok && outcome.reason === 'transcription_unanswered' ? UNANSWERED_RETRY_MS[job.attempts - 1] : undefined;
    if (retryMs !== undefined) {
      await postponeJob(sql, job.id, clock.now() + retryMs);
      return;
    }
    if (await finishJob(sql, clock, job.id, outcome)) await wakeDispatcher(bus).catch(() => undefined);
  }

  async function transcribe(job: JobRow): Promise<JobOutcome> {
    const request: TranscribeRequest = {
      jobId: job.id,
      source: job.source_type === 'clip' ? { type: 'clip', clipId: job.clip_id! } : { type: 'recording', storageKey: job.storage_key! },
      language: job.language,
    };
    let answer: unknown;
    try {
      answer = JSON.parse(decoder.decode(await bus.request(TRANSCRIBE_SUBJECT, encoder.encode(JSON.stringify(request)), { timeoutMs: requestTimeoutMs })));
    } catch (err) {
      log.warn({ err, jobId: job.id, attempt: job.attempts }, 'no media node answered a transcription job');
      return { ok: false, reason: 'transcription_unanswered' };
    }
    if (!Value.Check(TranscribeAnswer, answer)) return { ok: false, reason: 'transcription_failed' };
    return answer.ok ? { ok: true, segments: answer.segments, failed: answer.failed } : { ok: false, reason: answer.code };
  }

  const loop = await startClaimLoop<JobRow>({
    name: 'transcription jobs',
    clock,
    log,
    bus,
    wakeSubject: TRANSCRIPTION_JOBS_WAKE_SUBJECT,
    concurrency: options.concurrency ?? 2,
    pollIntervalMs: options.pollIntervalMs ?? 5_000,
    async claim(room) {
      const jobs: JobRow[] = [];
      while (jobs.length < room) {
        const job = await claimJob(sql, clock, leaseMs);
        if (!job) break;
        jobs.push(job);
      }
      return jobs;
    },
    idOf: (job) => job.id,
    run: runJob,
  });
  return { idle: () => loop.whenIdle(), stop: () => loop.stop() };
}
