import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../../shared/services/services.js';
import { PhoneNumberRecord } from '../../../protocol/api/admin.js';
import { IdParam } from '../../../protocol/api/common.js';
import { AvailableNumberList, AvailableNumbersQuery, CustomerNumberUpdate, NumberList, NumberListQuery, NumberRent } from '../../../protocol/api/numbers.js';
import { wakeDispatcher } from '../../events/event-log.js';
import {
  availableNumbers, deleteCustomerNumber, getCustomerNumber, listCustomerNumbers, rentNumber, updateCustomerNumber,
} from '../../numbers/number-rental.js';
import { wakeRentRunner } from '../../numbers/number-rent.js';
import { keyPrincipal } from '../route-config.js';

/**
 * Numbers for customers: what can be rented, renting (the first month charged at once), listing,
 * configuring (inbound mode, decision window, routing, salesperson, SMS) and deleting.
 */
export const numberRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock, log } = services;
  const tags = ['numbers'];
  const params = Type.Object({ id: IdParam });
  const wake = () => wakeDispatcher(services.bus).catch((err: unknown) => log.warn({ err }, 'could not wake the webhook dispatcher'));

  app.get('/v1/available-numbers', {
    schema: { tags, summary: 'Numbers that can be rented, with their monthly rent (a test key: free test numbers)', querystring: AvailableNumbersQuery, response: { 200: AvailableNumberList } },
    config: { scope: 'numbers:read' },
  }, async (request) => ({ object: 'list' as const, data: await availableNumbers(sql, keyPrincipal(request), request.query) }));

  app.post('/v1/numbers', {
    schema: { tags, summary: 'Rent a number (a given one, or the first available of a type and prefix); the first month is charged at once (a test key rents a free test number)', body: NumberRent, response: { 201: PhoneNumberRecord } },
    config: { scope: 'numbers:write', idempotency: 'required', prices: ['phoneNumberMonthOre', 'smsNumberMonthOre'] },
  }, async (request, reply) => {
    const number = await rentNumber(sql, clock, keyPrincipal(request), request.body);
    await wake();
    // Its paid month may end before any other number's: the rent runners look again.
    await wakeRentRunner(services.bus).catch((err: unknown) => log.warn({ err }, 'could not wake the rent runner'));
    return reply.code(201).send(number);
  });

  app.get('/v1/numbers', {
    schema: { tags, summary: 'List numbers of the key\'s mode (a profile key: its profile\'s), oldest first', querystring: NumberListQuery, response: { 200: NumberList } },
    config: { scope: 'numbers:read' },
  }, async (request) => listCustomerNumbers(sql, keyPrincipal(request), request.query));

  app.get('/v1/numbers/:id', {
    schema: { tags, summary: 'Read a number', params, response: { 200: PhoneNumberRecord } },
    config: { scope: 'numbers:read' },
  }, async (request) => getCustomerNumber(sql, keyPrincipal(request), request.params.id));

  app.patch('/v1/numbers/:id', {
    schema: { tags, summary: 'Configure a number: inbound mode, decision window, routing, salesperson, SMS on or off', params, body: CustomerNumberUpdate, response: { 200: PhoneNumberRecord } },
    config: { scope: 'numbers:write', idempotency: 'optional' },
  }, async (request) => updateCustomerNumber(sql, keyPrincipal(request), request.params.id, request.body));

  app.delete('/v1/numbers/:id', {
    schema: { tags, summary: 'Delete a number: it is released at the end of its paid month', params, response: { 200: PhoneNumberRecord } },
    config: { scope: 'numbers:write', idempotency: 'optional' },
  }, async (request) => {
    const number = await deleteCustomerNumber(sql, clock, keyPrincipal(request), request.params.id);
    await wake();
    return number;
  });
};
