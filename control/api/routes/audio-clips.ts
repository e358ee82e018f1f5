import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../../shared/services/services.js';
import { IdParam } from '../../../protocol/api/common.js';
import {
  AUDIO_CLIP_CONTENT_TYPES,
  AUDIO_CLIP_MAX_BYTES,
  AudioClip,
  AudioClipDeleted,
  AudioClipList,
  AudioClipListQuery,
  AudioClipUploadQuery,
} from '../../../protocol/media/audio-clip.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { createClip, deleteClip, getClip, listClips } from '../../clips/audio-clips.js';
import { ClipDecoder } from '../../clips/clip-decoder.js';
import { keyPrincipal } from '../route-config.js';

/**
 * A parsed upload. The bytes are not enumerable, so the shared hooks that walk a body (the NUL guard, the
 * idempotency fingerprint) see only the digest instead of ten million array indexes.
 */
class WavUpload {
  /** SHA-256 of the file: what the idempotency fingerprint compares. */
  readonly sha256: string;
  declare readonly bytes: Buffer;

  constructor(bytes: Buffer) {
    this.sha256 = createHash('sha256').update(bytes).digest('hex');
    Object.defineProperty(this, 'bytes', { value: bytes, enumerable: false });
  }
}

const NOT_WAV = 'Upload the clip as the raw body: the bytes of a WAV file with Content-Type audio/wav.';

/**
 * Audio clips for `play`: upload a WAV file (16-bit PCM or mu-law, mono or stereo, any common rate; it is
 * stored as 16 kHz PCM16 mono), list, read, delete. The upload body is the file itself, not multipart.
 * Scoped like every resource: company and mode of the key, and only its own profile's for a profile key.
 */
export const audioClipRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sql, clock } = services;
  const tags = ['audio clips'];
  const params = Type.Object({ id: IdParam });
  const decoder = new ClipDecoder();
  app.addHook('onClose', async () => decoder.close());

  // In this plugin only: the WAV parser, and every other body type refused with a message that says what
  // to send (instead of parsing JSON up to the upload's larger body limit).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...AUDIO_CLIP_CONTENT_TYPES], { parseAs: 'buffer', bodyLimit: AUDIO_CLIP_MAX_BYTES }, (_request, body, done) => {
    done(null, new WavUpload(body as Buffer));
  });
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new SentralError('unsupported_media_type', { message: NOT_WAV, param: 'Content-Type' }), undefined);
  });

  app.post('/v1/audio-clips', {
    bodyLimit: AUDIO_CLIP_MAX_BYTES,
    schema: {
      tags,
      summary: 'Upload a WAV file (raw body, Content-Type audio/wav, at most 10 MiB and 10 minutes); stored as 16 kHz PCM16 mono',
      querystring: AudioClipUploadQuery,
      // Documentation only: the parser above has already turned the bytes into a WavUpload.
      body: Type.Unknown({ description: 'The bytes of a WAV file (16-bit PCM or G.711 mu-law, mono or stereo)' }),
      consumes: [...AUDIO_CLIP_CONTENT_TYPES],
      response: { 201: AudioClip },
    },
    config: { scope: 'audio:write', idempotency: 'optional' },
  }, async (request, reply) => {
    const caller = keyPrincipal(request);
    const upload: unknown = request.body;
    if (!(upload instanceof WavUpload)) throw new SentralError('invalid_request', { message: `The body is empty. ${NOT_WAV}`, param: 'body' });
    const decoded = await decoder.decode(upload.bytes);
    const clip = await createClip(sql, clock, caller, request.query, decoded);
    return reply.code(201).send(clip);
  });

  app.get('/v1/audio-clips', {
    schema: { tags, summary: 'List audio clips, newest first; pass nextCursor as before to continue', querystring: AudioClipListQuery, response: { 200: AudioClipList } },
    config: { scope: 'audio:read' },
  }, async (request) => listClips(sql, keyPrincipal(request), request.query));

  app.get('/v1/audio-clips/:id', {
    schema: { tags, summary: 'Read an audio clip', params, response: { 200: AudioClip } },
    config: { scope: 'audio:read' },
  }, async (request) => getClip(sql, keyPrincipal(request), request.params.id));

  app.delete('/v1/audio-clips/:id', {
    schema: { tags, summary: 'Delete an audio clip', params, response: { 200: AudioClipDeleted } },
    config: { scope: 'audio:write', idempotency: 'optional' },
  }, async (request) => deleteClip(sql, keyPrincipal(request), request.params.id));
};
