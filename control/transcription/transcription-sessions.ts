import type { Clock } from '../../shared/clock/clock.js';
import type { Db, Sql, Tx } from '../../shared/db/database.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type {
  CreateTranscriptionSession,
  SessionSettleRequest,
  TranscriptionSession,
  TranscriptionSessionEndedData,
} from '../../protocol/transcription/transcription-session.js';
import { capture, release, reserve } from '../billing/ledger.js';
import { priceListFor } from '../billing/price-list.js';
import type { KeyPrincipal } from '../accounts/principal.js';
import { isoOrNull } from '../../shared/clock/iso.js';
import { recordEvent } from '../events/event-log.js';
import { ownProfileRows } from '../accounts/profile-scope.js';

/** A session as stored. */
export interface SessionRow {
  id: string;
  company_id: string;
  profile_id: string | null;
  mode: 'live' | 'test';
  status: 'open' | 'closed' | 'expired';
  encoding: 'pcm16' | 'mulaw';
  language: string;
  max_minutes: number;
  url: string;
  reservation_id: string | null;
  price_ore: number;
  audio_ms: number | null;
  finals: number;
  expires_at_ms: number;
  created_at_ms: number;
  closed_at_ms: number | null;
}

/** Minutes a session's token outlives its maxMinutes: time to connect and to finish. */
const CONNECT_MINUTES = 15;

/**
 * Opens a session on the media node at `url` and, under a live key, reserves its maxMinutes at the
 * transcription rate. The session's profile is the key's. `id` derives from the Idempotency-Key (a retry
 * returns the same session).
 */
export async function createSession(tx: Tx, clock: Clock, caller: KeyPrincipal, id: string, body: CreateTranscriptionSession, url: string): Promise<SessionRow> {
  const [existing] = await tx<SessionRow[]>`select * from transcription_sessions where id = ${id}`;
  if (existing) return existing;
  const maxMinutes = body.maxMinutes ?? 10;
  let reservationId: string | null = null;
  let priceOre = 0;
  if (caller.mode === 'live') {
    const prices = await priceListFor(tx, caller.companyId);
    priceOre = maxMinutes * prices.transcriptionMinuteOre;
    if (priceOre > 0) {
      reservationId = (await reserve(tx, clock, { companyId: caller.companyId, profileId: caller.profileId, service: 'transcription', amountOre: priceOre, reference: id })).reservationId;
    }
  }
  const now = clock.now();
  const [row] = await tx<SessionRow[]>`
    insert into transcription_sessions (id, company_id, profile_id, mode, status, encoding, language, max_minutes, url, reservation_id, price_ore, expires_at_ms, created_at_ms)
    values (${id}, ${caller.companyId}, ${caller.profileId}, ${caller.mode}, 'open', ${body.encoding ?? 'pcm16'}, ${body.language ?? 'en-US'}, ${maxMinutes},
            ${url}, ${reservationId}, ${priceOre}, ${now + (maxMinutes + CONNECT_MINUTES) * 60_000}, ${now})
    returning *`;
  return row!;
}

/** One session the caller can see (its company and mode; its profile's only, for a profile key), or not_found. */
export async function getSession(db: Db, caller: KeyPrincipal, id: string): Promise<TranscriptionSession> {
  const [row] = await db<SessionRow[]>`
    select * from transcription_sessions where id = ${id} and company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${ownProfileRows(db, caller)}`;
  if (!row) throw new SentralError('not_found', { message: 'No such transcription session.' });
  return sessionView(row);
}

/**
 * A media node reported a session's connection closed: its started minutes of audio are captured, the rest
 * of the reservation goes back, and `transcription.session.ended` is recorded. A second report (a retry)
 * changes nothing.
 */
export async function settleSession(sql: Sql, clock: Clock, report: SessionSettleRequest): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [row] = await tx<SessionRow[]>`select * from transcription_sessions where id = ${report.sessionId} and status = 'open' for update`;
    if (!row) return false;
    const minutes = Math.min(Math.ceil(report.audioMs / 60_000), row.max_minutes);
    // The reservation is maxMinutes at the rate, so the rate is what it reserved per minute.
    const priceOre = row.reservation_id === null ? 0 : minutes * (Number(row.price_ore) / row.max_minutes);
    await close(tx, clock, row, 'closed', priceOre, report.audioMs, report.finals);
    return true;
  });
}

/** Closes sessions still open `graceMs` past their expiry (their node never reported): free, as `expired`. */
export async function expireSessions(sql: Sql, clock: Clock, graceMs: number): Promise<number> {
  return sql.begin(async (tx) => {
    const rows = await tx<SessionRow[]>`
      select * from transcription_sessions where status = 'open' and expires_at_ms < ${clock.now() - graceMs}
      order by expires_at_ms limit 100 for update skip locked`;
    for (const row of rows) await close(tx, clock, row, 'expired', 0, null, 0);
    return rows.length;
  });
}

async function close(tx: Tx, clock: Clock, row: SessionRow, status: 'closed' | 'expired', priceOre: number, audioMs: number | null, finals: number): Promise<void> {
  if (row.reservation_id !== null) {
    await capture(tx, clock, { reservationId: row.reservation_id, amountOre: priceOre });
    await release(tx, clock, { reservationId: row.reservation_id });
  }
  await tx`
    update transcription_sessions set status = ${status}, price_ore = ${priceOre}, audio_ms = ${audioMs}, finals = ${finals}, closed_at_ms = ${clock.now()}
    where id = ${row.id}`;
  const data: TranscriptionSessionEndedData = { sessionId: row.id, state: status, audioMs, priceOre, finals, mode: row.mode, profileId: row.profile_id };
  await recordEvent(tx, clock, { companyId: row.company_id, profileId: row.profile_id, mode: row.mode, type: 'transcription.session.ended', data: { ...data }, objectId: row.id });
}

/** The session as the API shows it (without its token). */
export function sessionView(row: SessionRow): TranscriptionSession {
  return {
    object: 'transcription_session',
    id: row.id,
    state: row.status,
    encoding: row.encoding,
    sampleRate: row.encoding === 'mulaw' ? 8000 : 16000,
    language: row.language,
    maxMinutes: row.max_minutes,
    url: row.url,
    expiresAt: new Date(Number(row.expires_at_ms)).toISOString(),
    audioMs: row.audio_ms === null ? null : Number(row.audio_ms),
    priceOre: Number(row.price_ore),
    mode: row.mode,
    profileId: row.profile_id,
    createdAt: new Date(Number(row.created_at_ms)).toISOString(),
    closedAt: isoOrNull(row.closed_at_ms === null ? null : Number(row.closed_at_ms)),
  };
}
