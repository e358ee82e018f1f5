import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../../shared/services/services.js';
import { IdParam } from '../../../protocol/api/common.js';
import {
  CONTACT_IMPORT_CONTENT_TYPES,
  Contact,
  ContactCreate,
  ContactDeleted,
  ContactImportQuery,
  ContactImportReport,
  ContactPage,
  ContactPageQuery,
  ContactUpdate,
} from '../../../protocol/messaging/contact.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { contactView, createContact, deleteContact, findContact, listContacts, updateContact } from '../../messaging/contacts/contacts.js';
import { importContacts } from '../../messaging/contacts/contact-import.js';
import { keyPrincipal } from '../route-config.js';

/**
 * The body of a CSV import, not read yet. The stream is not enumerable, so the shared hooks that walk a
 * body (the input guard, the idempotency fingerprint) see an empty object instead of a socket.
 */
class CsvUpload {
  declare readonly stream: Readable;

  constructor(stream: Readable) {
    Object.defineProperty(this, 'stream', { value: stream, enumerable: false });
  }
}

const NOT_CSV = 'Send the CSV file itself as the body with Content-Type text/csv.';

/**
 * Contacts of a profile: create, list (oldest first, cursor), read, change, delete, and import a CSV file
 * streamed (docs/campaigns.md). A profile key sees only its profile's contacts; a company key names the
 * profile when it creates one.
 */
export const contactRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['contacts'];
  const params = Type.Object({ id: IdParam });

  // In this plugin only: a CSV body is handed over unread, so an import streams through the parser.
  app.addContentTypeParser([...CONTACT_IMPORT_CONTENT_TYPES], (request, payload, done) => {
    if (request.url.split('?')[0] === '/v1/contacts/imports') done(null, new CsvUpload(payload as Readable));
    else done(new SentralError('unsupported_media_type'), undefined);
  });

  app.post('/v1/contacts', {
    schema: { tags, summary: 'Create a contact (phone, email or nationalId; name, attributes, externalRef)', body: ContactCreate, response: { 201: Contact } },
    config: { scope: 'contacts:write', idempotency: 'optional' },
  }, async (request, reply) => reply.code(201).send(await createContact(sql, clock, keyPrincipal(request), request.body)));

  app.get('/v1/contacts', {
    schema: { tags, summary: 'List contacts, oldest first (pass nextCursor as after)', querystring: ContactPageQuery, response: { 200: ContactPage } },
    config: { scope: 'contacts:read' },
  }, async (request) => listContacts(sql, keyPrincipal(request), request.query));

  app.get('/v1/contacts/:id', {
    schema: { tags, summary: 'Read a contact', params, response: { 200: Contact } },
    config: { scope: 'contacts:read' },
  }, async (request) => contactView(await findContact(sql, keyPrincipal(request), request.params.id)));

  app.patch('/v1/contacts/:id', {
    schema: { tags, summary: 'Change a contact (null clears a field)', params, body: ContactUpdate, response: { 200: Contact } },
    config: { scope: 'contacts:write', idempotency: 'optional' },
  }, async (request) => updateContact(sql, clock, keyPrincipal(request), request.params.id, request.body));

  app.delete('/v1/contacts/:id', {
    schema: { tags, summary: 'Delete a contact and its list memberships', params, response: { 200: ContactDeleted } },
    config: { scope: 'contacts:write', idempotency: 'optional' },
  }, async (request) => deleteContact(sql, keyPrincipal(request), request.params.id));

  app.post('/v1/contacts/imports', {
    schema: {
      tags,
      summary: 'Import contacts from a CSV file (raw body, text/csv, at most 100,000 rows and 64 MiB): a report of the rows refused and why',
      querystring: ContactImportQuery,
      // Documentation only: the parser above hands the stream over unread.
      body: Type.Unknown({ description: 'A CSV file: the first row names the columns (phone, email, nationalId, name, externalRef; others become attributes)' }),
      consumes: [...CONTACT_IMPORT_CONTENT_TYPES],
      response: { 200: ContactImportReport },
    },
    // The body is a stream: there is nothing to fingerprint, and a row with an externalRef updates its contact on a repeat.
    config: { scope: 'contacts:write', idempotency: 'unsupported' },
  }, async (request) => {
    const upload: unknown = request.body;
    if (!(upload instanceof CsvUpload)) throw new SentralError('unsupported_media_type', { message: NOT_CSV, param: 'Content-Type' });
    const caller = keyPrincipal(request);
    return sql.begin((tx) => importContacts(tx, clock, caller, request.query, upload.stream));
  });
};
