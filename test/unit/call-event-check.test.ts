import { describe, expect, it } from 'vitest';
import { callEventMismatch } from '../support/call-event-check.js';

const base = { callId: 'call_1', externalRef: null, metadata: {}, mode: 'test', profileId: 'prof_1' };

describe('the call event check the test harnesses share', () => {
  it('passes an event that matches its schema and events outside call.*', () => {
    expect(callEventMismatch('call.dtmf.received', { ...base, participantId: 'part_1', digit: '5' })).toBeNull();
    expect(callEventMismatch('sms.status', { anything: true })).toBeNull();
  });

  it('names the field that drifted, and a call event without a schema', () => {
    expect(callEventMismatch('call.dtmf.received', { ...base, participantId: 'part_1', digit: 5 })).toMatch(/call\.dtmf\.received does not match its schema: \/digit/);
    expect(callEventMismatch('call.ended', { ...base, state: 'ended', reason: 'hangup_api', duration: 1, countedMinutes: 1, priceOre: 25, assignedTo: null })).toMatch(/priceItems/);
    expect(callEventMismatch('call.teleported', base)).toBe('call.teleported has no schema in protocol/calls/call-events.ts');
  });

  it('checks transcription job events against theirs too', () => {
    const job = { jobId: 'trj_1', status: 'completed', durationMs: 1200, priceOre: 10, segmentCount: 1, failureReason: null, mode: 'live', profileId: null };
    expect(callEventMismatch('transcription.job.completed', job)).toBeNull();
    expect(callEventMismatch('transcription.job.failed', { ...job, priceOre: -1 })).toMatch(/transcription\.job\.failed does not match its schema: \/priceOre/);
    expect(callEventMismatch('transcription.sessions.teleported', job)).toBe('transcription.sessions.teleported has no schema in protocol/transcription/transcription-job.ts');
  });
});
