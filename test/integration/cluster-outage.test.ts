import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privateNats, privatePostgres, privateRedis, type PrivateService } from '../support/private-services.js';
import { runSentral, untilStatus, type SentralProcess } from '../support/sentral-process.js';

// Private PostgreSQL, NATS and Redis on free ports: stopping them cannot disturb other test files.
describe('cluster mode survives its backing services going away', () => {
  let pg: PrivateService;
  let nats: PrivateService;
  let redis: PrivateService;
  let api: SentralProcess;
  let readyz = '';

  beforeAll(async () => {
    [pg, nats, redis] = await Promise.all([privatePostgres(), privateNats(), privateRedis()]);
    api = runSentral(['api'], { DATABASE_URL: pg.url, NATS_URL: nats.url, REDIS_URL: redis.url, SENTRAL_ADMIN_TOKEN: 'outage-test-admin-token-0123' });
    readyz = `${await api.apiUrl}/readyz`;
    await untilStatus(readyz, 200, 20_000);
  }, 60_000);

  afterAll(async () => {
    await api?.stop('SIGTERM');
    await Promise.all([pg?.destroy(), nats?.destroy(), redis?.destroy()]);
  });

  for (const [part, service] of [
    ['bus', () => nats],
    ['hot_store', () => redis],
    ['database', () => pg],
  ] as const) {
    it(`/readyz turns 503 naming ${part} within 5 s of its outage and 200 after it returns`, async () => {
      await service().stop();
      const down = await untilStatus(readyz, 503, 5_000);
      expect((down.body as { failing: string[] }).failing).toContain(part);
      await service().start();
      await untilStatus(readyz, 200, 15_000);
      expect(api.child.exitCode).toBeNull();
    }, 30_000);
  }

  it('a request that needs the database answers 503 with Retry-After within 2 s while it is away, and 200 at once when it is back', async () => {
    const companies = `${await api.apiUrl}/admin/v1/companies`;
    const admin = { authorization: 'Bearer outage-test-admin-token-0123' };
    const timed = async (): Promise<{ ms: number; status: number; retryAfter: string | null }> => {
      const started = performance.now();
      const res = await fetch(companies, { headers: admin, signal: AbortSignal.timeout(10_000) });
      await res.arrayBuffer();
      return { ms: performance.now() - started, status: res.status, retryAfter: res.headers.get('retry-after') };
    };
    expect((await timed()).status).toBe(200);
    await pg.stop();
    for (const answer of await Promise.all(Array.from({ length: 20 }, timed))) {
      expect(answer).toMatchObject({ status: 503, retryAfter: '2' });
      expect(answer.ms).toBeLessThan(2_000);
    }
    await pg.start();
    // Before the pool's backoff was capped, these waited 10-20 s for connections that had failed meanwhile.
    for (const answer of await Promise.all(Array.from({ length: 20 }, timed))) {
      expect(answer.status).toBe(200);
      expect(answer.ms).toBeLessThan(2_000);
    }
  }, 30_000);

  it('the process never crashed and still shuts down cleanly', async () => {
    expect(api.child.exitCode).toBeNull();
    expect(await api.stop('SIGTERM')).toBe(0);
  });
});
