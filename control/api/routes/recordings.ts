import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import { RecordingList, type Recording } from '../../../protocol/calls/recording.js';
import { withWavSizes } from '../../../shared/audio/wav-stream.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { ObjectStore } from '../../../shared/objects/object-store.js';
import { openRecordingsStore } from '../../../shared/objects/recordings-store.js';
import type { Services } from '../../../shared/services/services.js';
import { callRecordings, findCall, type RecordingRow } from '../../calls/store/call-records.js';
import { keyPrincipal } from '../route-config.js';

/**
 * Recordings of a call: the list (after call.recording.ready) and the WAV file itself, streamed from the
 * recordings' store (SENTRAL_RECORDINGS_STORE: the cluster's NATS object store, which every API process
 * reaches whichever media node recorded; or `<SENTRAL_DATA_DIR>/recordings`). The store is opened on the
 * first download; while it is away a download answers 503 service_unavailable.
 */
export const recordingRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, config } = services;
  const tags = ['calls'];
  let opening: Promise<ObjectStore> | undefined;
  const recordings = (): Promise<ObjectStore> =>
    (opening ??= openRecordingsStore(config, 'sentral-api-recordings').catch((err: unknown) => {
      opening = undefined;
      throw err;
    }));
  app.addHook('onClose', async () => {
    await (await opening?.catch(() => undefined))?.close();
  });
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
    const object = await (await recordings()).get(recording.storageKey);
    if (object === null) throw new SentralError('recording_not_stored');
    const body = Readable.from(withWavSizes(object.data, object.info.size), { objectMode: false });
    body.on('error', (err) => request.log.error({ err, recordingId: recording.id }, 'a recording download broke off'));
    return reply
      .header('content-type', 'audio/wav')
      .header('content-length', object.info.size)
      .header('content-disposition', `attachment; filename="${recording.id}.wav"`)
      .send(body);
  });
};
