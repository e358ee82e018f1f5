import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import { RecordingList, type Recording } from '../../../protocol/calls/recording.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { Services } from '../../app/services.js';
import { callRecordings, findCall, type RecordingRow } from '../../calls/store/call-records.js';
import { keyPrincipal } from '../route-config.js';

/**
 * Recordings of a call: the list (after call.recording.ready) and the WAV file itself. Files are read from
 * the media nodes' recording storage under the data directory (`<SENTRAL_DATA_DIR>/recordings`), which the
 * API process shares with the media node in standalone mode or through a shared volume in a cluster.
 */
export const recordingRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, config } = services;
  const tags = ['calls'];
  const directory = join(config.dataDir, 'recordings');
  const view = (r: RecordingRow): Recording => ({
    object: 'recording',
    id: r.id,
    callId: r.callId,
    commandId: r.commandId,
    durationMs: r.durationMs,
    contentType: 'audio/wav',
    url: `/v1/calls/${r.callId}/recordings/${r.id}`,
    createdAt: new Date(r.createdAtMs).toISOString(),
  });

  app.get('/v1/calls/:id/recordings', {
    schema: { tags, summary: 'List the call\'s recordings', params: Type.Object({ id: IdParam }), response: { 200: RecordingList } },
    config: { scope: 'calls:read' },
  }, async (request) => {
    const call = await findCall(sql, keyPrincipal(request), request.params.id);
    return { object: 'list' as const, data: (await callRecordings(sql, call.id)).map(view) };
  });

  app.get('/v1/calls/:id/recordings/:recordingId', {
    schema: {
      tags,
      summary: 'Download a recording: a WAV file (16-bit PCM, 16 kHz, mono)',
      params: Type.Object({ id: IdParam, recordingId: IdParam }),
      produces: ['audio/wav'],
    },
    config: { scope: 'calls:read' },
  }, async (request, reply) => {
    const call = await findCall(sql, keyPrincipal(request), request.params.id);
    const recording = (await callRecordings(sql, call.id)).find((r) => r.id === request.params.recordingId);
    if (!recording) throw new SentralError('not_found', { message: 'No such recording of this call.', param: 'recordingId' });
    const path = join(directory, recording.storageKey);
    const size = await stat(path).then((s) => s.size, () => null);
    if (size === null) throw new SentralError('recording_not_stored');
    return reply
      .header('content-type', 'audio/wav')
      .header('content-length', size)
      .header('content-disposition', `attachment; filename="${recording.id}.wav"`)
      .send(createReadStream(path));
  });
};
