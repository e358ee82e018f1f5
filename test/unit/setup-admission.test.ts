import { describe, expect, it } from 'vitest';
import { SetupAdmission } from '../../control/calls/requests/setup-admission.js';

/** A setup that runs until `finish()`. */
function pending(): { promise: Promise<string>; finish(): void } {
  let finish!: () => void;
  const promise = new Promise<string>((resolve) => (finish = () => resolve('done')));
  return { promise, finish };
}

const refusal = (p: Promise<unknown>) => p.then(() => null, (err: { code?: string; status?: number; retryAfterSeconds?: number }) => err);

describe('setup admission', () => {
  it('beyond its bound a setup is refused 503 overloaded with Retry-After at once, and admitted again once one ends', async () => {
    const admission = new SetupAdmission(3, 3);
    const running = [pending(), pending(), pending()];
    const admitted = running.map((r, i) => admission.run(`co_${i}`, () => r.promise));
    expect(await refusal(admission.run('co_9', async () => 'x'))).toMatchObject({ code: 'overloaded', status: 503, retryAfterSeconds: 1 });
    running[0]!.finish();
    await admitted[0];
    expect(await admission.run('co_9', async () => 'x')).toBe('x');
    for (const r of running) r.finish();
    await Promise.all(admitted);
  });

  it("one company's burst takes at most its share: another company's call still gets in", async () => {
    const admission = new SetupAdmission(4, 2);
    const burst = Array.from({ length: 5 }, () => pending());
    const outcomes = burst.map((b) => refusal(admission.run('co_busy', () => b.promise)));
    expect(await admission.run('co_other', async () => 'in')).toBe('in');
    for (const b of burst) b.finish();
    const refused = (await Promise.all(outcomes)).filter((o) => o !== null);
    expect(refused).toHaveLength(3);
    expect(refused[0]).toMatchObject({ code: 'overloaded' });
  });

  it('a setup that fails gives its slot back', async () => {
    const admission = new SetupAdmission(1, 1);
    await expect(admission.run('co_a', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await admission.run('co_a', async () => 'again')).toBe('again');
  });
});
