import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../../shared/services/services.js';
import { NumberCreate, NumberUpdate, PhoneNumberRecord } from '../../../protocol/api/admin.js';
import { IdParam } from '../../../protocol/api/common.js';
import { getNumber, listNumbers, provisionNumber, updateNumber } from '../../numbers/numbers.js';
import { InventoryAdd, InventoryAdded } from '../../../protocol/api/numbers.js';
import { addInventory } from '../../numbers/number-rental.js';

/** Admin API for operators (admin token): the inventory customers rent from; provision numbers to profiles, read and change them. */
export const adminNumberRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['admin'];
  const params = Type.Object({ id: IdParam });

  app.post('/admin/v1/numbers', {
    schema: { tags, summary: 'Provision a phone number to a profile', body: NumberCreate, response: { 201: PhoneNumberRecord } },
    config: { auth: 'admin', idempotency: 'optional' },
  }, async (request, reply) => reply.code(201).send(await provisionNumber(sql, clock, request.body)));

  app.get('/admin/v1/numbers', {
    schema: {
      tags,
      summary: 'List numbers, optionally of one company',
      querystring: Type.Object({ companyId: Type.Optional(IdParam) }, { additionalProperties: false }),
      response: { 200: Type.Object({ object: Type.Literal('list'), data: Type.Array(PhoneNumberRecord) }) },
    },
    config: { auth: 'admin' },
  }, async (request) => ({ object: 'list' as const, data: await listNumbers(sql, request.query.companyId) }));

  app.get('/admin/v1/numbers/:id', {
    schema: { tags, summary: 'Read a number', params, response: { 200: PhoneNumberRecord } },
    config: { auth: 'admin' },
  }, async (request) => getNumber(sql, request.params.id));

  app.patch('/admin/v1/numbers/:id', {
    schema: { tags, summary: 'Change a number (profile, inbound mode, decision window, routing, salesperson, status)', params, body: NumberUpdate, response: { 200: PhoneNumberRecord } },
    config: { auth: 'admin', idempotency: 'optional' },
  }, async (request) => sql.begin((tx) => updateNumber(tx, request.params.id, request.body)));

  app.post('/admin/v1/available-numbers', {
    schema: { tags, summary: 'Add numbers to the inventory customers rent from (a number already there is left as it is)', body: InventoryAdd, response: { 200: InventoryAdded } },
    config: { auth: 'admin', idempotency: 'optional' },
  }, async (request) => ({ object: 'inventory_load' as const, ...(await addInventory(sql, clock, request.body)) }));
};
