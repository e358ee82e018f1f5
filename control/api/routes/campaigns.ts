import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../../shared/services/services.js';
import { IdParam } from '../../../protocol/api/common.js';
import { Campaign, CampaignCreate, CampaignDeleted, CampaignPage, CampaignPageQuery, CampaignUpdate } from '../../../protocol/messaging/campaign.js';
import { wakeDispatcher } from '../../events/event-log.js';
import { campaignView, createCampaign, deleteCampaign, findCampaign, listCampaigns, updateCampaign } from '../../messaging/campaigns/campaigns.js';
import { controlCampaign } from '../../messaging/campaigns/campaign-control.js';
import { startCampaign } from '../../messaging/campaigns/campaign-start.js';
import { wakeCampaignRunners } from '../../messaging/campaigns/campaign-runner.js';
import { keyPrincipal } from '../route-config.js';

/**
 * Campaigns (docs/campaigns.md): a draft names the channel, sender, template and audience (a contact list
 * less exclusion lists), when and how fast to send, quiet hours and validity; start prices and reserves the
 * whole audience at once; pause, resume and cancel; reads carry counts by state and the money.
 */
export const campaignRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock, log } = services;
  const tags = ['campaigns'];
  const params = Type.Object({ id: IdParam });
  // The runners' timers and safety poll pick the work up anyway: a failed wake-up only delays it.
  const wake = async (): Promise<void> => {
    await wakeCampaignRunners(services).catch((err: unknown) => log.warn({ err }, 'could not wake the campaign runners'));
    await wakeDispatcher(services.bus).catch(() => undefined);
  };

  app.post('/v1/campaigns', {
    schema: { tags, summary: 'Create a draft campaign: channel, sender, template, audience, schedule, rate, quiet hours, validity', body: CampaignCreate, response: { 201: Campaign } },
    config: { scope: 'campaigns:write', idempotency: 'required' },
  }, async (request, reply) => reply.code(201).send(await createCampaign(sql, clock, keyPrincipal(request), request.body)));

  app.get('/v1/campaigns', {
    schema: { tags, summary: 'List campaigns, newest first', querystring: CampaignPageQuery, response: { 200: CampaignPage } },
    config: { scope: 'campaigns:read' },
  }, async (request) => listCampaigns(sql, keyPrincipal(request), request.query));

  app.get('/v1/campaigns/:id', {
    schema: { tags, summary: 'Read a campaign with its counts by state and its money', params, response: { 200: Campaign } },
    config: { scope: 'campaigns:read' },
  }, async (request) => campaignView(sql, await findCampaign(sql, keyPrincipal(request), request.params.id)));

  app.patch('/v1/campaigns/:id', {
    schema: { tags, summary: 'Change a draft campaign', params, body: CampaignUpdate, response: { 200: Campaign } },
    config: { scope: 'campaigns:write', idempotency: 'optional' },
  }, async (request) => updateCampaign(sql, clock, keyPrincipal(request), request.params.id, request.body));

  app.delete('/v1/campaigns/:id', {
    schema: { tags, summary: 'Delete a draft campaign', params, response: { 200: CampaignDeleted } },
    config: { scope: 'campaigns:write', idempotency: 'optional' },
  }, async (request) => deleteCampaign(sql, keyPrincipal(request), request.params.id));

  app.post('/v1/campaigns/:id/start', {
    schema: {
      tags,
      summary: 'Start a draft: render and price every message, reserve the whole audience at once (or refuse with the shortfall), then send at sendAt',
      params,
      response: { 200: Campaign },
    },
    config: { scope: 'campaigns:write', idempotency: 'required', prices: ['smsUnitOre', 'emailOre', 'letterOre'] },
  }, async (request) => {
    const caller = keyPrincipal(request);
    const row = await startCampaign(sql, clock, caller, request.params.id);
    await wake();
    return campaignView(sql, row);
  });

  for (const action of ['pause', 'resume', 'cancel'] as const) {
    const summaries = {
      pause: 'Pause a scheduled or running campaign (messages already with the sender still go)',
      resume: 'Resume a paused campaign',
      cancel: 'Cancel a campaign: what was not sent is not sent, and its money is released',
    };
    app.post(`/v1/campaigns/:id/${action}`, {
      schema: { tags, summary: summaries[action], params, response: { 200: Campaign } },
      config: { scope: 'campaigns:write', idempotency: 'optional' },
    }, async (request) => {
      const row = await sql.begin((tx) => controlCampaign(tx, clock, keyPrincipal(request), request.params.id, action));
      await wake();
      return campaignView(sql, row);
    });
  }
};
