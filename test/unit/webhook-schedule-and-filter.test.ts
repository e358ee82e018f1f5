import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eventTypeMatches } from '../../control/events/event-log.js';
import { MAX_ATTEMPTS, RETRY_DELAYS_MS, nextRetryDelay } from '../../control/events/retry-schedule.js';

describe('retry schedule', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h and gives up after the 8th attempt', () => {
    expect(MAX_ATTEMPTS).toBe(8);
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => nextRetryDelay(n))).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(nextRetryDelay(8)).toBeNull();
    expect(nextRetryDelay(0)).toBeNull();
  });

  it('keeps jittered delays within the given fraction of the schedule', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.double({ min: 0, max: 0.9999, noNaN: true }), (n, random) => {
        const base = RETRY_DELAYS_MS[n - 1]!;
        const delay = nextRetryDelay(n, 0.2, random)!;
        expect(delay).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
        expect(delay).toBeLessThanOrEqual(Math.ceil(base * 1.2));
      }),
    );
  });
});

describe('event filter', () => {
  it('matches exact names, prefix wildcards at any depth, and *', () => {
    expect(eventTypeMatches(['call.ended'], 'call.ended')).toBe(true);
    expect(eventTypeMatches(['call.ended'], 'call.ended.x')).toBe(false);
    expect(eventTypeMatches(['call.*'], 'call.ended')).toBe(true);
    expect(eventTypeMatches(['call.*'], 'call.participant.joined')).toBe(true);
    expect(eventTypeMatches(['call.participant.*'], 'call.participant.left')).toBe(true);
    expect(eventTypeMatches(['call.participant.*'], 'call.ended')).toBe(false);
    expect(eventTypeMatches(['call.*'], 'callx.ended')).toBe(false);
    expect(eventTypeMatches(['call.*'], 'call')).toBe(false);
    expect(eventTypeMatches(['*'], 'sms.status')).toBe(true);
    expect(eventTypeMatches([], 'sms.status')).toBe(false);
    expect(eventTypeMatches(['sms.status', 'call.*'], 'sms.status')).toBe(true);
  });
});
