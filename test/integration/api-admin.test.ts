import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { runAdminCommand } from '../../control/cli/admin-command.js';
import { bootstrapStandalone } from '../../control/app/bootstrap.js';
import { verifyAdminToken } from '../../control/accounts/admin-token.js';
import { loadConfig } from '../../shared/config/config.js';
import { openDatabase } from '../../shared/db/database.js';
import { createLogger } from '../../shared/log/log.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import type { Bus } from '../../shared/bus/bus.js';
import { freshDatabase } from '../support/services.js';
import { TEST_ADMIN_TOKEN, admin, bearer, call, createTestCompany, migrateApi, startApi, type ApiHarness } from './api-harness.js';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h.close());

describe('admin API', () => {
  it('refuses a missing or wrong admin token', async () => {
    expect((await call(h.app, { method: 'GET', url: '/admin/v1/companies' })).statusCode).toBe(401);
    expect((await call(h.app, { method: 'GET', url: '/admin/v1/companies', headers: admin('sat_wrongwrongwrongwrongwrong') })).statusCode).toBe(401);
  });

  it('creates a company with two working company keys holding every scope', async () => {
    const res = await call(h.app, { method: 'POST', url: '/admin/v1/companies', headers: admin(), payload: { name: 'Nordlys', balanceOre: 50_000 } });
    expect(res.statusCode).toBe(201);
    expect(res.data).toMatchObject({ id: expect.stringMatching(/^co_/), balanceOre: 50_000, liveKey: expect.stringMatching(/^sk_live_/), testKey: expect.stringMatching(/^sk_test_/) });
    expect(res.headers['cache-control']).toBe('no-store');
    const list = await call(h.app, { method: 'GET', url: '/v1/api-keys', headers: bearer(res.data.liveKey) });
    expect(list.data.data[0].scopes.length).toBeGreaterThan(10);
    expect(JSON.stringify(list.data)).not.toContain(res.data.liveKey);
  });

  it('tops up a balance with a ledger entry and reads a price list with overrides', async () => {
    const co = await createTestCompany(h.app, 100);
    const top = await call(h.app, { method: 'POST', url: `/admin/v1/companies/${co.id}/top-ups`, headers: admin(), payload: { amountOre: 900, reference: 'invoice 7' } });
    expect(top.data).toMatchObject({ balanceOre: 1000, amountOre: 900 });
    const [entry] = await h.sql`select kind, amount_ore from ledger_entries where id = ${top.data.entryId}`;
    expect(entry).toMatchObject({ kind: 'top_up', amount_ore: 900 });
    const prices = await call(h.app, { method: 'GET', url: `/admin/v1/companies/${co.id}/prices`, headers: admin() });
    expect(prices.data).toMatchObject({ phoneMinuteOre: 25, inboundMinuteOre: 15, smsUnitOre: 75, emailOre: 1, letterOre: 500, phoneNumberMonthOre: 5900, smsNumberMonthOre: 49_000 });
    const changed = await call(h.app, { method: 'PUT', url: `/admin/v1/companies/${co.id}/prices`, headers: admin(), payload: { phoneMinuteOre: 20 } });
    expect(changed.data.phoneMinuteOre).toBe(20);
    const back = await call(h.app, { method: 'PUT', url: `/admin/v1/companies/${co.id}/prices`, headers: admin(), payload: { phoneMinuteOre: null } });
    expect(back.data.phoneMinuteOre).toBe(25);
    const unknown = await call(h.app, { method: 'PUT', url: `/admin/v1/companies/${co.id}/prices`, headers: admin(), payload: { goldOre: 1 } });
    expect(unknown.statusCode).toBe(400);
    const missing = await call(h.app, { method: 'POST', url: '/admin/v1/companies/co_nothere/top-ups', headers: admin(), payload: { amountOre: 1 } });
    expect(missing.statusCode).toBe(404);
  });

  it('provisions a number to a profile, reads and changes it', async () => {
    const co = await createTestCompany(h.app);
    const p = (await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'Sales', slug: 'sales' } })).data;
    const number = `+4791${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const created = await call(h.app, {
      method: 'POST', url: '/admin/v1/numbers', headers: admin(),
      payload: { number, companyId: co.id, profileId: p.id, inboundMode: 'api', decideWithinSeconds: 15, routing: { type: 'forward', to: '+4722000000' }, assignedTo: 'seller-9' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.data).toMatchObject({ number, inboundMode: 'api', decideWithinSeconds: 15, assignedTo: 'seller-9', routing: { type: 'forward', to: '+4722000000' } });
    const twice = await call(h.app, { method: 'POST', url: '/admin/v1/numbers', headers: admin(), payload: { number, companyId: co.id, profileId: p.id } });
    expect(twice.data.error.code).toBe('number_taken');
    const changed = await call(h.app, { method: 'PATCH', url: `/admin/v1/numbers/${created.data.id}`, headers: admin(), payload: { inboundMode: 'routing', routing: null, assignedTo: null } });
    expect(changed.data).toMatchObject({ inboundMode: 'routing', routing: null, assignedTo: null, decideWithinSeconds: 15 });
    const read = await call(h.app, { method: 'GET', url: `/admin/v1/numbers/${created.data.id}`, headers: admin() });
    expect(read.data.inboundMode).toBe('routing');
    const list = await call(h.app, { method: 'GET', url: `/admin/v1/numbers?companyId=${co.id}`, headers: admin() });
    expect(list.data.data).toHaveLength(1);
    const badNumber = await call(h.app, { method: 'POST', url: '/admin/v1/numbers', headers: admin(), payload: { number: '12345', companyId: co.id, profileId: p.id } });
    expect(badNumber.data.error.param).toBe('number');
  });
});

describe('sentral admin CLI', () => {
  it('creates a company, tops it up and reads it over HTTP', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const env = { SENTRAL_ADMIN_URL: url, SENTRAL_ADMIN_TOKEN: TEST_ADMIN_TOKEN };
    let out = '';
    let err = '';
    const io = { stdout: (t: string) => void (out += t), stderr: (t: string) => void (err += t) };
    expect(await runAdminCommand(['company', 'create', '--name', 'Cli AS', '--balance-ore', '100000', '--json'], env, io)).toBe(0);
    const company = JSON.parse(out);
    expect(company).toMatchObject({ name: 'Cli AS', balanceOre: 100_000, liveKey: expect.stringMatching(/^sk_live_/) });
    out = '';
    expect(await runAdminCommand(['company', 'top-up', company.id, '--amount-ore', '500'], env, io)).toBe(0);
    expect(out).toContain('balance 100500');
    expect(await runAdminCommand(['company', 'get', 'co_missing'], env, io)).toBe(1);
    expect(err).toContain('not_found');
    expect(await runAdminCommand(['company', 'create'], env, io)).toBe(2);
    expect(await runAdminCommand(['company', 'list'], { SENTRAL_ADMIN_URL: url, SENTRAL_ADMIN_TOKEN: 'sat_wrongwrongwrongwrong' }, io)).toBe(1);
    expect(await runAdminCommand(['company', 'list'], { SENTRAL_ADMIN_URL: url }, io)).toBe(2);
  });
});

describe('bootstrapStandalone', () => {
  it('creates the admin token and a demo company on first start only', async () => {
    const db = await freshDatabase();
    const sql = openDatabase({ url: db.url, max: 4 });
    try {
      await migrateApi(sql);
      const clock = new ManualClock();
      const services = {
        config: loadConfig({}), clock, log: createLogger({ level: 'silent' }), sql,
        bus: {} as Bus, hot: createMemoryStore({ clock }), metrics: new Registry(),
      };
      const first = await bootstrapStandalone(services);
      expect(first.adminToken).toMatch(/^sat_/);
      expect(first.demo).toMatchObject({ liveKey: expect.stringMatching(/^sk_live_/), testKey: expect.stringMatching(/^sk_test_/) });
      expect(await verifyAdminToken(sql, services.config, first.adminToken!)).toBe(true);
      const [stored] = await sql`select value from system_settings where key = 'admin_token_sha256'`;
      expect(stored!.value).not.toContain(first.adminToken!.slice(4));
      expect(await bootstrapStandalone(services)).toEqual({});
      const [{ n } = { n: -1 }] = await sql<{ n: number }[]>`select count(*)::int as n from companies`;
      expect(n).toBe(1);
    } finally {
      await sql.end();
      await db.drop();
    }
  });
});
