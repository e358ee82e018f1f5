import type { AudioClip, AudioClipDeleted, AudioClipList, AudioClipListQuery } from '../../protocol/media/audio-clip.js';
import type { Clock } from '../../shared/clock/clock.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { newId } from '../../shared/ids/ids.js';
import { cursorSeq, pageOf } from '../../shared/db/page.js';
import type { KeyPrincipal } from '../accounts/principal.js';
import { ownProfileRows, requestedProfile } from '../accounts/profile-scope.js';
import type { Db } from '../../shared/db/database.js';
import type { DecodedClip } from './clip-decoding.js';

interface ClipRow {
  id: string;
  seq: number;
  profile_id: string | null;
  mode: 'live' | 'test';
  name: string;
  duration_ms: number;
  created_at_ms: number;
}

// Every column but the samples: listing and reading never load the audio.
const COLUMNS = ['id', 'seq', 'profile_id', 'mode', 'name', 'duration_ms', 'created_at_ms'];

/** Name of a clip uploaded without one. */
export const DEFAULT_CLIP_NAME = 'clip';

/**
 * Stores a decoded clip. A profile key stores it for its own profile; a company key for the whole company
 * or, with profileId, for one of its active profiles. The mode is the key's.
 */
export async function createClip(
  db: Db,
  clock: Clock,
  caller: KeyPrincipal,
  input: { name?: string | undefined; profileId?: string | undefined; id?: string },
  clip: DecodedClip,
): Promise<AudioClip> {
  const profileId = await requestedProfile(db, caller, input.profileId);
  const samples = clip.samples;
  const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
  const [row] = await db<ClipRow[]>`
    insert into audio_clips (id, company_id, profile_id, mode, name, sample_rate, sample_count, duration_ms,
                             source_sample_rate, source_channels, created_at_ms, samples)
    values (${input.id ?? newId('clip', clock)}, ${caller.companyId}, ${profileId}, ${caller.mode}, ${input.name ?? DEFAULT_CLIP_NAME},
            16000, ${samples.length}, ${Math.round(samples.length / 16)}, ${clip.sourceSampleRate}, ${clip.sourceChannels},
            ${clock.now()}, ${bytes})
    returning ${db(COLUMNS)}`;
  return toClip(row!);
}

/** One clip the caller can see (its company and mode; its profile's only, for a profile key), or not_found. */
export async function getClip(db: Db, caller: KeyPrincipal, id: string): Promise<AudioClip> {
  const [row] = await db<ClipRow[]>`
    select ${db(COLUMNS)} from audio_clips
    where id = ${id} and company_id = ${caller.companyId} and mode = ${caller.mode} and ${ownProfileRows(db, caller)}`;
  if (!row) throw new SentralError('not_found', { message: 'No such audio clip.' });
  return toClip(row);
}

/** The clips the caller can see, newest first, before the `before` cursor. */
export async function listClips(db: Db, caller: KeyPrincipal, query: AudioClipListQuery): Promise<AudioClipList> {
  const limit = query.limit ?? 50;
  const beforeSeq = query.before === undefined ? null : await cursorSeq(db<{ seq: number }[]>`
    select seq from audio_clips
    where id = ${query.before} and company_id = ${caller.companyId} and mode = ${caller.mode} and ${ownProfileRows(db, caller)}`, 'audio clip', 'before');
  const rows = await db<ClipRow[]>`
    select ${db(COLUMNS)} from audio_clips
    where company_id = ${caller.companyId} and mode = ${caller.mode} and ${ownProfileRows(db, caller)}
      and ${beforeSeq === null ? db`true` : db`seq < ${beforeSeq}`}
    order by seq desc limit ${limit + 1}`;
  return pageOf(rows, limit, toClip);
}

/**
 * Deletes a clip the caller can see. Media nodes that cached it keep their copy on disk, so whatever asks
 * a node to play a clip must first find it here with getClip (which also checks the caller may use it).
 */
export async function deleteClip(db: Db, caller: KeyPrincipal, id: string): Promise<AudioClipDeleted> {
  const [row] = await db<{ id: string }[]>`
    delete from audio_clips
    where id = ${id} and company_id = ${caller.companyId} and mode = ${caller.mode} and ${ownProfileRows(db, caller)}
    returning id`;
  if (!row) throw new SentralError('not_found', { message: 'No such audio clip.' });
  return { id: row.id, object: 'audio_clip', deleted: true };
}

/** A slice of a clip's samples (bytes of 16 kHz PCM16 LE) and its total size, or null when there is no such clip. */
export async function readClipBytes(db: Db, id: string, offset: number, length: number): Promise<{ totalBytes: number; chunk: Buffer } | null> {
  // substring() counts from 1; with the column stored uncompressed it reads only the slice's pages.
  const [row] = await db<{ total: number; chunk: Buffer }[]>`
    select sample_count * 2 as total, substring(samples from ${offset + 1}::int for ${length}::int) as chunk
    from audio_clips where id = ${id}`;
  return row ? { totalBytes: row.total, chunk: row.chunk } : null;
}

function toClip(row: ClipRow): AudioClip {
  return {
    id: row.id,
    object: 'audio_clip',
    name: row.name,
    durationMs: row.duration_ms,
    sampleRate: 16000,
    mode: row.mode,
    profileId: row.profile_id,
    createdAt: new Date(row.created_at_ms).toISOString(),
  };
}
