import { describe, expect, it } from 'vitest';
import { nextJobStatus, type JobEvent } from '../../../control/transcription/job-status.js';
import type { TranscriptionJobStatus } from '../../../protocol/transcription/transcription-job.js';

const statuses: TranscriptionJobStatus[] = ['queued', 'running', 'completed', 'failed'];
const events: JobEvent[] = ['claimed', 'transcribed', 'failed', 'leaseExpired'];

describe('a transcription job status', () => {
  it('goes queued → running → completed or failed, and back to queued only when its runner lease ran out', () => {
    expect(nextJobStatus('queued', 'claimed')).toBe('running');
    expect(nextJobStatus('running', 'transcribed')).toBe('completed');
    expect(nextJobStatus('running', 'failed')).toBe('failed');
    expect(nextJobStatus('running', 'leaseExpired')).toBe('queued');
  });

  it('never leaves completed or failed, and ignores events that do not apply (a late answer changes nothing)', () => {
    for (const status of statuses) {
      for (const event of events) {
        const next = nextJobStatus(status, event);
        if (status === 'completed' || status === 'failed') expect(next).toBeNull();
        if (status === 'queued' && event !== 'claimed') expect(next).toBeNull();
        if (status === 'running' && event === 'claimed') expect(next).toBeNull();
      }
    }
  });
});
