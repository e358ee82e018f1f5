import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import type { Services } from '../../../shared/services/services.js';
import { idempotentId } from '../../accounts/principal.js';
import { wakeDispatcher } from '../../events/event-log.js';
import { messageChannels, type ChannelRegistry } from '../../messaging/channels/channel-registry.js';
import { acceptSends } from '../../messaging/message-accept.js';
import type { MessageChannel, MessageSend } from '../../messaging/message-channel.js';
import { cancelMessage } from '../../messaging/message-moves.js';
import { getMessage, listMessages } from '../../messaging/message-reads.js';
import { sendBatcher } from '../../messaging/send-batcher.js';
import { keyPrincipal } from '../route-config.js';

/**
 * The routes every message channel has, made from its definition (docs/messaging.md): send one (stored
 * with its reservation before the 201, then sent by the messaging role's outbox; the id derives from the
 * Idempotency-Key, so a retry names the same message and never sends twice), list, read, and cancel a
 * scheduled one when the channel has cancel. A channel's other routes (batches, quotes) are its own files.
 */
export const messageChannelRoutes: FastifyPluginAsyncTypebox<{ services: Services; registry?: ChannelRegistry }> = async (app, { services, registry }) => {
  for (const channel of (registry ?? messageChannels).channels.values()) channelRoutes(app, services, channel);
};

function channelRoutes(app: Parameters<FastifyPluginAsyncTypebox>[0], services: Services, channel: MessageChannel): void {
  const { sql, clock } = services;
  const { path, tag, scopes, prices, schemas, operations, bodyLimit } = channel.api;
  const tags = [tag];
  const params = Type.Object({ id: IdParam });
  // Concurrent sends share a transaction, set-based (one lookup of each kind for the batch, one commit).
  const sends = sendBatcher<MessageSend>(services, (batch) => sql.begin((tx) => acceptSends(tx, clock, channel, batch)));

  app.post(`/v1/${path}`, {
    ...(bodyLimit === undefined ? {} : { bodyLimit }),
    schema: { ...operations.send, tags, body: schemas.create, response: { 201: schemas.one } },
    config: { scope: scopes.send, idempotency: 'required', prices },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const id = idempotentId(channel.names.idPrefix, caller, request.idempotencyKey!);
    const row = await sends.submit({ caller, id, body: request.body });
    return reply.code(201).header('location', `/v1/${path}/${row.id}`).send(channel.view(row));
  });

  app.get(`/v1/${path}`, {
    schema: { ...operations.list, tags, querystring: schemas.listQuery, response: { 200: schemas.list } },
    config: { scope: scopes.read },
  }, async (request) => listMessages(sql, keyPrincipal(request), channel.name, channel.api.filters(request.query as Record<string, unknown>), (row) => channel.view(row) as { id: string }));

  app.get(`/v1/${path}/:id`, {
    schema: { ...operations.get, tags, params, response: { 200: schemas.one } },
    config: { scope: scopes.read },
  }, async (request) => channel.view(await getMessage(sql, keyPrincipal(request), channel.name, request.params.id)));

  if (operations.cancel === undefined) return;
  app.post(`/v1/${path}/:id/cancel`, {
    schema: { ...operations.cancel, tags, params, response: { 200: schemas.one } },
    config: { scope: scopes.send, idempotency: 'optional' },
  }, async (request) => {
    const row = await cancelMessage(sql, clock, channel, keyPrincipal(request), request.params.id);
    await wakeDispatcher(services.bus).catch(() => undefined);
    return channel.view(row);
  });
}
