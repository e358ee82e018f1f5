/** The calls table (migration 050): ownership and launch of every call, and its recordings. */
import type { CallActorInput } from '../../../protocol/calls/call-actor.js';
import type { Metadata } from '../../../protocol/calls/call.js';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Db, Tx } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import { ownProfileRows } from '../../accounts/profile-scope.js';

/** A call's row: who owns it and what was launched. */
export interface CallRow {
  id: string;
  companyId: string;
  profileId: string;
  mode: 'live' | 'test';
  launch: CallActorInput;
  metadataAfterEnd: Metadata | null;
}

interface Row {
  id: string;
  company_id: string;
  profile_id: string;
  mode: 'live' | 'test';
  launch: CallActorInput;
  metadata_after_end: Metadata | null;
}

function toCall(r: Row): CallRow {
  return { id: r.id, companyId: r.company_id, profileId: r.profile_id, mode: r.mode, launch: r.launch, metadataAfterEnd: r.metadata_after_end };
}

/** Inserts a new call; returns the existing row instead when the id is taken (a retried request). */
export async function insertCall(db: Db, launch: CallActorInput): Promise<{ row: CallRow; created: boolean }> {
  const [inserted] = await db<Row[]>`
    insert into calls (id, company_id, profile_id, mode, launch, created_at_ms)
    values (${launch.callId}, ${launch.companyId}, ${launch.profileId}, ${launch.mode}, ${db.json(launch as never)}, ${launch.at})
    on conflict (id) do nothing
    returning *`;
  if (inserted) return { row: toCall(inserted), created: true };
  const [existing] = await db<Row[]>`select * from calls where id = ${launch.callId}`;
  return { row: toCall(existing!), created: false };
}

/** The row of a call id, if any (for a retried creation). */
export async function callRow(db: Db, callId: string): Promise<CallRow | null> {
  const [row] = await db<Row[]>`select * from calls where id = ${callId}`;
  return row ? toCall(row) : null;
}

/** A call the caller may see (its company and mode; its profile for a profile key), or not_found. */
export async function findCall(db: Db, caller: KeyPrincipal, callId: string): Promise<CallRow> {
  const [row] = await db<Row[]>`
    select * from calls where id = ${callId} and company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${ownProfileRows(db, caller)}`;
  if (!row) throw new SentralError('not_found', { message: 'No such call.', param: 'id' });
  return toCall(row);
}

/** Keeps metadata set after the call's actor finished (the call's outcome). */
export async function setMetadataAfterEnd(db: Db, callId: string, metadata: Metadata): Promise<void> {
  await db`update calls set metadata_after_end = ${db.json(metadata as never)} where id = ${callId}`;
}

/** The key under which a media node's local recording storage keeps a recording. */
export function recordingStorageKey(recordingId: string): string {
  return `${recordingId}.wav`;
}

/** Files a recording reported ready (inside the transition that records call.recording.ready). */
export async function fileRecording(tx: Tx, clock: Clock, callId: string, data: Record<string, unknown>): Promise<void> {
  const recordingId = String(data.recordingId);
  await tx`
    insert into call_recordings (id, call_id, command_id, duration_ms, storage_key, created_at_ms)
    values (${recordingId}, ${callId}, ${String(data.commandId)}, ${Number(data.durationMs) || 0},
            ${recordingStorageKey(recordingId)}, ${clock.now()})
    on conflict (id) do nothing`;
}

/** A filed recording of a call. */
export interface RecordingRow {
  id: string;
  callId: string;
  commandId: string;
  durationMs: number;
  storageKey: string;
  createdAtMs: number;
}

/** The recordings of a call, oldest first. */
export async function callRecordings(db: Db, callId: string): Promise<RecordingRow[]> {
  const rows = await db<{ id: string; call_id: string; command_id: string; duration_ms: number; storage_key: string; created_at_ms: number }[]>`
    select * from call_recordings where call_id = ${callId} order by created_at_ms, id`;
  return rows.map((r) => ({
    id: r.id,
    callId: r.call_id,
    commandId: r.command_id,
    durationMs: Number(r.duration_ms),
    storageKey: r.storage_key,
    createdAtMs: Number(r.created_at_ms),
  }));
}
