/**
 * Transcription as a customer sees it, with real speech: the simulated phones +442079460021 (at once) and
 * +442079460020 (when asked a question) say "good morning" (espeak-ng, en-US, through the 8 kHz mu-law
 * phone leg), and the embedded PocketSphinx recognizer transcribes it. That phrase is chosen because the embedded free-form model
 * gets it right from espeak-ng on the phone band; most sentences it does not (docs/transcription.md), which
 * is what the OpenAI-compatible adapter is for.
 */
import { describe, expect, it } from 'vitest';
import type { CallsSystem, Customer } from './calls-harness.js';
import { withCallsCustomer } from '../support/calls-customer.js';

/** Says "good morning" when asked, then listens until hung up. */
const ANSWERER = '+442079460020';
/** Says "good morning" at once, then hangs up. */
const SPEAKER = '+442079460021';

let sys: CallsSystem;
let customer: Customer;
let seq = 0;

withCallsCustomer((started) => ({ sys, customer } = started));

const key = (): string => `transcribe-${++seq}`;

describe('post-call transcript (transcription: true)', () => {
  it('is priced with the call, and after the call holds what the phone said, as that participant', async () => {
    const before = await customer.balance();
    const res = await sys.request(
      customer.key,
      'POST',
      '/v1/calls',
      { profileId: customer.profileId, to: SPEAKER, from: customer.number, maxMinutes: 2, transcription: true },
      { 'idempotency-key': key() },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const callId = res.body.id as string;
    const phoneId = res.body.participants[0].id as string;
    // Two minutes of the phone (25) and of transcription (10) are held.
    expect(await customer.balance()).toBe(before - 70);
    const early = await sys.request(customer.key, 'GET', `/v1/calls/${callId}/transcript`);
    expect(early.status).toBe(404);
    expect(early.body.error.code).toBe('transcript_not_ready');

    const end = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === callId);
    expect(end.data.reason).toBe('hangup_phone');
    expect(end.data.priceOre).toBe(35);
    const ready = await customer.nextEvent((e) => e.type === 'call.transcript.ready' && e.data.callId === callId);
    expect(ready.data).toMatchObject({ source: 'recording', complete: true });
    expect(ready.data.segmentCount).toBeGreaterThanOrEqual(1);

    const read = await sys.request(customer.key, 'GET', `/v1/calls/${callId}/transcript`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ object: 'transcript', callId, source: 'recording', complete: true });
    const said = read.body.segments.find((s: { text: string }) => s.text.includes('good morning'));
    expect(said, JSON.stringify(read.body)).toMatchObject({ participantId: phoneId, kind: 'phone' });
    expect(said.endMs).toBeGreaterThan(said.startMs);
    expect(said.confidence).toBeGreaterThanOrEqual(0);
    expect(read.body.text).toContain(`${phoneId}: `);
    expect(read.body.text).toContain('good morning');
    expect(await customer.balance()).toBe(before - 35);
  }, 90_000);
});

describe('live transcription', () => {
  it('sends each utterance as call.transcription.segment while the call runs; the transcript holds it; free under a test key', async () => {
    const tester = await sys.customer({ mode: 'test' });
    const res = await sys.request(tester.key, 'POST', '/v1/calls', { profileId: tester.profileId, to: ANSWERER, from: tester.number }, { 'idempotency-key': key() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const callId = res.body.id as string;
    const phoneId = res.body.participants[0].id as string;
    await tester.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === callId);

    const notRunning = await sys.request(tester.key, 'POST', `/v1/calls/${callId}/transcription/stop`);
    expect(notRunning.status).toBe(409);
    expect(notRunning.body.error.code).toBe('transcription_not_running');
    const startKey = key();
    const started = await sys.request(tester.key, 'POST', `/v1/calls/${callId}/transcription/start`, { participantIds: [phoneId] }, { 'idempotency-key': startKey });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect(started.body).toMatchObject({ object: 'command', action: 'transcription.start' });
    const retried = await sys.request(tester.key, 'POST', `/v1/calls/${callId}/transcription/start`, { participantIds: [phoneId] }, { 'idempotency-key': startKey });
    expect(retried.body.id).toBe(started.body.id);
    const second = await sys.request(tester.key, 'POST', `/v1/calls/${callId}/transcription/start`, {}, { 'idempotency-key': key() });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('transcription_running');
    await tester.nextEvent((e) => e.type === 'call.command.completed' && e.data.commandId === started.body.id);

    // The question: the phone answers "good morning" once it has heard it, and stays on the line.
    expect((await sys.request(tester.key, 'POST', `/v1/calls/${callId}/say`, { text: 'How can I help?' }, { 'idempotency-key': key() })).status).toBe(201);
    const segment = await tester.nextEvent((e) => e.type === 'call.transcription.segment' && e.data.callId === callId && e.data.text.includes('good morning'));
    expect(segment.data).toMatchObject({ commandId: started.body.id, participantId: phoneId, kind: 'phone' });
    // It came while the call runs: the call ends only when hung up now.
    expect(tester.callEvents(callId).some((e) => e.type === 'call.ended')).toBe(false);
    await sys.request(tester.key, 'POST', `/v1/calls/${callId}/hangup`);
    const end = await tester.nextEvent((e) => e.type === 'call.ended' && e.data.callId === callId);
    expect(end.data.priceOre).toBe(0);
    const ready = await tester.nextEvent((e) => e.type === 'call.transcript.ready' && e.data.callId === callId);
    expect(ready.data).toMatchObject({ source: 'live', complete: true });
    const read = await sys.request(tester.key, 'GET', `/v1/calls/${callId}/transcript`);
    expect(read.status).toBe(200);
    expect(read.body.segments.map((s: { text: string }) => s.text).join(' ')).toContain('good morning');
    const late = await sys.request(tester.key, 'POST', `/v1/calls/${callId}/transcription/start`, {}, { 'idempotency-key': key() });
    expect(late.status).toBe(409);
  }, 90_000);

  it('stop ends it and its charge, and refuses hostile bodies with a catalogue code', async () => {
    const before = await customer.balance();
    const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 1 }, { 'idempotency-key': key() });
    const callId = res.body.id as string;
    await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === callId);
    const path = `/v1/calls/${callId}/transcription/start`;
    const hostile: unknown[] = [
      { participantIds: ['\ud800'] },
      { participantIds: ['a\u0000b'] },
      { participantIds: Array.from({ length: 10_000 }, (_, i) => `p${i}`) },
      { participantIds: [] },
      { participantIds: 'everyone' },
      { language: 'en-US'.repeat(10) },
      { language: { deep: { deeper: { deepest: [[[[[]]]]] } } } },
      { unknown: true },
    ];
    for (const body of hostile) {
      const refused = await sys.request(customer.key, 'POST', path, body, { 'idempotency-key': key() });
      expect(refused.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof refused.body.error.code).toBe('string');
    }
    const unknownParticipant = await sys.request(customer.key, 'POST', path, { participantIds: ['part_nobody'] }, { 'idempotency-key': key() });
    expect(unknownParticipant.status).toBe(404);
    // Nothing refused holds money: only the call's minute (25).
    expect(await customer.balance()).toBe(before - 25);

    const started = await sys.request(customer.key, 'POST', path, {}, { 'idempotency-key': key() });
    expect(started.status).toBe(201);
    expect(await customer.balance()).toBe(before - 25 - 10);
    const stopped = await sys.request(customer.key, 'POST', `/v1/calls/${callId}/transcription/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.body.id).toBe(started.body.id);
    await sys.request(customer.key, 'POST', `/v1/calls/${callId}/hangup`);
    const end = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === callId);
    // One started minute of the call and one of transcription.
    expect(end.data.priceOre).toBe(35);
    expect(end.data.priceItems).toContainEqual(expect.objectContaining({ item: 'transcription', id: started.body.id, minutes: 1, priceOre: 10 }));
    const ready = await customer.nextEvent((e) => e.type === 'call.transcript.ready' && e.data.callId === callId);
    expect(ready.data.source).toBe('live');
    expect(await customer.balance()).toBe(before - 35);
  }, 90_000);
});
