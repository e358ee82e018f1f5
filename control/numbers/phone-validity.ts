/**
 * Whether a live `to` can exist: libphonenumber-js with its full metadata judges the number against its
 * country's numbering plan (length and allocated ranges), so a number of the right shape that no network
 * could reach (+4712345678, +999999999999999) is refused before it is accepted or charged. Test keys skip
 * this: the simulated network's directory answers their numbers (carriers/sms/sms-directory.ts for SMS,
 * protocol/media/sim-directory.ts for calls).
 */
import { parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js/max';
import type { Mode } from '../../protocol/api/common.js';
import { SentralError } from '../../shared/errors/sentral-error.js';

const LENGTH_WORDS: Record<string, string> = {
  INVALID_COUNTRY: 'its country code is not one in use',
  TOO_SHORT: 'it is too short for its country',
  TOO_LONG: 'it is too long for its country',
  INVALID_LENGTH: 'its length is not one its country uses',
  NOT_A_NUMBER: 'it is not a phone number',
};

/** Null when `value` can be a live number; otherwise invalid_phone_number naming `param` and what is wrong. */
export function liveNumberError(value: string, param: string): SentralError | null {
  const parsed = parsePhoneNumberFromString(value);
  if (parsed?.isValid()) return null;
  const length = validatePhoneNumberLength(value);
  const why = length !== undefined ? LENGTH_WORDS[length] ?? 'it is not valid' : `it is in no range ${parsed ? `+${parsed.countryCallingCode}` : 'its country'} has allocated`;
  return new SentralError('invalid_phone_number', { message: `${param} (${value}) cannot be a phone number: ${why}.`, param });
}

/** Throws invalid_phone_number for the first number a live call would dial that cannot exist, as [number, param] pairs. */
export function checkLiveDial(mode: Mode, targets: readonly (readonly [string | undefined, string])[]): void {
  if (mode !== 'live') return;
  for (const [to, param] of targets) {
    const invalid = to === undefined ? null : liveNumberError(to, param);
    if (invalid) throw invalid;
  }
}
