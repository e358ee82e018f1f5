import type { TranscriptionJobStatus } from '../../protocol/transcription/transcription-job.js';

/** What happens to a job: a runner claims it, the node answers, or a runner's lease on it runs out. */
export type JobEvent = 'claimed' | 'transcribed' | 'failed' | 'leaseExpired';

/**
 * The job's life as a pure function (docs/transcription.md has the table): queued → running when claimed;
 * running → completed or failed on the node's answer; a running job whose runner died (its lease ran out)
 * is queued again. Completed and failed are final. Null: the event does not apply (a late answer for a job
 * another runner already finished), and the caller changes nothing.
 */
export function nextJobStatus(status: TranscriptionJobStatus, event: JobEvent): TranscriptionJobStatus | null {
  switch (status) {
    case 'queued':
      return event === 'claimed' ? 'running' : null;
    case 'running':
      if (event === 'transcribed') return 'completed';
      if (event === 'failed') return 'failed';
      if (event === 'leaseExpired') return 'queued';
      return null;
    case 'completed':
    case 'failed':
      return null;
  }
}
