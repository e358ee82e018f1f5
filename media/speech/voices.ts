/**
 * The speech voices customers may name, mapped to espeak-ng voices. Each language has three names: the plain
 * one (espeak-ng's default voice for it), `<name>-male` (variant m3) and `<name>-female` (variant f3).
 * Names are matched case-insensitively; no voice means `DEFAULT_VOICE`.
 */
import { SentralError } from '../../shared/errors/sentral-error.js';

/** A language customers can ask for. */
export interface VoiceLanguage {
  /** espeak-ng voice name. */
  espeak: string;
  /** Human-readable language, for documentation. */
  description: string;
}

/** The supported languages by friendly name (BCP 47 tag). */
export const VOICES = {
  'en-GB': { espeak: 'en-gb', description: 'English (United Kingdom)' },
  'en-US': { espeak: 'en-us', description: 'English (United States)' },
  'nb-NO': { espeak: 'nb', description: 'Norwegian Bokmål' },
  'sv-SE': { espeak: 'sv', description: 'Swedish' },
  'da-DK': { espeak: 'da', description: 'Danish' },
  'de-DE': { espeak: 'de', description: 'German' },
  'fr-FR': { espeak: 'fr-fr', description: 'French (France)' },
  'es-ES': { espeak: 'es', description: 'Spanish (Spain)' },
} as const satisfies Record<string, VoiceLanguage>;

/** The voice used when none is given. */
export const DEFAULT_VOICE = 'en-GB';

const VARIANTS = { '': '', '-male': '+m3', '-female': '+f3' } as const;

/** Every accepted voice name: each language plain, `-male` and `-female`. */
export const VOICE_NAMES: readonly string[] = Object.keys(VOICES).flatMap((name) =>
  Object.keys(VARIANTS).map((suffix) => name + suffix),
);

const BY_LOWER_NAME = new Map<string, string>(
  Object.entries(VOICES).flatMap(([name, v]) =>
    Object.entries(VARIANTS).map(([suffix, espeakVariant]) => [(name + suffix).toLowerCase(), v.espeak + espeakVariant]),
  ),
);

/** The espeak-ng voice argument for a friendly voice name; an unknown name is an `invalid_voice` error. */
export function espeakVoice(voice: string | undefined): string {
  const found = BY_LOWER_NAME.get((voice ?? DEFAULT_VOICE).toLowerCase());
  if (found === undefined) {
    throw new SentralError('invalid_voice', {
      message: `The voice must be one of: ${VOICE_NAMES.join(', ')}.`,
      param: 'voice',
    });
  }
  return found;
}
