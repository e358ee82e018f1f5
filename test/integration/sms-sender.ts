import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { admin, bearer, call, type TestCompany } from './api-harness.js';

/** A profile with SMS switched on and `from` as its number: what every SMS test sends from. */
export async function smsSender(app: FastifyInstance, company: TestCompany, from: string, name = 'Shop'): Promise<{ id: string; slug: string }> {
  const slug = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}`;
  const profile = await call(app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.liveKey), payload: { name, slug, services: { sms: true } } });
  expect(profile.statusCode).toBe(201);
  const number = await call(app, { method: 'POST', url: '/admin/v1/numbers', headers: admin(), payload: { number: from, companyId: company.id, profileId: profile.data.id } });
  expect(number.statusCode).toBe(201);
  return { id: profile.data.id as string, slug };
}
