import { Value } from 'typebox/value';
import { jsonOrNull } from '../../shared/json/json-bytes.js';
import { TRANSCRIBE_SUBJECT, TRANSCRIBERS_QUEUE } from '../../protocol/bus/bus-names.js';
import { TranscribeRequest, type TranscribeAnswer } from '../../protocol/transcription/transcription-job.js';
import type { Bus, Subscription } from '../../shared/bus/bus.js';
import type { Logger } from '../../shared/log/log.js';
import type { ClipStore } from '../clips/clip-store.js';
import { RecordingNotFoundError, type RecordingStorage } from '../record/recording-storage.js';
import type { Recognizer } from '../speech/recognizer.js';
import { transcribeAudio } from './transcribe-audio.js';

const encoder = new TextEncoder();

/** What the node lends the job transcriber. */
export interface JobTranscriberDeps {
  bus: Bus;
  log: Logger;
  clips: Pick<ClipStore, 'load'>;
  recordings: Pick<RecordingStorage, 'read'>;
  /** The node's recognizer (made on first use). */
  recognizer(): Recognizer;
}

/**
 * Answers the transcription requests of jobs (TRANSCRIBE_SUBJECT, one queue group of every media node): loads
 * the clip or recording, reads it through the recognizer free-form, and answers with the utterances. A
 * request that is not one, a missing source and a failing recognizer are answers too (`ok: false` with a
 * code), so the job runner never waits on a request nobody can do.
 */
export function serveJobTranscriptions(deps: JobTranscriberDeps): Promise<Subscription> {
  return deps.bus.serve(
    TRANSCRIBE_SUBJECT,
    async (data) => encoder.encode(JSON.stringify(await transcribe(deps, data))),
    { queue: TRANSCRIBERS_QUEUE },
  );
}

async function transcribe(deps: JobTranscriberDeps, data: Uint8Array): Promise<TranscribeAnswer> {
  const request = jsonOrNull(data);
  if (!Value.Check(TranscribeRequest, request)) return { ok: false, code: 'invalid_request', message: 'Not a transcription request.' };
  try {
    let audio: AsyncIterable<Int16Array> | Iterable<Int16Array>;
    if (request.source.type === 'clip') {
      const samples = await deps.clips.load(request.source.clipId);
      if (samples === null) return { ok: false, code: 'transcription_source_missing', message: 'The audio clip is gone.' };
      audio = [samples];
    } else {
      audio = deps.recordings.read(request.source.storageKey);
    }
    const { segments, failed, samples } = await transcribeAudio(deps.recognizer(), { language: request.language }, audio);
    return { ok: true, durationMs: Math.round(samples / 16), segments, failed };
  } catch (err) {
    if (err instanceof RecordingNotFoundError) return { ok: false, code: 'transcription_source_missing', message: 'The recording file is gone.' };
    deps.log.error({ err, jobId: request.jobId }, 'a transcription job could not be transcribed');
    return { ok: false, code: 'transcription_failed', message: 'The recognizer failed.' };
  }
}
