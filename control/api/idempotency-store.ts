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
  /** `lockedUntilMs` names this claim: a release removes the key only while it is still this claim. */
  | { kind: 'claimed'; lockedUntilMs: number }
  | { kind: 'replay'; response: StoredResponse; madeBy: string | null }
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
  made_by: string | null;
}

/**
 * Claims (scope, key) for a request with this fingerprint, made by the credential `madeBy` (an API key's
 * id): a new key is claimed with
 * insert … on conflict do nothing; a finished one replays; a running one is in flight unless its lease
 * lapsed (then this request takes it over); an expired one is removed and claimed afresh.
 */
export async function claimIdempotencyKey(sql: Sql, claim: KeyClaim, nowMs: number): Promise<ClaimResult> {
  const { scope, key, fingerprint, madeBy } = claim;
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await sql`
      insert into idempotency_records (scope, key, fingerprint, made_by, state, locked_until_ms, expires_at_ms)
      values (${scope}, ${key}, ${fingerprint}, ${madeBy}, 'running', ${nowMs + IDEMPOTENCY_LEASE_MS}, ${nowMs + IDEMPOTENCY_TTL_MS})
      on conflict (scope, key) do nothing returning key`;
    if (inserted.length === 1) return { kind: 'claimed', lockedUntilMs: nowMs + IDEMPOTENCY_LEASE_MS };
    const [row] = await sql<RecordRow[]>`
      select fingerprint, state, locked_until_ms, status, headers, body, expires_at_ms, made_by
      from idempotency_records where scope = ${scope} and key = ${key}`;
    if (!row) continue;
    if (row.expires_at_ms <= nowMs) {
      await sql`delete from idempotency_records where scope = ${scope} and key = ${key} and expires_at_ms <= ${nowMs}`;
      continue;
    }
    if (row.fingerprint !== fingerprint) return { kind: 'reuse' };
    if (row.state === 'done') return { kind: 'replay', response: { status: row.status!, headers: row.headers ?? {}, body: row.body ?? '' }, madeBy: row.made_by };
    if (row.locked_until_ms <= nowMs) {
      const taken = await sql`
        update idempotency_records set locked_until_ms = ${nowMs + IDEMPOTENCY_LEASE_MS}, made_by = ${madeBy}
        where scope = ${scope} and key = ${key} and state = 'running' and locked_until_ms = ${row.locked_until_ms}
        returning key`;
      if (taken.length === 1) return { kind: 'claimed', lockedUntilMs: nowMs + IDEMPOTENCY_LEASE_MS };
      continue;
    }
    return { kind: 'in_flight', retryAfterSeconds: 1 };
  }
  return { kind: 'in_flight', retryAfterSeconds: 1 };
}

/** A key to claim for a request with this fingerprint. */
export interface KeyClaim {
  scope: string;
  key: string;
  fingerprint: string;
  /** The credential making the request (an API key's id; null for the operator or no one). */
  madeBy: string | null;
}

/**
 * claimIdempotencyKey for many requests at once (the plugin's group commit): new keys are claimed with one
 * insert; a key already there, or named twice in the batch, takes claimIdempotencyKey's path alone.
 */
export async function claimIdempotencyKeys(sql: Sql, claims: readonly KeyClaim[], nowMs: number): Promise<ClaimResult[]> {
  const inserted = await sql<{ scope: string; key: string }[]>`
    insert into idempotency_records (scope, key, fingerprint, made_by, state, locked_until_ms, expires_at_ms)
    select scope, key, fingerprint, made_by, 'running', ${nowMs + IDEMPOTENCY_LEASE_MS}, ${nowMs + IDEMPOTENCY_TTL_MS}
    from unnest(${sql.array(claims.map((c) => c.scope))}::text[], ${sql.array(claims.map((c) => c.key))}::text[],
                ${sql.array(claims.map((c) => c.fingerprint))}::text[], ${sql.array(claims.map((c) => c.madeBy))}::text[])
      as c(scope, key, fingerprint, made_by)
    on conflict (scope, key) do nothing returning scope, key`;
  const fresh = new Set(inserted.map((r) => `${r.scope}\n${r.key}`));
  const results: ClaimResult[] = [];
  for (const claim of claims) {
    const id = `${claim.scope}\n${claim.key}`;
    if (fresh.delete(id)) results.push({ kind: 'claimed', lockedUntilMs: nowMs + IDEMPOTENCY_LEASE_MS });
    else results.push(await claimIdempotencyKey(sql, claim, nowMs));
  }
  return results;
}

/** A claimed key's finished response. */
export interface KeyCompletion {
  scope: string;
  key: string;
  response: StoredResponse;
}

/** Stores the finished responses of claimed keys for replay (24 h from now), in one update. */
export async function completeIdempotencyKeys(sql: Sql, completions: readonly KeyCompletion[], nowMs: number): Promise<void> {
  await sql`
    update idempotency_records r set state = 'done', status = c.status, headers = c.headers, body = c.body, expires_at_ms = ${nowMs + IDEMPOTENCY_TTL_MS}
    from unnest(${sql.array(completions.map((c) => c.scope))}::text[], ${sql.array(completions.map((c) => c.key))}::text[],
                ${sql.array(completions.map((c) => c.response.status))}::int[], ${sql.array(completions.map((c) => JSON.stringify(c.response.headers)))}::jsonb[],
                ${sql.array(completions.map((c) => c.response.body))}::text[]) as c(scope, key, status, headers, body)
    where r.scope = c.scope and r.key = c.key and r.state = 'running'`;
}

/**
 * Releases a claimed key (the request failed with a 5xx), so a retry runs again: only while the key is still
 * held by the claim that `lockedUntilMs` names (a release tried again late never removes a later claim).
 */
export async function releaseIdempotencyKey(sql: Sql, scope: string, key: string, lockedUntilMs: number): Promise<void> {
  await sql`delete from idempotency_records where scope = ${scope} and key = ${key} and state = 'running' and locked_until_ms = ${lockedUntilMs}`;
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
