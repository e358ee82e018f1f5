/**
 * What each pattern of the API's input schemas means, in words: an error names what is allowed and never shows
 * a regular expression. A test walks every pattern of the OpenAPI document's inputs and fails on one that has
 * no words here. Keyed by the pattern's source, as the schemas in protocol/ write it.
 */
const WORDS: Readonly<Record<string, string>> = {
  '^\\+[1-9][0-9]{6,14}$': 'must be a phone number in E.164 format: + and 7 to 15 digits, e.g. +4712345678',
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$': 'must be a UUID',
  '^[a-z]+_[0-9a-z]+$': 'must be an id such as num_01h…',
  '^[a-z0-9][a-z0-9-]*$': 'must be lowercase letters, digits and -, starting with a letter or digit',
  '^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]{1,3})?)?Z)?$': 'must be a UTC date (YYYY-MM-DD) or an ISO 8601 UTC timestamp',
  '^\\+?[0-9]{1,15}$': 'must be the start of a phone number: an optional + and 1 to 15 digits, e.g. +4723',
  '^[0-9]{4}-(0[1-9]|1[0-2])$': 'must be a month as YYYY-MM, e.g. 2026-03',
  '^(\\*|[a-z][A-Za-z0-9_]*(\\.[a-z][A-Za-z0-9_]*)*(\\.\\*)?)$': 'must be an event type (call.ended), a prefix and .* (call.*), or * for every event',
  '^[0-9*#A-D]{1,64}$': 'must be 1 to 64 DTMF digits: 0-9, *, #, A-D',
  '^[0-9*#A-Dw]{1,64}$': 'must be 1 to 64 DTMF digits (0-9, *, #, A-D) or w for a half-second pause',
  '^[0-9*#]{1,20}$': 'must be 1 to 20 keys of a phone: 0-9, * and #',
  '^\\+442079460[0-9]{3}$': 'must be a simulated phone number: +442079460 and three digits',
  '^[A-Za-z0-9_.:-]+$': 'must be letters, digits, _ . : and - only',
  '^(ep|whe)_[0-9a-zA-Z]+$': 'must be a webhook endpoint id (ep_…)',
  '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$': 'must be a BCP 47 language tag, e.g. en-US or nb-NO',
  '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$': 'must be 1 to 64 letters, digits, - _ or ., starting with a letter or digit',
  '^[0-9]{11}$': 'must be a national identity number: 11 digits',
  '^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$': 'must be 1 to 11 letters, digits or spaces with at least one letter',
  '^[A-Za-z0-9_]{1,32}$': 'must be 1 to 32 letters, digits or _',
  '^(\\+[1-9][0-9]{6,14}|default)$': 'must be a phone number in E.164 format (e.g. +4712345678) or default',
  '^[^\\r\\n]*$': 'must be one line: no CR or LF',
  '^[^\\s@<>()",;:\\\\\\[\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$':
    'must be one email address such as kari@example.no: no display name, spaces, brackets or line breaks',
  '^[^\\r\\n/\\\\"]+$': 'must be a file name: no CR, LF, /, \\ or "',
  '^[A-Za-z0-9!#$&^_.+-]+/[A-Za-z0-9!#$&^_.+-]+$': 'must be a media type such as application/pdf',
  '^[A-Za-z0-9+/]*={0,2}$': 'must be base64 (A-Z, a-z, 0-9, + and /, padded with =)',
  '^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$': 'must be a domain name such as shop.example.no',
  '^[0-9]{15}-[0-9a-f]{12}$': 'must be a sink message id as listed by the email sink',
  '^[^\\s@]+@[^\\s@]+$': 'must be an email address such as kari@example.no',
  '^([01][0-9]|2[0-3]):[0-5][0-9]$': 'must be a time of day as HH:MM (00:00 to 23:59)',
  '^[A-Za-z0-9 -]+$': 'must be letters, digits, spaces and - only',
  '^[A-Z]{2}$': 'must be a two-letter country code in capitals, e.g. NO',
  '^[0-9]{9}$|^[0-9]{11}$': 'must be an organisation number (9 digits) or a national identity number (11 digits)',
};

// An id with a fixed prefix, e.g. ^cmp_[0-9a-z]+$: named by its prefix.
const PREFIXED_ID = /^\^([a-z]+)_\[0-9a-z\]\+\$$/;

/** The words for a pattern of the API's schemas ("must be …"), or null when it has none. */
export function patternWords(pattern: string): string | null {
  const words = WORDS[pattern];
  if (words !== undefined) return words;
  const prefix = PREFIXED_ID.exec(pattern)?.[1];
  return prefix === undefined ? null : `must be an id starting ${prefix}_`;
}
