/**
 * The speech voices customers may name. Each language has three names: the plain one (the engine's default
 * voice for it), `<name>-male` and `<name>-female`. The API takes any letter case and stores the name
 * as listed here; no voice means `DEFAULT_VOICE`.
 */
import { Type, type Static } from 'typebox';

/** The supported languages by friendly name (BCP 47 tag), with a description for the documentation. */
export const VOICE_LANGUAGES = {
  'en-GB': 'English (United Kingdom)',
  'en-US': 'English (United States)',
  'nb-NO': 'Norwegian Bokmål',
  'sv-SE': 'Swedish',
  'da-DK': 'Danish',
  'de-DE': 'German',
  'fr-FR': 'French (France)',
  'es-ES': 'Spanish (Spain)',
} as const;

/** A language customers can ask for. */
export type VoiceLanguage = keyof typeof VOICE_LANGUAGES;

/** The voice variants of each language, as name suffixes. */
export const VOICE_VARIANTS = ['', '-male', '-female'] as const;

/** The voice used when none is given. */
export const DEFAULT_VOICE = 'en-GB';

/** A voice name: a language plain, `-male` or `-female`. */
export type VoiceName = `${VoiceLanguage}${(typeof VOICE_VARIANTS)[number]}`;

/** Every accepted voice name: each language plain, `-male` and `-female`. */
export const VOICE_NAMES: readonly VoiceName[] = (Object.keys(VOICE_LANGUAGES) as VoiceLanguage[]).flatMap((name) =>
  VOICE_VARIANTS.map((suffix): VoiceName => `${name}${suffix}`),
);

/** A voice name (a union of the names, so OpenAPI lists them). */
export const Voice = Type.Unsafe<VoiceName>(
  Type.Union(
    VOICE_NAMES.map((name) => Type.Literal(name)),
    { description: 'A speech voice: a language, optionally with -male or -female (any letter case).' },
  ),
);
/** A voice name. */
export type Voice = Static<typeof Voice>;

const BY_LOWER_NAME = new Map<string, VoiceName>(VOICE_NAMES.map((name) => [name.toLowerCase(), name]));

/** The listed spelling of a voice name given in any letter case; null when it is not a voice. */
export function canonicalVoice(name: string): VoiceName | null {
  return BY_LOWER_NAME.get(name.toLowerCase()) ?? null;
}

/** The language and variant of a listed voice name. */
export function voiceParts(name: string): { language: VoiceLanguage; variant: (typeof VOICE_VARIANTS)[number] } | null {
  const canonical = canonicalVoice(name);
  if (canonical === null) return null;
  const variant = VOICE_VARIANTS.find((v) => v !== '' && canonical.endsWith(v)) ?? '';
  return { language: canonical.slice(0, canonical.length - variant.length) as VoiceLanguage, variant };
}
