/** The transcripts of calls (migration 053): segments filed as they arrive, the transcript once ready, and reading it. */
import type { Transcript, TranscriptSegment, TranscriptSource } from '../../../protocol/calls/transcript.js';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Db, Tx } from '../../../shared/db/database.js';

/** Files transcript segments of a call (in the transaction of the transition that received them). */
export async function fileTranscriptSegments(tx: Tx, callId: string, source: TranscriptSource, segments: readonly TranscriptSegment[]): Promise<void> {
  if (segments.length === 0) return;
  const rows = segments.map((s) => ({
    call_id: callId,
    source,
    participant_id: s.participantId,
    kind: s.kind,
    start_ms: s.startMs,
    end_ms: s.endMs,
    text: s.text,
    confidence: s.confidence,
  }));
  await tx`insert into call_transcript_segments ${tx(rows)}`;
}

/** Marks a call's transcript ready (call.transcript.ready's data says its source). */
export async function fileTranscript(tx: Tx, clock: Clock, callId: string, data: Record<string, unknown>): Promise<void> {
  await tx`
    insert into call_transcripts (call_id, source, complete, segment_count, created_at_ms)
    values (${callId}, ${data.source === 'live' ? 'live' : 'recording'}, ${data.complete === true}, ${Number(data.segmentCount) || 0}, ${clock.now()})
    on conflict (call_id) do nothing`;
}

/** A call's transcript once it is ready, segments in time order; null before call.transcript.ready. */
export async function callTranscript(db: Db, callId: string): Promise<Transcript | null> {
  const [head] = await db<{ source: TranscriptSource; complete: boolean; created_at_ms: number }[]>`
    select source, complete, created_at_ms from call_transcripts where call_id = ${callId}`;
  if (!head) return null;
  const rows = await db<{ participant_id: string; kind: TranscriptSegment['kind']; start_ms: number; end_ms: number; text: string; confidence: number }[]>`
    select participant_id, kind, start_ms, end_ms, text, confidence from call_transcript_segments
    where call_id = ${callId} and source = ${head.source} order by start_ms, id`;
  const segments: TranscriptSegment[] = rows.map((r) => ({
    participantId: r.participant_id,
    kind: r.kind,
    startMs: Number(r.start_ms),
    endMs: Number(r.end_ms),
    text: r.text,
    confidence: Number(r.confidence),
  }));
  return {
    object: 'transcript',
    callId,
    source: head.source,
    complete: head.complete,
    segments,
    text: segments.map((s) => `${s.participantId}: ${s.text}`).join('\n'),
    createdAt: new Date(Number(head.created_at_ms)).toISOString(),
  };
}
