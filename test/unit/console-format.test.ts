import { describe, expect, it } from 'vitest';
import { fromOsloInput, kroner, osloInput } from '../../web/console/src/format.js';

describe("the console's Norwegian formats", () => {
  it('reads a datetime-local value as Oslo time, summer (UTC+2) and winter (UTC+1), and writes one back', () => {
    expect(fromOsloInput('2026-07-01T12:00')).toBe('2026-07-01T10:00:00.000Z');
    expect(fromOsloInput('2026-11-28T19:00')).toBe('2026-11-28T18:00:00.000Z');
    // The night summer time ends (25 October 2026): 01:30 is still summer time, 03:30 winter time.
    expect(fromOsloInput('2026-10-25T01:30')).toBe('2026-10-24T23:30:00.000Z');
    expect(fromOsloInput('2026-10-25T03:30')).toBe('2026-10-25T02:30:00.000Z');
    expect(osloInput(Date.parse('2026-07-01T10:00:00Z'))).toBe('2026-07-01T12:00');
    expect(osloInput(Date.parse('2026-11-28T23:30:00Z'))).toBe('2026-11-29T00:30');
  });

  it('writes money as Norwegian kroner', () => {
    expect(kroner(123450)).toBe('kr 1 234,50');
    expect(kroner(-5)).toBe('−kr 0,05');
  });
});
