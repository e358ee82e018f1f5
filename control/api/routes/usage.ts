import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../../shared/services/services.js';
import { ProfileRef } from '../../../protocol/api/profiles.js';
import { Balance, CompanyUsage, Usage, UsageQuery } from '../../../protocol/api/usage.js';
import { getCompany } from '../../accounts/companies.js';
import { getProfile, listProfiles, viewerOf } from '../../accounts/profiles.js';
import { monthBounds, monthOf } from '../../billing/ledger.js';
import { countsOnly, profileUsage, usageByProfile } from '../../billing/usage.js';
import { messageChannels } from '../../messaging/channels/channel-registry.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { parseInstant } from '../../../shared/clock/instant.js';
import { companyPrincipal, keyPrincipal } from '../route-config.js';

/** Longest usage range one request may ask for. */
const MAX_RANGE_MS = 400 * 24 * 3600_000;

/**
 * The company's money as a customer sees it: the balance with its open reservations, and usage by service
 * per profile (live øre equal to the ledger, with counts; test counts only).
 */
export const usageRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['usage'];
  const channels = [...messageChannels.channels.values()];

  app.get('/v1/balance', {
    schema: { tags, summary: 'The company balance and its open reservations (company key)', response: { 200: Balance } },
    config: { scope: 'balance:read' },
  }, async (request) => {
    const caller = companyPrincipal(request);
    const company = await getCompany(sql, caller.companyId);
    const [open] = await sql<{ n: number }[]>`select count(*)::bigint as n from reservations where company_id = ${caller.companyId} and state = 'open'`;
    return {
      object: 'balance' as const, companyId: company.id, currency: 'NOK' as const,
      balanceOre: company.balanceOre, reservedOre: company.reservedOre, openReservations: open!.n,
    };
  });

  app.get('/v1/profiles/:slug/usage', {
    schema: {
      tags, summary: 'Usage of a profile by service over a month or a range: live øre and counts, test counts', params: ProfileRef, querystring: UsageQuery, response: { 200: Usage },
    },
    config: { scope: 'usage:read' },
  }, async (request) => {
    const caller = keyPrincipal(request);
    const profile = await getProfile(sql, viewerOf(caller), request.params.slug);
    const { fromMs, toMs } = rangeOf(request.query, clock.now());
    const usage = await profileUsage(sql, { companyId: caller.companyId, profileId: profile.id, fromMs, toMs }, channels);
    return {
      object: 'usage' as const, profileId: profile.id, from: iso(fromMs), to: iso(toMs), currency: 'NOK' as const,
      live: usage.live, test: countsOnly(usage.test), limitOre: profile.limitOre,
    };
  });

  app.get('/v1/usage', {
    schema: { tags, summary: 'Usage of the company by profile and service over a month or a range (company key)', querystring: UsageQuery, response: { 200: CompanyUsage } },
    config: { scope: 'usage:read' },
  }, async (request) => {
    const caller = companyPrincipal(request);
    const { fromMs, toMs } = rangeOf(request.query, clock.now());
    const byProfile = await usageByProfile(sql, { companyId: caller.companyId, profileId: null, fromMs, toMs }, channels);
    const profiles = (await listProfiles(sql, viewerOf(caller))).flatMap((p) => {
      const usage = byProfile.get(p.id);
      return usage ? [{ profileId: p.id, slug: p.slug, live: usage.live, test: countsOnly(usage.test) }] : [];
    });
    const totalOre = profiles.reduce((sum, p) => sum + p.live.totalOre, 0);
    return { object: 'company_usage' as const, from: iso(fromMs), to: iso(toMs), currency: 'NOK' as const, totalOre, profiles };
  });
};

// The range asked for: a month (period), from/to (either may be left out: the current month's bounds), or
// the current month.
function rangeOf(query: UsageQuery, now: number): { fromMs: number; toMs: number } {
  if (query.period !== undefined) {
    if (query.from !== undefined || query.to !== undefined) throw new SentralError('invalid_request', { message: 'Give period, or from and to, not both.', param: 'period' });
    const { startMs, endMs } = monthBounds(query.period);
    return { fromMs: startMs, toMs: endMs };
  }
  const month = monthBounds(monthOf(now));
  const fromMs = query.from === undefined ? month.startMs : parseInstant(query.from, 'from');
  const toMs = query.to === undefined ? month.endMs : parseInstant(query.to, 'to');
  if (toMs <= fromMs) throw new SentralError('invalid_request', { message: 'to must be after from.', param: 'to' });
  if (toMs - fromMs > MAX_RANGE_MS) throw new SentralError('invalid_request', { message: 'A usage range is at most 400 days.', param: 'to' });
  return { fromMs, toMs };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
