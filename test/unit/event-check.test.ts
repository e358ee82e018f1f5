import { describe, expect, it } from 'vitest';
import { eventMismatch } from '../support/event-check.js';

const base = { callId: 'call_1', externalRef: null, metadata: {}, mode: 'test', profileId: 'prof_1' };
const sms = {
  eventId: 'evt_1', mode: 'live', profileId: '6f1c1b9e-3c1e-4c38-9d5e-0f4f0a3b7a11', messageId: 'msg_1', priceOre: 0, wouldCostOre: null, errorCode: 'invalid_phone_number',
  errorDesc: 'The number does not exist.', externalRef: null, metadata: null, campaignId: null, to: '+4741234567', state: 'failed', units: 1,
};

describe('the event check the test harnesses share (the event catalogue)', () => {
  it('passes an event that matches its schema, whatever its family', () => {
    expect(eventMismatch('call.dtmf.received', { ...base, participantId: 'part_1', digit: '5' })).toBeNull();
    expect(eventMismatch('sms.status', sms)).toBeNull();
    expect(eventMismatch('webhook.test', { endpointId: 'ep_1', mode: 'live', profileId: null })).toBeNull();
  });

  it('names the field that drifted, and an event type the catalogue lacks', () => {
    expect(eventMismatch('call.dtmf.received', { ...base, participantId: 'part_1', digit: 5 })).toMatch(/call\.dtmf\.received does not match its schema: \/digit/);
    expect(eventMismatch('call.ended', { ...base, state: 'ended', reason: 'hangup_api', duration: 1, countedMinutes: 1, priceOre: 25, assignedTo: null })).toMatch(/priceItems/);
    expect(eventMismatch('call.teleported', base)).toBe('call.teleported is not in the event catalogue (protocol/events/event-catalogue.ts)');
    expect(eventMismatch('sms.status', { ...sms, errorCode: undefined })).toMatch(/sms\.status does not match its schema: .*errorCode/);
  });

  it('refuses a field the catalogue does not describe, at any depth', () => {
    expect(eventMismatch('sms.status', { ...sms, carrierRef: 'abc' })).toBe('sms.status carries fields its schema does not describe: /carrierRef');
    const job = { jobId: 'trj_1', state: 'completed', durationMs: 1200, priceOre: 10, segmentCount: 1, failureReason: null, mode: 'live', profileId: null };
    expect(eventMismatch('transcription.job.completed', job)).toBeNull();
    expect(eventMismatch('transcription.job.failed', { ...job, priceOre: -1 })).toMatch(/transcription\.job\.failed does not match its schema: \/priceOre/);
    const item = { item: 'call', id: 'call_1', minutes: 1, rateOre: 25, priceOre: 25 };
    const ended = { ...base, state: 'ended', reason: 'hangup_api', duration: 1, countedMinutes: 1, priceOre: 25, wouldCostOre: null, assignedTo: null, priceItems: [item] };
    expect(eventMismatch('call.ended', ended)).toBeNull();
    expect(eventMismatch('call.ended', { ...ended, priceItems: [{ ...item, vat: 0 }] })).toBe('call.ended carries fields its schema does not describe: /priceItems/0/vat');
  });
});
