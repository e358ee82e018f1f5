import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../../shared/services/services.js';
import { IdParam } from '../../../protocol/api/common.js';
import {
  ContactList,
  ContactListCreate,
  ContactListDeleted,
  ContactListPage,
  ContactListPageQuery,
  ContactListUpdate,
  ContactPage,
  MemberPageQuery,
  MembershipChange,
  MembershipResult,
} from '../../../protocol/messaging/contact.js';
import { addMembers, createList, deleteList, getList, listLists, listMembers, removeMembers, updateList } from '../../messaging/contacts/contact-lists.js';
import { keyPrincipal } from '../route-config.js';

/** Contact lists of a profile (a campaign's audience) and their members, added and removed in bulk. */
export const contactListRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['contacts'];
  const params = Type.Object({ id: IdParam });

  app.post('/v1/contact-lists', {
    schema: { tags, summary: 'Create a contact list', body: ContactListCreate, response: { 201: ContactList } },
    config: { scope: 'contacts:write', idempotency: 'optional' },
  }, async (request, reply) => reply.code(201).send(await createList(sql, clock, keyPrincipal(request), request.body)));

  app.get('/v1/contact-lists', {
    schema: { tags, summary: 'List contact lists, oldest first', querystring: ContactListPageQuery, response: { 200: ContactListPage } },
    config: { scope: 'contacts:read' },
  }, async (request) => listLists(sql, keyPrincipal(request), request.query));

  app.get('/v1/contact-lists/:id', {
    schema: { tags, summary: 'Read a contact list and its member count', params, response: { 200: ContactList } },
    config: { scope: 'contacts:read' },
  }, async (request) => getList(sql, keyPrincipal(request), request.params.id));

  app.patch('/v1/contact-lists/:id', {
    schema: { tags, summary: 'Rename a contact list or change its description', params, body: ContactListUpdate, response: { 200: ContactList } },
    config: { scope: 'contacts:write', idempotency: 'optional' },
  }, async (request) => updateList(sql, clock, keyPrincipal(request), request.params.id, request.body));

  app.delete('/v1/contact-lists/:id', {
    schema: { tags, summary: 'Delete a contact list (its contacts stay)', params, response: { 200: ContactListDeleted } },
    config: { scope: 'contacts:write', idempotency: 'optional' },
  }, async (request) => deleteList(sql, keyPrincipal(request), request.params.id));

  app.get('/v1/contact-lists/:id/members', {
    schema: { tags, summary: "A list's contacts, oldest first", params, querystring: MemberPageQuery, response: { 200: ContactPage } },
    config: { scope: 'contacts:read' },
  }, async (request) => listMembers(sql, keyPrincipal(request), request.params.id, request.query));

  app.post('/v1/contact-lists/:id/members', {
    schema: { tags, summary: 'Add up to 1,000 contacts to a list (those already in it are left as they are)', params, body: MembershipChange, response: { 200: MembershipResult } },
    config: { scope: 'contacts:write', idempotency: 'optional' },
  }, async (request) => sql.begin((tx) => addMembers(tx, clock, keyPrincipal(request), request.params.id, request.body.contactIds)));

  app.post('/v1/contact-lists/:id/members/remove', {
    schema: { tags, summary: 'Remove up to 1,000 contacts from a list', params, body: MembershipChange, response: { 200: MembershipResult } },
    config: { scope: 'contacts:write', idempotency: 'optional' },
  }, async (request) => removeMembers(sql, keyPrincipal(request), request.params.id, request.body.contactIds));
};
