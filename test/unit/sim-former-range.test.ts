import { describe, expect, it } from 'vitest';
import { SimNetwork } from '../../media/sim/sim-network.js';
import { directoryEntry } from '../../carriers/sms/sms-directory.js';
import { BUILT_IN_PHONES } from '../../protocol/media/sim-directory.js';

// The simulated network moved from +44 7700 900xxx to +44 20 7946 0xxx; scripts and test suites written
// against the old range keep reaching the same phones with test keys.
describe("the simulated network's former range", () => {
  it('reaches the same built-in phone, last digits kept', () => {
    const net = new SimNetwork();
    const echo = BUILT_IN_PHONES.find(([n]) => n === '+442079460008')![1];
    expect(net.dial('+447700900008')).toEqual({ kind: 'phone', script: echo });
    expect(net.dial('+447700900999')).toEqual({ kind: 'notInService' });
    expect(net.dial('+4477009000081')).toEqual({ kind: 'notOnNetwork' });
  });

  it('a phone defined at a former-range number answers there, before the built-in one', () => {
    const net = new SimNetwork();
    net.defineSimPhone('+447700900008', [{ step: 'busy' }]);
    expect(net.dial('+447700900008')).toEqual({ kind: 'phone', script: [{ step: 'busy' }] });
  });

  it("follows the SMS directory's behaviours", () => {
    expect(directoryEntry('+447700900102')).toEqual(directoryEntry('+442079460102'));
    expect(directoryEntry('+447700900102').receipt).toMatchObject({ stat: 'UNDELIV' });
    expect(directoryEntry('+447700900500')).toMatchObject({ submit: 'accept', receipt: { stat: 'DELIVRD' } });
    expect(directoryEntry('+12025550102')).toEqual(directoryEntry('+442079460102'));
    expect(directoryEntry('+4712345678')).toMatchObject({ submit: 'invalid_destination' });
  });
});
