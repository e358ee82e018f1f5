/**
 * Speech as a customer uses it, against simulated phones that speak (real espeak-ng speech, the embedded
 * PocketSphinx recognizer): a gather by speech for each choice word with barge-in, keys beside speech, a
 * test key's free gather, and answering-machine detection in its three modes.
 */
import { describe, expect, it } from 'vitest';
import { BeepDetector } from '../../media/speech/beep-detector.js';
import { VoiceActivityDetector } from '../../media/speech/voice-activity.js';
import { parseWav } from '../../shared/audio/wav.js';
import type { CallsSystem, Customer } from './calls-harness.js';
import { withCallsCustomer } from '../support/calls-customer.js';

let sys: CallsSystem;
let customer: Customer;
let seq = 0;

withCallsCustomer((started) => ({ sys, customer } = started));

const key = (): Record<string, string> => ({ 'idempotency-key': `speech-${++seq}` });
const CHOICES = [
  { id: 'billing', digits: '1', phrases: ['billing'] },
  { id: 'sales', digits: '2', phrases: ['sales'] },
  { id: 'support', digits: '3', phrases: ['support'] },
];
const QUESTION = 'Which department would you like? Say billing, sales or support, or press one, two or three on your keypad.';

/** Defines a simulated phone that answers, lets the question run for a while, then says `word` into it. */
async function phoneSaying(number: string, word: string): Promise<void> {
  const res = await sys.admin('POST', '/admin/v1/sim/phones', {
    number,
    script: [{ step: 'answerAfter', ms: 200 }, { step: 'wait', ms: 2500 }, { step: 'say', text: word, voice: 'en-US' }],
    description: `says "${word}" 2.5 s after answering`,
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

async function answeredCall(who: Customer, body: Record<string, unknown>): Promise<string> {
  const res = await sys.request(who.key, 'POST', '/v1/calls', { profileId: who.profileId, from: who.number, maxMinutes: 2, ...body }, key());
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await who.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === res.body.id);
  return res.body.id;
}

async function gatherBySpeech(who: Customer, to: string): Promise<{ callId: string; gatherId: string; result: Record<string, any> }> {
  const callId = await answeredCall(who, { to });
  const gather = await sys.request(who.key, 'POST', `/v1/calls/${callId}/gather`, { text: QUESTION, input: ['dtmf', 'speech'], choices: CHOICES, timeoutSeconds: 10 }, key());
  expect(gather.status, JSON.stringify(gather.body)).toBe(201);
  const result = await who.nextEvent((e) => e.type === 'call.gather.completed' && e.data.commandId === gather.body.id, 60_000);
  return { callId, gatherId: gather.body.id, result: result.data };
}

describe('gather by speech', () => {
  it('each choice word said by a phone is recognized as its choice; the caller\'s voice stops the question (barge-in)', async () => {
    const words = CHOICES.map((c) => c.id);
    await Promise.all(words.map((w, i) => phoneSaying(`+44207946095${i}`, w)));
    const results = await Promise.all(words.map((_, i) => gatherBySpeech(customer, `+44207946095${i}`)));
    for (const [i, { callId, gatherId, result }] of results.entries()) {
      expect(result, words[i]).toMatchObject({ outcome: 'speech', transcript: words[i], choice: words[i], digits: '' });
      expect(result.confidence).toBeGreaterThan(0);
      expect(result.confidence).toBeLessThanOrEqual(1);
      // The question (about 7 s) was cut when the phone spoke at 2.5 s.
      const question = customer.callEvents(callId).find((e) => e.type === 'call.playback.ended' && e.data.commandId === gatherId);
      expect(question?.data.outcome).toBe('stopped');
      const read = await sys.request(customer.key, 'GET', `/v1/calls/${callId}/commands/${gatherId}`);
      expect(read.body).toMatchObject({ state: 'completed', result: { outcome: 'speech', choice: words[i] } });
      await sys.request(customer.key, 'POST', `/v1/calls/${callId}/hangup`);
    }
  });

  it('keys still work beside speech (…005 presses 1234#), and under a test key a speech gather is free', async () => {
    const { callId, result } = await (async () => {
      const id = await answeredCall(customer, { to: '+442079460005' });
      const gather = await sys.request(customer.key, 'POST', `/v1/calls/${id}/gather`, { input: ['dtmf', 'speech'], choices: [{ id: 'code', digits: '1234' }, { id: 'yes', phrases: ['yes'] }] }, key());
      expect(gather.status, JSON.stringify(gather.body)).toBe(201);
      const done = await customer.nextEvent((e) => e.type === 'call.gather.completed' && e.data.commandId === gather.body.id, 30_000);
      return { callId: id, result: done.data };
    })();
    expect(result).toMatchObject({ outcome: 'digits', digits: '1234', choice: 'code', transcript: null, confidence: null });
    await sys.request(customer.key, 'POST', `/v1/calls/${callId}/hangup`);

    const tester = await sys.customer({ mode: 'test' });
    const before = await tester.balance();
    const free = await gatherBySpeech(tester, '+442079460951');
    expect(free.result).toMatchObject({ outcome: 'speech', choice: 'sales' });
    await sys.request(tester.key, 'POST', `/v1/calls/${free.callId}/hangup`);
    const ended = await tester.nextEvent((e) => e.type === 'call.ended' && e.data.callId === free.callId);
    expect(ended.data.priceOre).toBe(0);
    expect(await tester.balance()).toBe(before);
  });

  it('refuses what the speech fields forbid', async () => {
    const callId = await answeredCall(customer, { to: '+442079460001' });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ input: ['speech', 'speech'] }, 'input'],
      [{ input: ['voice'] }, 'input'],
      [{ input: [] }, 'input'],
      [{ choices: [{ id: 'a', phrases: ['yes'] }] }, 'choices.0.phrases'],
      [{ input: ['speech'], choices: [{ id: 'a' }] }, 'choices.0'],
      [{ input: ['speech'], choices: [{ id: 'a', phrases: [] }] }, 'choices.0.phrases'],
      [{ input: ['speech'], choices: [{ id: 'a', phrases: ['?!'] }] }, 'choices.0.phrases.0'],
      [{ input: ['speech'], choices: [{ id: 'a', phrases: ['x'.repeat(101)] }] }, 'choices.0.phrases.0'],
      [{ input: ['speech'], choices: [{ id: 'a', phrases: Array.from({ length: 11 }, (_, i) => `w${i}`) }] }, 'choices.0.phrases'],
      [{ input: ['speech'], choices: [{ id: 'a', phrases: [['nested']] }] }, 'choices.0.phrases.0'],
      [{ input: ['speech'], numDigits: 2 }, 'input'],
    ];
    for (const [body, param] of cases) {
      const res = await sys.request(customer.key, 'POST', `/v1/calls/${callId}/gather`, body, key());
      expect([res.status, res.body.error?.code], JSON.stringify(body)).toEqual([400, 'invalid_request']);
      expect(String(res.body.error.param).startsWith(param), `${JSON.stringify(body)}: ${res.body.error.param}`).toBe(true);
    }
    await sys.request(customer.key, 'POST', `/v1/calls/${callId}/hangup`);
  });
});

describe('answering-machine detection', () => {
  it('detect: …011 (says "Hello?") is a human and …004 (greeting and beep) a machine; both calls go on', async () => {
    const [human, machine] = await Promise.all([answeredCall(customer, { to: '+442079460011', amd: { mode: 'detect' } }), answeredCall(customer, { to: '+442079460004', amd: { mode: 'detect' } })]);
    const [h, m] = await Promise.all([human, machine].map((id) => customer.nextEvent((e) => e.type === 'call.machineDetected' && e.data.callId === id)));
    expect(h!.data).toMatchObject({ result: 'human', reason: 'short_greeting' });
    expect(h!.data.durationMs).toBeGreaterThan(0);
    expect(h!.data.durationMs).toBeLessThan(3_500);
    expect(m!.data).toMatchObject({ result: 'machine' });
    for (const id of [human, machine]) {
      expect(customer.callEvents(id).some((e) => e.type === 'call.ended')).toBe(false);
      await sys.request(customer.key, 'POST', `/v1/calls/${id}/hangup`);
    }
  });

  it('hangup_on_machine: …010 (a long greeting, no beep) is hung up on', async () => {
    const id = await answeredCall(customer, { to: '+442079460010', amd: { mode: 'hangup_on_machine' } });
    const ended = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === id);
    expect(ended.data.reason).toBe('machine_detected');
    const detected = customer.callEvents(id).find((e) => e.type === 'call.machineDetected');
    expect(detected!.data.result).toBe('machine');
  });

  it('voicemail_drop: the message is read after …004\'s beep (the call\'s recording shows it), then the call hangs up', async () => {
    const message = 'This is your pharmacy. Your order is ready for pickup.';
    const id = await answeredCall(customer, { to: '+442079460004', recording: true, amd: { mode: 'voicemail_drop', text: message } });
    const ended = await customer.nextEvent((e) => e.type === 'call.ended' && e.data.callId === id, 40_000);
    expect(ended.data.reason).toBe('voicemail_left');
    const events = customer.callEvents(id);
    const played = events.find((e) => e.type === 'call.playback.ended' && e.data.outcome === 'completed');
    expect(played, JSON.stringify(events.map((e) => e.type))).toBeDefined();
    expect(events.findIndex((e) => e.type === 'call.machineDetected')).toBeLessThan(events.indexOf(played!));

    const ready = await customer.nextEvent((e) => e.type === 'call.recording.ready' && e.data.callId === id);
    const list = await sys.request(customer.key, 'GET', `/v1/calls/${id}/recordings`);
    const file = await fetch(`${sys.api}${list.body.data.find((r: { id: string }) => r.id === ready.data.recordingId).url}`, { headers: { authorization: `Bearer ${customer.key}` } });
    const wav = parseWav(Buffer.from(await file.arrayBuffer()));
    const frame = wav.sampleRate / 50;
    const beeps = new BeepDetector({ rate: wav.sampleRate });
    const vad = new VoiceActivityDetector({ rate: wav.sampleRate });
    let beepEndMs = -1;
    const voiced: number[] = [];
    for (let at = 0; at + frame <= wav.samples.length; at += frame) {
      const f = wav.samples.subarray(at, at + frame);
      const beep = beeps.push(f);
      if (beep && beep.hz > 950 && beep.hz < 1050) beepEndMs = beep.endMs;
      if (vad.classify(f) && !beeps.inBeep) voiced.push((at / frame) * 20);
    }
    // The machine's 1 kHz beep is in the recording whole (nothing spoke over it), and the message follows it.
    expect(beepEndMs).toBeGreaterThan(0);
    const after = voiced.filter((ms) => ms > beepEndMs + 40);
    expect(after.length * 20).toBeGreaterThan(1_500);
    expect(after[0]! - beepEndMs).toBeLessThan(1_000);
  });
});
