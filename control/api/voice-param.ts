import type { FastifyRequest } from 'fastify';
import { VOICE_NAMES, canonicalVoice } from '../../protocol/speech/voice.js';
import { SentralError } from '../../shared/errors/sentral-error.js';

/**
 * A route's preValidation for bodies with a `voice`: the one place a voice is checked. A name in any letter
 * case becomes its listed spelling (which the body schema's union then accepts); an unknown one is
 * `invalid_voice` naming the voices, rather than a bare schema error.
 */
export async function checkVoice(request: FastifyRequest): Promise<void> {
  canonicalizeVoice(request.body, 'voice');
}

/**
 * The same check for a simulated phone's script (POST /admin/v1/sim/phones): each `say` step's voice, so a
 * phone is never scripted to speak with a voice that does not exist (it would stay silent).
 */
export async function checkScriptVoices(request: FastifyRequest): Promise<void> {
  const script = (request.body as { script?: unknown } | null | undefined)?.script;
  if (!Array.isArray(script)) return;
  script.forEach((step, i) => canonicalizeVoice(step, `script.${i}.voice`));
}

function canonicalizeVoice(holder: unknown, param: string): void {
  if (typeof holder !== 'object' || holder === null) return;
  const body = holder as { voice?: unknown };
  if (typeof body.voice !== 'string') return;
  const voice = canonicalVoice(body.voice);
  if (voice === null) throw new SentralError('invalid_voice', { message: `The voice must be one of: ${VOICE_NAMES.join(', ')}.`, param });
  body.voice = voice;
}
