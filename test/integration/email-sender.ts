import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { DnsTable } from '../support/dns-table.js';
import { bearer, call, type TestCompany } from './api-harness.js';

/** A profile with email switched on and `domain` as its verified sender domain (its records published in `resolver`). */
export async function emailSender(app: FastifyInstance, company: TestCompany, resolver: DnsTable, domain: string, name = 'Shop'): Promise<{ id: string; slug: string }> {
  const slug = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}`;
  const profile = await call(app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.liveKey), payload: { name, slug, services: { email: true } } });
  expect(profile.statusCode).toBe(201);
  const created = await call(app, { method: 'POST', url: `/v1/profiles/${slug}/email-domains`, headers: bearer(company.liveKey), payload: { domain } });
  resolver.publish(created.data.records);
  const verified = await call(app, { method: 'POST', url: `/v1/profiles/${slug}/email-domains/${domain}/verify`, headers: bearer(company.liveKey) });
  expect(verified.data.state).toBe('verified');
  return { id: profile.data.id as string, slug };
}
