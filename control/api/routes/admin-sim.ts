import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../../shared/services/services.js';
import { SimCallCreate, SimCallOffered, SimPhone, SimPhoneDefine, SimPhoneList } from '../../../protocol/api/admin-sim.js';
import { offerSimCall } from '../../sim/sim-calls.js';
import { checkScriptVoices } from '../voice-param.js';
import { defineSimPhone, listSimPhones } from '../../sim/sim-phones.js';

/**
 * Admin API of the simulated telephone network (admin token): script phones on every media node, list the
 * directory, and place an inbound call from a simulated phone to a provisioned number.
 */
export const adminSimRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, bus, clock } = services;
  const tags = ['admin'];

  app.post('/admin/v1/sim/phones', {
    schema: { tags, summary: 'Define (or redefine) a scripted phone on every media node', body: SimPhoneDefine, response: { 201: SimPhone } },
    config: { auth: 'admin', idempotency: 'optional' },
    preValidation: checkScriptVoices,
  }, async (request, reply) => reply.code(201).send(await defineSimPhone(bus, clock, request.body)));

  app.get('/admin/v1/sim/phones', {
    schema: { tags, summary: 'The simulated network\'s phones: the built-in directory and the defined ones', response: { 200: SimPhoneList } },
    config: { auth: 'admin' },
  }, async () => ({ object: 'list' as const, data: await listSimPhones(bus) }));

  app.post('/admin/v1/sim/calls', {
    schema: {
      tags,
      summary: 'A simulated phone (+442079460xxx) calls a provisioned number: the call is offered to the inbound-call handling',
      body: SimCallCreate,
      response: { 202: SimCallOffered },
    },
    config: { auth: 'admin', idempotency: 'optional' },
  }, async (request, reply) => reply.code(202).send(await offerSimCall(sql, bus, clock, request.body)));
};
