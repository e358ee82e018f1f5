/**
 * Money under concurrent sends (fast-check): 50 live SMS at once from two profiles, one with a monthly limit,
 * over SMPP to the simulated SMSC (in this process, real TCP). What the balance lost equals the sum of the
 * priceOre of the messages the SMSC took, to the øre; each message's terminal sms.status carries what the ledger
 * drew for it; nothing stays reserved; the limited profile stops at its limit (402 profile_limit_reached)
 * while the other goes on.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { smsSender } from './sms-sender.js';
import { ownDatabase } from '../support/services.js';
import { startMessaging, type Messaging } from '../../control/messaging/outbox/messaging-role.js';
import { startSmscSim, type SmscSim } from '../../carriers/sms/smsc-sim.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { eventually } from '../support/eventually.js';
import { capturedByReference, lastStatusPrices } from '../support/ledger-draws.js';

let sim: SmscSim;
let api: ApiHarness;
let database: Awaited<ReturnType<typeof ownDatabase>>;
let messaging: Messaging;
let company: TestCompany;
const profiles: { id: string; slug: string; from: string }[] = [];

beforeAll(async () => {
  sim = await startSmscSim({ host: '127.0.0.1', port: 0, systemId: 'money', password: 'money123' });
  database = await ownDatabase('sms_money');
  api = await startApi({ clock: realClock, sql: database.sql, env: { SENTRAL_SMPP_HOST: '127.0.0.1', SENTRAL_SMPP_PORT: String(sim.port), SENTRAL_SMPP_SYSTEM_ID: 'money', SENTRAL_SMPP_PASSWORD: 'money123' } });
  company = await createTestCompany(api.app, 10_000_000);
  for (const [i, from] of ['+4790000401', '+4790000402'].entries()) {
    profiles.push({ ...(await smsSender(api.app, company, from, `P${i}`)), from });
  }
  messaging = await startMessaging(api.services, { pollIntervalMs: 200 });
}, 60_000);
afterAll(async () => {
  await messaging?.stop();
  await api?.close();
  await database?.drop();
  await sim?.stop();
});

// Throttling (+442079460105) is the SMPP test's: here it would only add its one-second pauses.
const TO = ['+4791000001', '+442079460101', '+442079460102', '+442079460104'];
const TEXT = fc.oneof(fc.constantFrom('a', 'ø'.repeat(161), '€'.repeat(81), '😀 hei', 'x'.repeat(400)), fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== '' && !s.includes('\u0000')));

async function balance(): Promise<number> {
  return Number((await api.sql<{ b: number }[]>`select balance_ore as b from companies where id = ${company.id}`)[0]!.b);
}

it('draws exactly the priceOre of what the SMSC took, and stops only the profile at its limit', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ profile: fc.constantFrom(0, 1), to: fc.constantFrom(...TO), text: TEXT }), { minLength: 50, maxLength: 50 }),
      fc.integer({ min: 0, max: 1500 }),
      async (sends, limitOre) => {
        // Profile 0 gets a fresh limit of what it has captured this month so far plus limitOre.
        const [{ used } = { used: 0 }] = await api.sql<{ used: number }[]>`
          select coalesce(sum(amount_ore), 0)::bigint as used from ledger_entries where profile_id = ${profiles[0]!.id} and kind = 'capture'`;
        await call(api.app, { method: 'PUT', url: `/v1/profiles/${profiles[0]!.slug}/limit`, headers: bearer(company.liveKey), payload: { limitOre: Number(used) + limitOre } });
        const before = await balance();
        const answers = await Promise.all(sends.map((s) => call(api.app, {
          method: 'POST', url: '/v1/sms', headers: bearer(company.liveKey, { 'idempotency-key': randomUUID() }),
          payload: { profileId: profiles[s.profile]!.id, from: profiles[s.profile]!.from, to: s.to, text: s.text },
        })));
        for (const [i, a] of answers.entries()) {
          if (a.statusCode === 201) continue;
          // Only units over 10 or the limited profile's limit may refuse a send.
          expect([a.data.error.code, sends[i]!.profile], a.body).toSatisfy(([code, p]: [string, number]) => code === 'too_many_units' || (code === 'profile_limit_reached' && p === 0));
        }
        const ids = answers.filter((a) => a.statusCode === 201).map((a) => a.data.id as string);
        await eventually(async () => {
          const [{ open } = { open: 1 }] = await api.sql<{ open: number }[]>`
            select count(*)::int as open from messages where id = any(${api.sql.array(ids)}::text[]) and state in ('scheduled', 'accepted', 'sending')`;
          return open === 0;
        }, 20_000);
        const rows = await api.sql<{ state: string; price_ore: number; profile_id: string }[]>`
          select state, price_ore, profile_id from messages where id = any(${api.sql.array(ids)}::text[])`;
        const taken = rows.filter((r) => ['sent', 'delivered', 'undelivered', 'expired'].includes(r.state));
        const drawn = taken.reduce((sum, r) => sum + Number(r.price_ore), 0);
        expect(before - (await balance())).toBe(drawn);
        const [{ held } = { held: 1 }] = await api.sql<{ held: number }[]>`
          select count(*)::int as held from reservations r join messages m on m.reservation_id = r.id where m.id = any(${api.sql.array(ids)}::text[]) and r.state = 'open'`;
        expect(held).toBe(0);
        const drawnByLimited = taken.filter((r) => r.profile_id === profiles[0]!.id).reduce((sum, r) => sum + Number(r.price_ore), 0);
        expect(drawnByLimited).toBeLessThanOrEqual(limitOre);
        // Each message's last sms.status says what the ledger drew for it, to the øre (0 for one the SMSC refused).
        const captured = await capturedByReference(api.sql, ids);
        const last = await lastStatusPrices(api.sql, 'sms.status', ids);
        for (const id of ids) expect([id, last.get(id)]).toEqual([id, captured.get(id)]);
      },
    ),
    { numRuns: 3 },
  );
}, 120_000);
