import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { retryThroughOutage } from '../../shared/work/outage-retry.js';

const away = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('retryThroughOutage', () => {
  it('tries again while the database is away, waiting 100 ms doubling, and returns what the first success gives', async () => {
    const clock = new ManualClock();
    const tries: number[] = [];
    const done = retryThroughOutage(clock, clock.now() + 10_000, async () => {
      tries.push(clock.now());
      if (tries.length < 4) throw away();
      return 'recorded';
    });
    for (let i = 0; i < 3; i++) await clock.advance(1_000);
    await expect(done).resolves.toBe('recorded');
    expect(tries.map((t) => t - tries[0]!)).toEqual([0, 100, 300, 700]);
  });

  it('throws at once what is no outage, and the outage itself once the deadline would pass', async () => {
    const clock = new ManualClock();
    await expect(retryThroughOutage(clock, clock.now() + 10_000, async () => Promise.reject(new Error('bad data')))).rejects.toThrow('bad data');
    let tries = 0;
    const late = retryThroughOutage(clock, clock.now() + 250, async () => {
      tries++;
      throw away();
    });
    const settled = late.catch((err: unknown) => err);
    await clock.advance(1_000);
    expect(await settled).toMatchObject({ code: 'ECONNREFUSED' });
    expect(tries).toBe(2);
  });
});
