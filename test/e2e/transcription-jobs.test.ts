/**
 * Transcription jobs as a customer uses them, with real speech and the embedded recognizer: a clip of
 * espeak-ng saying "good morning" (a phrase the embedded free-form model gets right, docs/transcription.md)
 * and the recording of a call with the simulated phone +442079460021, which says it at once.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeWav } from '../../shared/audio/wav.js';
import { SpeechSynthesizer } from '../../media/speech/tts.js';
import { wakeJobRunners } from '../../control/transcription/transcription-jobs.js';
import type { CallsSystem, Customer } from './calls-harness.js';
import { withCallsCustomer } from '../support/calls-customer.js';

const SPEAKER = '+442079460021';

let sys: CallsSystem;
let customer: Customer;
let speech: Buffer;
let seq = 0;
const key = (): Record<string, string> => ({ 'idempotency-key': `job-${++seq}` });

withCallsCustomer(async (started) => {
  ({ sys, customer } = started);
  // Half a second of silence around the words, as a person's recording would have.
  const words = await new SpeechSynthesizer().render('good morning', 'en-US', 16000);
  const padded = new Int16Array(words.length + 16000);
  padded.set(words, 8000);
  speech = writeWav(padded, 16000);
});

async function upload(c: Customer): Promise<string> {
  const res = await fetch(`${sys.api}/v1/audio-clips`, { method: 'POST', headers: { authorization: `Bearer ${c.key}`, 'content-type': 'audio/wav' }, body: speech });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe('transcription jobs', () => {
  it('transcribes an uploaded clip: queued, then completed with its words and transcription.job.completed, priced per started minute', async () => {
    const clipId = await upload(customer);
    const before = await customer.balance();
    const headers = key();
    const created = await sys.request(customer.key, 'POST', '/v1/transcription/jobs', { clipId }, headers);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ object: 'transcription_job', source: { type: 'clip', clipId }, language: 'en-US', priceOre: 10, transcript: null });
    expect(['queued', 'running']).toContain(created.body.state);
    expect(created.headers.get('location')).toBe(`/v1/transcription/jobs/${created.body.id}`);
    // One started minute at the transcription rate is held while it runs.
    expect(await customer.balance()).toBe(before - 10);

    const done = await customer.nextEvent((e) => e.type === 'transcription.job.completed' && e.data.jobId === created.body.id);
    expect(done.data).toMatchObject({ state: 'completed', priceOre: 10, failureReason: null });
    expect(done.data.segmentCount).toBeGreaterThanOrEqual(1);
    const read = await sys.request(customer.key, 'GET', `/v1/transcription/jobs/${created.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.state).toBe('completed');
    expect(read.body.transcript.text, JSON.stringify(read.body)).toContain('good morning');
    const said = read.body.transcript.segments.find((s: { text: string }) => s.text.includes('good morning'));
    expect(said.startMs).toBeGreaterThanOrEqual(300);
    expect(said.endMs).toBeGreaterThan(said.startMs);
    expect(read.body.completedAt).not.toBeNull();
    expect(await customer.balance()).toBe(before - 10);

    // The same key names the same job: nothing is run or charged again.
    const again = await sys.request(customer.key, 'POST', '/v1/transcription/jobs', { clipId }, headers);
    expect(again.body.id).toBe(created.body.id);
    expect(await customer.balance()).toBe(before - 10);
    const list = await sys.request(customer.key, 'GET', '/v1/transcription/jobs?limit=1');
    expect(list.body).toMatchObject({ object: 'list', hasMore: false });
    expect(list.body.data[0].id).toBe(created.body.id);
  }, 90_000);

  it('transcribes a call recording; under a test key it runs for real and costs nothing', async () => {
    const tester = await sys.customer({ mode: 'test' });
    const call = await sys.request(tester.key, 'POST', '/v1/calls', { profileId: tester.profileId, to: SPEAKER, from: tester.number, recording: true }, key());
    expect(call.status, JSON.stringify(call.body)).toBe(201);
    const ready = await tester.nextEvent((e) => e.type === 'call.recording.ready' && e.data.callId === call.body.id);
    const job = await sys.request(tester.key, 'POST', '/v1/transcription/jobs', { recordingId: ready.data.recordingId }, key());
    expect(job.status, JSON.stringify(job.body)).toBe(201);
    expect(job.body).toMatchObject({ source: { type: 'recording', recordingId: ready.data.recordingId, callId: call.body.id }, priceOre: 0, mode: 'test' });
    await tester.nextEvent((e) => e.type === 'transcription.job.completed' && e.data.jobId === job.body.id);
    const read = await sys.request(tester.key, 'GET', `/v1/transcription/jobs/${job.body.id}`);
    expect(read.body.transcript.text, JSON.stringify(read.body)).toContain('good morning');
    expect(read.body.priceOre).toBe(0);
  }, 90_000);

  it('fails a job whose recording file is gone with transcription_source_missing, and gives its money back', async () => {
    const call = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: SPEAKER, from: customer.number, recording: true }, key());
    const ready = await customer.nextEvent((e) => e.type === 'call.recording.ready' && e.data.callId === call.body.id);
    await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === call.body.id);
    const [row] = await sys.services.sql<{ storage_key: string }[]>`select storage_key from call_recordings where id = ${ready.data.recordingId}`;
    await rm(join(sys.services.config.dataDir, 'recordings', row!.storage_key));
    const before = await customer.balance();
    const job = await sys.request(customer.key, 'POST', '/v1/transcription/jobs', { recordingId: ready.data.recordingId }, key());
    expect(job.status).toBe(201);
    expect(job.body.priceOre).toBe(10);
    const failed = await customer.nextEvent((e) => e.type === 'transcription.job.failed' && e.data.jobId === job.body.id);
    expect(failed.data).toMatchObject({ state: 'failed', failureReason: 'transcription_source_missing', priceOre: 0 });
    const read = await sys.request(customer.key, 'GET', `/v1/transcription/jobs/${job.body.id}`);
    expect(read.body).toMatchObject({ state: 'failed', failureReason: 'transcription_source_missing', transcript: null, priceOre: 0 });
    // The job can fail before a balance read between would see the money away: the reservation shows it was.
    const reservations = await sys.services.sql`select reserved_ore, captured_ore, released_ore from reservations where reference = ${job.body.id}`;
    expect(reservations.map((r) => ({ ...r }))).toEqual([{ reserved_ore: 10, captured_ore: 0, released_ore: 10 }]);
    expect(await customer.balance()).toBe(before);
  }, 90_000);

  it('takes again a running job whose runner died (its lease ran out), and completes it once', async () => {
    const clipId = await upload(customer);
    const stale = 'trj_0000000000000000000000dead';
    await sys.services.sql`
      insert into transcription_jobs (id, company_id, profile_id, mode, status, source_type, clip_id, language, duration_ms, attempts, lease_until_ms, created_at_ms)
      values (${stale}, ${customer.companyId}, null, 'live', 'running', 'clip', ${clipId}, 'en-US', 2000, 1, ${Date.now() - 1000}, ${Date.now() - 60_000})`;
    // Nothing new is queued: the runners' wake-up (or their slow poll) finds the stale job due and takes it.
    await wakeJobRunners(sys.services);
    const done = await customer.nextEvent((e) => e.type === 'transcription.job.completed' && e.data.jobId === stale);
    expect(done.data.segmentCount).toBeGreaterThanOrEqual(1);
    const read = await sys.request(customer.key, 'GET', `/v1/transcription/jobs/${stale}`);
    expect(read.body.transcript.text).toContain('good morning');
    const [row] = await sys.services.sql<{ attempts: number }[]>`select attempts from transcription_jobs where id = ${stale}`;
    expect(row!.attempts).toBe(2);
    expect(customer.events.filter((e) => e.type.startsWith('transcription.job.') && e.data.jobId === stale)).toHaveLength(1);
  }, 90_000);

  it('refuses bad requests with catalogue codes and runs nothing', async () => {
    const clipId = await upload(customer);
    const before = await customer.balance();
    const cases: Array<[unknown, Record<string, string>, number, string]> = [
      [{ clipId }, {}, 400, 'idempotency_key_required'],
      [{}, key(), 400, 'transcription_source_required'],
      [{ clipId, recordingId: 'rec_0123456789abcdefghjkmnpqrs' }, key(), 400, 'transcription_source_required'],
      [{ clipId: 'clip_00000000000000000000000000' }, key(), 404, 'not_found'],
      [{ recordingId: 'rec_00000000000000000000000000' }, key(), 404, 'not_found'],
      [{ clipId, language: 'x'.repeat(40) }, key(), 400, 'invalid_request'],
      [{ clipId, language: 'en\ud800' }, key(), 400, 'invalid_request'],
      [{ clipId, extra: true }, key(), 400, 'invalid_request'],
    ];
    for (const [body, headers, status, code] of cases) {
      const res = await sys.request(customer.key, 'POST', '/v1/transcription/jobs', body, headers);
      expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const other = await sys.customer({ balanceOre: 1_000 });
    const foreign = await sys.request(other.key, 'POST', '/v1/transcription/jobs', { clipId }, key());
    expect([foreign.status, foreign.body.error.code]).toEqual([404, 'not_found']);
    const unknown = await sys.request(customer.key, 'GET', '/v1/transcription/jobs/trj_00000000000000000000000000');
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'not_found']);
    expect(await customer.balance()).toBe(before);
  }, 60_000);
});
