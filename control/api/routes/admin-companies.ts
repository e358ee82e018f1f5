import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../../shared/services/services.js';
import { Company, CompanyCreate, CompanyCreated, PriceList, PriceListUpdate, TopUpAnswer, TopUpCreate } from '../../../protocol/api/admin.js';
import { IdParam } from '../../../protocol/api/common.js';
import { createCompany, getCompany, listCompanies } from '../../accounts/companies.js';
import { topUp } from '../../billing/ledger.js';
import { priceListFor, updatePriceList } from '../../billing/price-list.js';
import { retrySuspendedNumbers, wakeRentRunner } from '../../numbers/number-rent.js';

/** Admin API for operators (admin token): companies with their first keys, top-ups and price lists. */
export const adminCompanyRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['admin'];
  const config = { auth: 'admin' as const, idempotency: 'optional' as const };
  const params = Type.Object({ id: IdParam });

  app.post('/admin/v1/companies', {
    schema: { tags, summary: 'Create a company with a live and a test company key (shown once)', body: CompanyCreate, response: { 201: CompanyCreated } },
    config: { auth: 'admin', idempotency: 'unsupported' },
  }, async (request, reply) => {
    const created = await createCompany(sql, clock, request.body);
    return reply.code(201).header('cache-control', 'no-store').send({ ...created.company, liveKey: created.liveKey, testKey: created.testKey });
  });

  app.get('/admin/v1/companies', {
    schema: { tags, summary: 'List companies', response: { 200: Type.Object({ object: Type.Literal('list'), data: Type.Array(Company) }) } },
    config: { auth: 'admin' },
  }, async () => ({ object: 'list' as const, data: await listCompanies(sql) }));

  app.get('/admin/v1/companies/:id', {
    schema: { tags, summary: 'Read a company and its balance', params, response: { 200: Company } },
    config: { auth: 'admin' },
  }, async (request) => getCompany(sql, request.params.id));

  app.post('/admin/v1/companies/:id/top-ups', {
    schema: { tags, summary: 'Add money to a company balance (a ledger entry)', params, body: TopUpCreate, response: { 201: TopUpAnswer } },
    config,
  }, async (request, reply) => {
    const result = await sql.begin(async (tx) => {
      const added = await topUp(tx, clock, { companyId: request.params.id, amountOre: request.body.amountOre, ...(request.body.reference ? { reference: request.body.reference } : {}) });
      // Numbers suspended for want of money become due, so the rent runner tries them again.
      await retrySuspendedNumbers(tx, clock, request.params.id);
      return added;
    });
    await wakeRentRunner(services.bus).catch((err: unknown) => services.log.warn({ err }, 'could not wake the rent runner'));
    return reply.code(201).send({ object: 'top_up' as const, companyId: request.params.id, amountOre: request.body.amountOre, ...result });
  });

  app.get('/admin/v1/companies/:id/prices', {
    schema: { tags, summary: 'A company price list (defaults with its overrides)', params, response: { 200: PriceList } },
    config: { auth: 'admin' },
  }, async (request) => priceListFor(sql, request.params.id));

  app.put('/admin/v1/companies/:id/prices', {
    schema: { tags, summary: 'Override prices of a company (null returns a price to the default)', params, body: PriceListUpdate, response: { 200: PriceList } },
    config,
  }, async (request) => sql.begin((tx) => updatePriceList(tx, request.params.id, request.body)));
};
