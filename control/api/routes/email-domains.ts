import { promises as dns } from 'node:dns';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { EmailDomain, EmailDomainCreate, EmailDomainList } from '../../../protocol/messaging/email.js';
import type { Services } from '../../../shared/services/services.js';
import type { DnsResolver } from '../../messaging/email/domain-records.js';
import { createEmailDomain, listEmailDomains, verifyEmailDomain } from '../../messaging/email/email-domains.js';
import { keyPrincipal } from '../route-config.js';

const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 64 }) });

/** Sender domains of a profile (docs/email.md): add one (a DKIM key and the records to publish), list, verify. */
export const emailDomainRoutes: FastifyPluginAsyncTypebox<{ services: Services; resolver?: DnsResolver }> = async (app, { services, resolver }) => {
  const { sql, clock, config } = services;
  const lookups: DnsResolver = resolver ?? dns;
  const tags = ['email'];

  app.post('/v1/profiles/:slug/email-domains', {
    schema: { operationId: 'createEmailDomain', tags, summary: 'Add a sender domain: a DKIM key pair is made and the DNS records to publish are answered', params: SlugParams, body: EmailDomainCreate, response: { 201: EmailDomain } },
    config: { scope: 'email:domains', idempotency: 'optional' },
  }, async (request, reply) => {
    const domain = await createEmailDomain(sql, clock, config.email, keyPrincipal(request), request.params.slug, request.body.domain);
    return reply.code(201).send(domain);
  });

  app.get('/v1/profiles/:slug/email-domains', {
    schema: { operationId: 'listEmailDomains', tags, summary: 'List the profile\'s sender domains with their records', params: SlugParams, response: { 200: EmailDomainList } },
    config: { scope: 'email:domains' },
  }, async (request) => ({ object: 'list' as const, data: await listEmailDomains(sql, config.email, keyPrincipal(request), request.params.slug) }));

  app.post('/v1/profiles/:slug/email-domains/:domain/verify', {
    schema: {
      operationId: 'verifyEmailDomain', tags, summary: 'Look the domain\'s records up in DNS; verified when all three are found',
      params: Type.Object({ slug: Type.String({ minLength: 1, maxLength: 64 }), domain: Type.String({ minLength: 3, maxLength: 253 }) }), response: { 200: EmailDomain },
    },
    config: { scope: 'email:domains', idempotency: 'optional' },
  }, async (request) => verifyEmailDomain(sql, clock, config.email, lookups, keyPrincipal(request), request.params.slug, request.params.domain));
};
