import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { SentralError } from '../../../shared/errors/sentral-error.js';

/** Country a phone number written without +country code is read in. */
const DEFAULT_COUNTRY = 'NO';

/**
 * A phone number in E.164, checked against the number plan of its country (libphonenumber-js with full
 * metadata, so a number of the right length in an unassigned range is refused too).
 */
export function normalPhone(value: string, param = 'phone'): string {
  const parsed = parsePhoneNumberFromString(value.trim(), DEFAULT_COUNTRY);
  if (!parsed || !parsed.isValid()) {
    throw new SentralError('contact_phone_invalid', { message: `${param} is not a valid phone number (E.164, e.g. +4741234567).`, param });
  }
  return parsed.number;
}

// One @, no spaces, a dot in the domain: what mail systems accept, without trying to be RFC 5321.
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;

/** An email address, lower-cased. */
export function normalEmail(value: string, param = 'email'): string {
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !EMAIL.test(email)) {
    throw new SentralError('contact_email_invalid', { message: `${param} is not a valid email address.`, param });
  }
  return email;
}

/** A Norwegian national identity number (fødselsnummer or D-number): 11 digits whose two mod-11 check digits hold. */
export function normalNationalId(value: string, param = 'nationalId'): string {
  const id = value.trim();
  if (!/^[0-9]{11}$/.test(id) || !checkDigitsHold(id)) {
    throw new SentralError('contact_national_id_invalid', { message: `${param} is not a valid national identity number (11 digits, check digits).`, param });
  }
  return id;
}

function checkDigitsHold(id: string): boolean {
  const d = [...id].map(Number);
  const k1 = mod11([3, 7, 6, 1, 8, 9, 4, 5, 2], d);
  const k2 = mod11([5, 4, 3, 2, 7, 6, 5, 4, 3, 2], d);
  return k1 === d[9] && k2 === d[10];
}

function mod11(weights: number[], digits: number[]): number {
  const sum = weights.reduce((acc, w, i) => acc + w * digits[i]!, 0);
  const check = 11 - (sum % 11);
  return check === 11 ? 0 : check;
}

/** A national id as the API shows it: the birth date (first six digits) and the rest hidden. */
export function maskedNationalId(id: string | null): string | null {
  return id === null ? null : `${id.slice(0, 6)}*****`;
}
