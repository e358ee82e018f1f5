import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import {
  CreateTranscriptionJob,
  TranscriptionJob,
  TranscriptionJobList,
  TranscriptionJobListQuery,
} from '../../../protocol/transcription/transcription-job.js';
import type { Services } from '../../../shared/services/services.js';
import { wakeJobRunners } from '../../transcription/transcription-jobs.js';
import { createJob, getJob, jobView, listJobs } from '../../transcription/transcription-jobs.js';
import { keyPrincipal } from '../route-config.js';
import { idempotentId } from '../../accounts/principal.js';

/**
 * Transcription jobs: an uploaded audio clip or a call's recording transcribed after the fact
 * (docs/transcription.md). The job id derives from the Idempotency-Key, so a retry names the same job.
 */
export const transcriptionJobRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['transcription'];

  app.post('/v1/transcription/jobs', {
    schema: {
      tags,
      summary: 'Transcribe an audio clip or a call recording: a job that goes queued, running, then completed or failed',
      body: CreateTranscriptionJob,
      response: { 201: TranscriptionJob },
    },
    config: { scope: 'transcription:write', idempotency: 'required', prices: ['transcriptionMinuteOre'] },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const id = idempotentId('trj', caller, request.idempotencyKey!);
    const row = await sql.begin((tx) => createJob(tx, clock, caller, id, request.body));
    await wakeJobRunners(services).catch(() => undefined);
    return reply.code(201).header('location', `/v1/transcription/jobs/${row.id}`).send(jobView(row));
  });

  app.get('/v1/transcription/jobs', {
    schema: { tags, summary: 'List transcription jobs, newest first', querystring: TranscriptionJobListQuery, response: { 200: TranscriptionJobList } },
    config: { scope: 'transcription:read' },
  }, async (request) => listJobs(sql, keyPrincipal(request), request.query));

  app.get('/v1/transcription/jobs/:id', {
    schema: { tags, summary: 'Read a transcription job and, once completed, its transcript', params: Type.Object({ id: IdParam }), response: { 200: TranscriptionJob } },
    config: { scope: 'transcription:read' },
  }, async (request) => getJob(sql, keyPrincipal(request), request.params.id));
};
