import type { Clock } from '../../shared/clock/clock.js';
import type { Db, Sql, Tx } from '../../shared/db/database.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { cursorSeq, pageOf } from '../../shared/db/page.js';
import type {
  CreateTranscriptionJob,
  JobSegment,
  TranscriptionJob,
  TranscriptionJobEventData,
  TranscriptionJobList,
  TranscriptionJobListQuery,
  TranscriptionJobStatus,
} from '../../protocol/transcription/transcription-job.js';
import { capture, release, reserve } from '../billing/ledger.js';
import { priceListFor } from '../billing/price-list.js';
import type { KeyPrincipal } from '../accounts/principal.js';
import { isoOrNull } from '../../shared/clock/iso.js';
import { recordEvent } from '../events/event-log.js';
import { nextJobStatus, type JobEvent } from './job-status.js';
import { ownProfileRows } from '../accounts/profile-scope.js';
import type { Services } from '../../shared/services/services.js';
import { TRANSCRIPTION_JOBS_WAKE_SUBJECT } from '../../protocol/bus/bus-names.js';

/** A job as stored. */
export interface JobRow {
  id: string;
  seq: number;
  company_id: string;
  profile_id: string | null;
  mode: 'live' | 'test';
  status: TranscriptionJobStatus;
  source_type: 'clip' | 'recording';
  clip_id: string | null;
  recording_id: string | null;
  call_id: string | null;
  storage_key: string | null;
  language: string;
  duration_ms: number;
  reservation_id: string | null;
  price_ore: number;
  failure_reason: string | null;
  segments: JobSegment[] | null;
  failed_utterances: number;
  attempts: number;
  created_at_ms: number;
  completed_at_ms: number | null;
}

const DEFAULT_LANGUAGE = 'en-US';

/** Started minutes of `durationMs` (a job of any length costs at least one). */
export function startedMinutes(durationMs: number): number {
  return Math.max(1, Math.ceil(durationMs / 60_000));
}

/**
 * Queues a job for a clip or recording the caller can see (else not_found) and, under a live key, reserves
 * its started minutes at the transcription rate. The job's profile is the key's, or the source's for a
 * company key. `id` is derived from the Idempotency-Key by the route.
 */
export async function createJob(tx: Tx, clock: Clock, caller: KeyPrincipal, id: string, body: CreateTranscriptionJob): Promise<JobRow> {
  if ((body.clipId === undefined) === (body.recordingId === undefined)) {
    throw new SentralError('transcription_source_required', { param: body.clipId === undefined ? 'clipId' : 'recordingId' });
  }
  const [existing] = await tx<JobRow[]>`select * from transcription_jobs where id = ${id}`;
  if (existing) return existing;
  const source = body.clipId !== undefined ? await clipSource(tx, caller, body.clipId) : await recordingSource(tx, caller, body.recordingId!);
  const profileId = caller.profileId ?? source.profileId;
  let reservationId: string | null = null;
  let priceOre = 0;
  if (caller.mode === 'live') {
    const prices = await priceListFor(tx, caller.companyId);
    priceOre = startedMinutes(source.durationMs) * prices.transcriptionMinuteOre;
    if (priceOre > 0) {
      reservationId = (await reserve(tx, clock, { companyId: caller.companyId, profileId, service: 'transcription', amountOre: priceOre, reference: id })).reservationId;
    }
  }
  const [row] = await tx<JobRow[]>`
    insert into transcription_jobs (id, company_id, profile_id, mode, status, source_type, clip_id, recording_id, call_id, storage_key,
                                    language, duration_ms, reservation_id, price_ore, created_at_ms)
    values (${id}, ${caller.companyId}, ${profileId}, ${caller.mode}, 'queued', ${source.type}, ${source.clipId}, ${source.recordingId},
            ${source.callId}, ${source.storageKey}, ${body.language ?? DEFAULT_LANGUAGE}, ${source.durationMs}, ${reservationId}, ${priceOre}, ${clock.now()})
    returning *`;
  return row!;
}

interface JobSource {
  type: 'clip' | 'recording';
  clipId: string | null;
  recordingId: string | null;
  callId: string | null;
  storageKey: string | null;
  profileId: string | null;
  durationMs: number;
}

async function clipSource(db: Db, caller: KeyPrincipal, clipId: string): Promise<JobSource> {
  const [clip] = await db<{ profile_id: string | null; duration_ms: number }[]>`
    select profile_id, duration_ms from audio_clips
    where id = ${clipId} and company_id = ${caller.companyId} and mode = ${caller.mode} and ${ownProfileRows(db, caller)}`;
  if (!clip) throw new SentralError('not_found', { message: 'No such audio clip.', param: 'clipId' });
  return { type: 'clip', clipId, recordingId: null, callId: null, storageKey: null, profileId: clip.profile_id, durationMs: Number(clip.duration_ms) };
}

async function recordingSource(db: Db, caller: KeyPrincipal, recordingId: string): Promise<JobSource> {
  const [rec] = await db<{ call_id: string; storage_key: string; duration_ms: number; profile_id: string }[]>`
    select r.call_id, r.storage_key, r.duration_ms, c.profile_id
    from call_recordings r join calls c on c.id = r.call_id
    where r.id = ${recordingId} and c.company_id = ${caller.companyId} and c.mode = ${caller.mode} and ${ownProfileRows(db, caller, db`c.profile_id`)}`;
  if (!rec) throw new SentralError('not_found', { message: 'No such recording.', param: 'recordingId' });
  return { type: 'recording', clipId: null, recordingId, callId: rec.call_id, storageKey: rec.storage_key, profileId: rec.profile_id, durationMs: Number(rec.duration_ms) };
}

/** One job the caller can see (its company and mode; its profile's only, for a profile key), or not_found. */
export async function getJob(db: Db, caller: KeyPrincipal, id: string): Promise<TranscriptionJob> {
  const [row] = await db<JobRow[]>`
    select * from transcription_jobs where id = ${id} and company_id = ${caller.companyId} and mode = ${caller.mode} and ${ownProfileRows(db, caller)}`;
  if (!row) throw new SentralError('not_found', { message: 'No such transcription job.' });
  return jobView(row);
}

/** The jobs the caller can see, newest first, before the `before` cursor. */
export async function listJobs(db: Db, caller: KeyPrincipal, query: TranscriptionJobListQuery): Promise<TranscriptionJobList> {
  const limit = query.limit ?? 50;
  const beforeSeq = query.before === undefined ? null : await cursorSeq(db<{ seq: number }[]>`
    select seq from transcription_jobs where id = ${query.before} and company_id = ${caller.companyId} and mode = ${caller.mode} and ${ownProfileRows(db, caller)}`, 'transcription job', 'before');
  const rows = await db<JobRow[]>`
    select * from transcription_jobs
    where company_id = ${caller.companyId} and mode = ${caller.mode} and ${ownProfileRows(db, caller)}
      and ${beforeSeq === null ? db`true` : db`seq < ${beforeSeq}`}
    order by seq desc limit ${limit + 1}`;
  return pageOf(rows, limit, jobView);
}

/**
 * Claims the oldest job due: queued, or running with its runner's lease run out (queued again, then claimed).
 * The claim holds the job for `leaseMs`; null when nothing is due.
 */
export async function claimJob(sql: Sql, clock: Clock, leaseMs: number): Promise<JobRow | null> {
  const now = clock.now();
  return sql.begin(async (tx) => {
    const [due] = await tx<JobRow[]>`
      select * from transcription_jobs
      where status = 'queued' or (status = 'running' and lease_until_ms < ${now})
      order by created_at_ms limit 1 for update skip locked`;
    if (!due) return null;
    const status = due.status === 'running' ? nextJobStatus('running', 'leaseExpired')! : due.status;
    if (nextJobStatus(status, 'claimed') === null) return null;
    const [claimed] = await tx<JobRow[]>`
      update transcription_jobs set status = 'running', attempts = attempts + 1, lease_until_ms = ${now + leaseMs}
      where id = ${due.id} returning *`;
    return claimed!;
  });
}

/** A running job to be taken again at `retryAt` (its lease ends then); nothing else changes. */
export async function postponeJob(sql: Sql, jobId: string, retryAt: number): Promise<void> {
  await sql`update transcription_jobs set lease_until_ms = ${retryAt} where id = ${jobId} and status = 'running'`;
}

/** How a run ended: the node's utterances, or a catalogued reason it could not be done. */
export type JobOutcome = { ok: true; segments: JobSegment[]; failed: number } | { ok: false; reason: string };

/**
 * Settles a running job in one transaction: its status, the money (captured when completed, released when
 * failed), and its event (`transcription.job.completed` or `.failed`). False when the job was not running
 * any more (another runner settled it after a lease ran out): nothing changes.
 */
export async function finishJob(sql: Sql, clock: Clock, jobId: string, outcome: JobOutcome): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [job] = await tx<JobRow[]>`select * from transcription_jobs where id = ${jobId} for update`;
    const event: JobEvent = outcome.ok ? 'transcribed' : 'failed';
    const status = job ? nextJobStatus(job.status, event) : null;
    if (!job || status === null) return false;
    const now = clock.now();
    const priceOre = outcome.ok ? Number(job.price_ore) : 0;
    if (job.reservation_id !== null) {
      if (outcome.ok) await capture(tx, clock, { reservationId: job.reservation_id, amountOre: priceOre });
      await release(tx, clock, { reservationId: job.reservation_id });
    }
    const [done] = await tx<JobRow[]>`
      update transcription_jobs set status = ${status}, price_ore = ${priceOre}, completed_at_ms = ${now}, lease_until_ms = null,
        failure_reason = ${outcome.ok ? null : outcome.reason},
        segments = ${outcome.ok ? tx.json(outcome.segments as never) : null},
        failed_utterances = ${outcome.ok ? outcome.failed : 0}
      where id = ${jobId} returning *`;
    const data: TranscriptionJobEventData = {
      jobId,
      state: status,
      durationMs: Number(done!.duration_ms),
      priceOre,
      segmentCount: outcome.ok ? outcome.segments.length : 0,
      failureReason: outcome.ok ? null : outcome.reason,
      mode: done!.mode,
      profileId: done!.profile_id,
    };
    await recordEvent(tx, clock, { companyId: job.company_id, profileId: job.profile_id, mode: job.mode, type: status === 'completed' ? 'transcription.job.completed' : 'transcription.job.failed', data: { ...data }, objectId: jobId });
    return true;
  });
}

/** The job as the API shows it. */
export function jobView(row: JobRow): TranscriptionJob {
  const segments = row.segments;
  return {
    object: 'transcription_job',
    id: row.id,
    state: row.status,
    source: row.source_type === 'clip' ? { type: 'clip', clipId: row.clip_id! } : { type: 'recording', recordingId: row.recording_id!, callId: row.call_id! },
    language: row.language,
    durationMs: Number(row.duration_ms),
    priceOre: Number(row.price_ore),
    failureReason: row.failure_reason,
    transcript: row.status === 'completed' && segments !== null
      ? { segments, text: segments.map((s) => s.text).join(' '), complete: row.failed_utterances === 0 }
      : null,
    mode: row.mode,
    profileId: row.profile_id,
    createdAt: new Date(Number(row.created_at_ms)).toISOString(),
    completedAt: isoOrNull(row.completed_at_ms === null ? null : Number(row.completed_at_ms)),
  };
}

/** Wakes the job runners (job-runner.ts): a job was queued. */
export async function wakeJobRunners(services: Pick<Services, 'bus'>): Promise<void> {
  await services.bus.notify(TRANSCRIPTION_JOBS_WAKE_SUBJECT, new Uint8Array(0));
}
