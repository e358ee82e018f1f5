import { describe, expect, it } from 'vitest';
import type { PDU } from 'smpp';
import { readDeliver, statOutcome } from '../../carriers/sms/smpp-receipts.js';
import type { SmsOutcome } from '../../carriers/sms/sms-carrier.js';

function reader() {
  const receipts: { ref: string; outcome: SmsOutcome; desc: string }[] = [];
  const inbound: { from: string; to: string; text: string }[] = [];
  return {
    receipts,
    inbound,
    reports: {
      receipt: async (ref: string, outcome: SmsOutcome, desc: string) => void receipts.push({ ref, outcome, desc }),
      inbound: async (sms: { from: string; to: string; text: string }) => void inbound.push(sms),
    },
  };
}

describe('SMPP receipts', () => {
  it('maps each stat to its outcome, any case, and a non-final or unknown stat to none', () => {
    expect(['DELIVRD', 'undeliv', 'DELETED', 'EXPIRED', 'REJECTD', 'ENROUTE', 'ACCEPTD', 'UNKNOWN', 'WHATEVER'].map(statOutcome))
      .toEqual(['delivered', 'undelivered', 'undelivered', 'expired', 'rejected', null, null, null, null]);
  });

  it('a receipt names its part by receipted_message_id, or by the id in its text', async () => {
    const r = reader();
    const text = 'id:abc123 sub:001 dlvrd:001 submit date:2601011200 done date:2601011201 stat:DELIVRD err:000 text:hi';
    await readDeliver({ esm_class: 0x04, receipted_message_id: 'ref-1', short_message: { message: text } } as unknown as PDU, r.reports);
    await readDeliver({ esm_class: 0x04, short_message: { message: text.replace('DELIVRD', 'UNDELIV') } } as unknown as PDU, r.reports);
    expect(r.receipts.map(({ ref, outcome }) => ({ ref, outcome }))).toEqual([{ ref: 'ref-1', outcome: 'delivered' }, { ref: 'abc123', outcome: 'undelivered' }]);
    expect(r.inbound).toEqual([]);
  });

  it('an SMS from a phone to one of our numbers is inbound, its text cut at 2,000 characters', async () => {
    const r = reader();
    await readDeliver({ esm_class: 0, source_addr: '4790000001', destination_addr: '4790000002', short_message: { message: 'x'.repeat(3000) } } as unknown as PDU, r.reports);
    expect(r.inbound).toEqual([{ from: '+4790000001', to: '+4790000002', text: 'x'.repeat(2000) }]);
  });

  it('drops what a peer sends that is neither: a receipt without id or stat, a destination that is no number, no text at all', async () => {
    const r = reader();
    await readDeliver({ esm_class: 0x04, short_message: { message: 'stat:DELIVRD' } } as unknown as PDU, r.reports);
    await readDeliver({ esm_class: 0x04, receipted_message_id: 'x', short_message: 'no fields here' } as unknown as PDU, r.reports);
    await readDeliver({ esm_class: 0, source_addr: '1', destination_addr: '12; drop table', short_message: { message: 'hi' } } as unknown as PDU, r.reports);
    await readDeliver({ esm_class: 0, destination_addr: '4790000002', short_message: null } as unknown as PDU, r.reports);
    expect(r.receipts).toEqual([]);
    expect(r.inbound).toEqual([{ from: '+', to: '+4790000002', text: '' }]);
  });
});
