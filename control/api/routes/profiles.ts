import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../../shared/services/services.js';
import {
  Profile, ProfileCreate, ProfileLimit, ProfileLimitAnswer, ProfileList, ProfileRef, ProfileUpdate,
} from '../../../protocol/api/profiles.js';
import { archiveProfile, createProfile, getProfile, listProfiles, setProfileLimit, updateProfile, viewerOf } from '../../accounts/profiles.js';
import { companyPrincipal, keyPrincipal } from '../route-config.js';

/**
 * Profiles: create, list, read (by slug or id), change, archive, monthly limit (usage: routes/usage.ts).
 * A profile key sees only its own profile; creating, archiving and setting limits need a company key.
 */
export const profileRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock, hot } = services;
  const tags = ['profiles'];

  app.post('/v1/profiles', {
    schema: { tags, summary: 'Create a profile', body: ProfileCreate, response: { 201: Profile } },
    config: { scope: 'profiles:manage', idempotency: 'optional' },
  }, async (request, reply) => {
    const caller = companyPrincipal(request);
    return reply.code(201).send(await createProfile(sql, clock, caller.companyId, request.body));
  });

  app.get('/v1/profiles', {
    schema: { tags, summary: 'List profiles', response: { 200: ProfileList } },
    config: { scope: 'profiles:read' },
  }, async (request) => ({ object: 'list' as const, data: await listProfiles(sql, viewerOf(keyPrincipal(request))) }));

  app.get('/v1/profiles/:slug', {
    schema: { tags, summary: 'Read a profile by slug or id', params: ProfileRef, response: { 200: Profile } },
    config: { scope: 'profiles:read' },
  }, async (request) => getProfile(sql, viewerOf(keyPrincipal(request)), request.params.slug));

  app.patch('/v1/profiles/:slug', {
    schema: { tags, summary: 'Change a profile (not its slug)', params: ProfileRef, body: ProfileUpdate, response: { 200: Profile } },
    config: { scope: 'profiles:manage', idempotency: 'optional' },
  }, async (request) => updateProfile(sql, viewerOf(keyPrincipal(request)), request.params.slug, request.body));

  app.post('/v1/profiles/:slug/archive', {
    schema: { tags, summary: 'Archive a profile and revoke all its keys', params: ProfileRef, response: { 200: Profile } },
    config: { scope: 'profiles:manage', idempotency: 'optional' },
  }, async (request) => archiveProfile(sql, clock, hot, viewerOf(companyPrincipal(request)), request.params.slug));

  app.put('/v1/profiles/:slug/limit', {
    schema: { tags, summary: 'Set or remove the monthly spending limit', params: ProfileRef, body: ProfileLimit, response: { 200: ProfileLimitAnswer } },
    config: { scope: 'profiles:manage', idempotency: 'optional' },
  }, async (request) => {
    const profile = await setProfileLimit(sql, viewerOf(companyPrincipal(request)), request.params.slug, request.body.limitOre);
    return { profileId: profile.id, limitOre: profile.limitOre };
  });

};

