import { createHash } from 'node:crypto';
import type { Sql } from '../../shared/db/database.js';

/** How long a finished response is kept for replay. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a running claim holds before a retry may take it over (a crashed process never finishes it). */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;

/** A stored response. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** What claiming a key found. */
export type ClaimResult =
  | { kind: 'claimed' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'in_flight'; retryAfterSeconds: number }
  | { kind: 'reuse' };

interface RecordRow {
  fingerprint: string;
  state: 'running' | 'done';
  locked_until_ms: number;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
  expires_at_ms: number;
}

/**
 * Claims (scope, key) for a request with this fingerprint: a new key is claimed with
 * insert … on conflict do nothing; a finished one replays; a running one is in flight unless its lease
 * lapsed (then this request takes it over); an expired one is removed and claimed afresh.
 */
export async function claimIdempotencyKey(sql: Sql, scope: string, key: string, fingerprint: string, nowMs: number): Promise<ClaimResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await sql`
      insert into idempotency_records (scope, key, fingerprint, state, locked_until_ms, expires_at_ms)
      values (${scope}, ${key}, ${fingerprint}, 'running', ${nowMs + IDEMPOTENCY_LEASE_MS}, ${nowMs + IDEMPOTENCY_TTL_MS})
      on conflict (scope, key) do nothing returning key`;
    if (inserted.length === 1) return { kind: 'claimed' };
    const [row] = await sql<RecordRow[]>`
      select fingerprint, state, locked_until_ms, status, headers, body, expires_at_ms
      from idempotency_records where scope = ${scope} and key = ${key}`;
    if (!row) continue;
    if (row.expires_at_ms <= nowMs) {
      await sql`delete from idempotency_records where scope = ${scope} and key = ${key} and expires_at_ms <= ${nowMs}`;
      continue;
    }
    if (row.fingerprint !== fingerprint) return { kind: 'reuse' };
    if (row.state === 'done') return { kind: 'replay', response: { status: row.status!, headers: row.headers ?? {}, body: row.body ?? '' } };
    if (row.locked_until_ms <= nowMs) {
      const taken = await sql`
        update idempotency_records set locked_until_ms = ${nowMs + IDEMPOTENCY_LEASE_MS}
        where scope = ${scope} and key = ${key} and state = 'running' and locked_until_ms = ${row.locked_until_ms}
        returning key`;
      if (taken.length === 1) return { kind: 'claimed' };
      continue;
    }
    return { kind: 'in_flight', retryAfterSeconds: 1 };
  }
  return { kind: 'in_flight', retryAfterSeconds: 1 };
}

/** Stores the finished response of a claimed key for replay (24 h from now). */
export async function completeIdempotencyKey(sql: Sql, scope: string, key: string, response: StoredResponse, nowMs: number): Promise<void> {
  await sql`
    update idempotency_records set state = 'done', status = ${response.status}, headers = ${sql.json(response.headers)},
      body = ${response.body}, expires_at_ms = ${nowMs + IDEMPOTENCY_TTL_MS}
    where scope = ${scope} and key = ${key} and state = 'running'`;
}

/** Releases a claimed key (the request failed with a 5xx), so a retry runs again. */
export async function releaseIdempotencyKey(sql: Sql, scope: string, key: string): Promise<void> {
  await sql`delete from idempotency_records where scope = ${scope} and key = ${key} and state = 'running'`;
}

/** Deletes records whose time is up; returns how many. */
export async function reapIdempotencyRecords(sql: Sql, nowMs: number): Promise<number> {
  const rows = await sql`delete from idempotency_records where expires_at_ms <= ${nowMs} returning key`;
  return rows.length;
}

/** sha256 of method, path and the canonical JSON of the body (object keys sorted, so order does not matter). */
export function requestFingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`).digest('hex');
}

/** JSON with object keys sorted at every level. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
