/**
 * Transcriptions of a call, as the call machine decides them (pure). A post-call transcription (`recorded`,
 * asked for with `transcription: true`) starts with the answer; live ones start with transcription/start.
 * The media node reports segments (live: one per utterance as it ends; recorded: all of them after the
 * call) and then that the transcription ended. Segments are filed into the transcript as they arrive; once
 * the call has ended and every transcription has ended, call.transcript.ready is recorded once.
 */
import type { CallMediaEvent } from '../../../protocol/calls/call-actor.js';
import type { TranscriptSegment } from '../../../protocol/calls/transcript.js';
import type { CallDraft } from '../context/call-draft.js';
import type { CallContext, TranscriptionRecord } from '../context/call-context.js';
import { transcriptionsSettled } from '../context/call-facts.js';

/** After the call, a post-call transcription may take this long plus the call's own length before it is given up. */
export const TRANSCRIPTION_WAIT_MS = 5 * 60_000;

type SegmentsEvent = Extract<CallMediaEvent, { type: 'transcription.segments' }>;
type EndedEvent = Extract<CallMediaEvent, { type: 'transcription.ended' }>;

/** The call's transcriptions (none in snapshots older than transcription). */
export function transcriptionsOf(c: CallContext): TranscriptionRecord[] {
  return (c.transcriptions ??= []);
}

/** The running live transcription, if any (a call has one at a time). */
export function liveTranscription(c: CallContext): TranscriptionRecord | undefined {
  return (c.transcriptions ?? []).find((t) => t.mode === 'live' && t.state === 'running');
}

/** Notes a new transcription; its op is sent by the caller (a live one's is its command's). */
export function startTranscription(d: CallDraft, t: { id: string; mode: 'recorded' | 'live'; commandId: string | null }): TranscriptionRecord {
  const record: TranscriptionRecord = { id: t.id, mode: t.mode, commandId: t.commandId, state: 'running', segments: 0, incomplete: false, opId: null };
  transcriptionsOf(d.ctx).push(record);
  return record;
}

/** The media op that starts a transcription. */
export function transcriptionOp(t: TranscriptionRecord, participantIds?: string[], language?: string) {
  return {
    op: 'startTranscription' as const,
    transcriptionId: t.id,
    mode: t.mode,
    ...(participantIds !== undefined ? { legIds: participantIds } : {}),
    ...(language !== undefined ? { language } : {}),
  };
}

/** Starts the post-call transcription when the call is answered. */
export function startRecordedTranscription(d: CallDraft, transcriptionId: string): void {
  const t = startTranscription(d, { id: transcriptionId, mode: 'recorded', commandId: null });
  t.opId = d.op(transcriptionOp(t));
}

/** Segments arrived: filed into the transcript; a live one is also sent as call.transcription.segment. */
export function onTranscriptionSegments(d: CallDraft, e: SegmentsEvent): void {
  const t = transcriptionsOf(d.ctx).find((x) => x.id === e.transcriptionId);
  if (t === undefined || t.state === 'ended' || t.state === 'given_up') return;
  const segments: TranscriptSegment[] = e.segments.map((s) => ({
    participantId: s.legId,
    kind: d.participant(s.legId)?.kind ?? 'phone',
    startMs: s.startMs,
    endMs: s.endMs,
    text: s.text,
    confidence: s.confidence,
  }));
  if (segments.length === 0) return;
  t.segments += segments.length;
  d.effects.push({ type: 'transcript.file', callId: d.ctx.callId, source: t.mode === 'live' ? 'live' : 'recording', segments });
  if (t.mode === 'live') for (const s of segments) d.record('call.transcription.segment', { commandId: t.commandId, ...s });
}

/** A transcription ended on the node: every segment is in. */
export function onTranscriptionEnded(d: CallDraft, e: EndedEvent): void {
  const t = transcriptionsOf(d.ctx).find((x) => x.id === e.transcriptionId);
  if (t === undefined || t.state === 'ended' || t.state === 'given_up') return;
  t.state = 'ended';
  if (e.outcome === 'failed' || e.failed > 0) t.incomplete = true;
  settleTranscript(d);
}

/** The node refused a transcription's op: it ends with nothing. */
export function onTranscriptionRefused(d: CallDraft, opId: string): void {
  const t = transcriptionsOf(d.ctx).find((x) => x.opId === opId);
  if (t === undefined || t.state === 'ended' || t.state === 'given_up') return;
  t.state = 'ended';
  t.incomplete = true;
  settleTranscript(d);
}

/** Transcriptions not reported by the deadline after the call are given up (what they sent is kept). */
export function giveUpTranscriptions(d: CallDraft): void {
  for (const t of d.ctx.transcriptions ?? []) {
    if (t.state === 'running' || t.state === 'stopping') {
      t.state = 'given_up';
      t.incomplete = true;
    }
  }
  settleTranscript(d);
}

/** How long after the end the actor waits for a post-call transcription: its margin plus the call's length. */
export function transcriptionWaitMs(c: CallContext): number {
  const talked = c.answeredAt === null || c.endedAt === null ? 0 : c.endedAt - c.answeredAt;
  return TRANSCRIPTION_WAIT_MS + talked;
}

/**
 * Once the call has ended and every transcription ended: call.transcript.ready, once. The transcript is the
 * post-call one when the call has it (it holds everyone's whole call), otherwise what live transcription made.
 */
export function settleTranscript(d: CallDraft): void {
  const c = d.ctx;
  const all = c.transcriptions ?? [];
  if (c.status !== 'ended' || c.transcriptReady === true || all.length === 0 || !transcriptionsSettled(c)) return;
  const recorded = all.filter((t) => t.mode === 'recorded');
  const source = recorded.length > 0 ? 'recording' : 'live';
  const used = recorded.length > 0 ? recorded : all;
  c.transcriptReady = true;
  const ready = { source, complete: used.every((t) => !t.incomplete), segmentCount: used.reduce((n, t) => n + t.segments, 0) } as const;
  d.record('call.transcript.ready', { ...ready });
  d.effects.push({ type: 'transcript.fileReady', callId: c.callId, ...ready });
}
