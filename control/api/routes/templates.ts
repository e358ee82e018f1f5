import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../../shared/services/services.js';
import { IdParam } from '../../../protocol/api/common.js';
import {
  MessageTemplate,
  TemplateCreate,
  TemplateDeleted,
  TemplatePage,
  TemplatePageQuery,
  TemplatePreview,
  TemplatePreviewRequest,
  TemplateUpdate,
} from '../../../protocol/messaging/template.js';
import { createTemplate, deleteTemplate, findTemplate, listTemplates, templateView, updateTemplate } from '../../messaging/templates/templates.js';
import { previewTemplate } from '../../messaging/templates/template-preview.js';
import { messageChannels } from '../../messaging/channels/channel-registry.js';
import { keyPrincipal } from '../route-config.js';

/** Message templates of a profile per channel (Liquid), checked when saved (docs/campaigns.md). */
export const templateRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['templates'];
  const params = Type.Object({ id: IdParam });
  // A template's parts and price are its channel's rules.
  const rulesFor = (channel: string) => messageChannels.get(channel).template;

  app.post('/v1/templates', {
    schema: { tags, summary: 'Create a template (Liquid) for sms, email or letter; a syntax error names the line', body: TemplateCreate, response: { 201: MessageTemplate } },
    config: { scope: 'templates:write', idempotency: 'optional' },
  }, async (request, reply) => reply.code(201).send(await createTemplate(sql, clock, keyPrincipal(request), request.body, rulesFor)));

  app.get('/v1/templates', {
    schema: { tags, summary: 'List templates, oldest first', querystring: TemplatePageQuery, response: { 200: TemplatePage } },
    config: { scope: 'templates:read' },
  }, async (request) => listTemplates(sql, keyPrincipal(request), request.query));

  app.get('/v1/templates/:id', {
    schema: { tags, summary: 'Read a template', params, response: { 200: MessageTemplate } },
    config: { scope: 'templates:read' },
  }, async (request) => templateView(await findTemplate(sql, keyPrincipal(request), request.params.id)));

  app.patch('/v1/templates/:id', {
    schema: { tags, summary: "Change a template's name or parts", params, body: TemplateUpdate, response: { 200: MessageTemplate } },
    config: { scope: 'templates:write', idempotency: 'optional' },
  }, async (request) => updateTemplate(sql, clock, keyPrincipal(request), request.params.id, request.body, rulesFor));

  app.delete('/v1/templates/:id', {
    schema: { tags, summary: 'Delete a template', params, response: { 200: TemplateDeleted } },
    config: { scope: 'templates:write', idempotency: 'optional' },
  }, async (request) => deleteTemplate(sql, keyPrincipal(request), request.params.id));

  app.post('/v1/templates/:id/preview', {
    schema: {
      tags,
      summary: 'Render a template for a contact or sample data: the text, and for SMS its encoding, units and price',
      params,
      body: TemplatePreviewRequest,
      response: { 200: TemplatePreview },
    },
    config: { scope: 'templates:write' },
  }, async (request) => previewTemplate(sql, keyPrincipal(request), request.params.id, request.body, rulesFor));
};
