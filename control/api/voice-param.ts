import type { FastifyRequest } from 'fastify';
import { VOICE_NAMES, canonicalVoice } from '../../protocol/speech/voice.js';
import { SentralError } from '../../shared/errors/sentral-error.js';

/**
 * A route's preValidation for bodies with a `voice`: the one place a voice is checked. A name in any letter
 * case becomes its listed spelling (which the body schema's union then accepts); an unknown one is
 * `invalid_voice` naming the voices, rather than a bare schema error.
 */
export async function checkVoice(request: FastifyRequest): Promise<void> {
  const body = request.body as { voice?: unknown } | null | undefined;
  if (typeof body !== 'object' || body === null || typeof body.voice !== 'string') return;
  const voice = canonicalVoice(body.voice);
  if (voice === null) throw new SentralError('invalid_voice', { message: `The voice must be one of: ${VOICE_NAMES.join(', ')}.`, param: 'voice' });
  body.voice = voice;
}
