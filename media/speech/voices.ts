/**
 * The customers' voices (protocol/speech/voice.ts) mapped to espeak-ng voices: the plain name is espeak-ng's
 * default voice for the language, `-male` variant m3 and `-female` variant f3.
 */
import { DEFAULT_VOICE, VOICE_LANGUAGES, VOICE_NAMES, voiceParts, type VoiceLanguage } from '../../protocol/speech/voice.js';
import { SentralError } from '../../shared/errors/sentral-error.js';

export { DEFAULT_VOICE, VOICE_NAMES };

/** espeak-ng's voice of each language. */
const ESPEAK: Record<VoiceLanguage, string> = {
  'en-GB': 'en-gb',
  'en-US': 'en-us',
  'nb-NO': 'nb',
  'sv-SE': 'sv',
  'da-DK': 'da',
  'de-DE': 'de',
  'fr-FR': 'fr-fr',
  'es-ES': 'es',
};

/** The supported languages with their espeak-ng voice and description. */
export const VOICES = Object.fromEntries(
  Object.entries(VOICE_LANGUAGES).map(([name, description]) => [name, { espeak: ESPEAK[name as VoiceLanguage], description }]),
) as Record<VoiceLanguage, { espeak: string; description: string }>;

const VARIANTS = { '': '', '-male': '+m3', '-female': '+f3' } as const;

/**
 * The espeak-ng voice argument for a voice name. The API checked the name already; an unknown one here is
 * an `invalid_voice` error all the same, since it would otherwise become an espeak-ng argument.
 */
export function espeakVoice(voice: string | undefined): string {
  const parts = voiceParts(voice ?? DEFAULT_VOICE);
  if (parts === null) {
    throw new SentralError('invalid_voice', { message: `The voice must be one of: ${VOICE_NAMES.join(', ')}.`, param: 'voice' });
  }
  return ESPEAK[parts.language] + VARIANTS[parts.variant];
}
