import { SentralError } from '../../../shared/errors/sentral-error.js';

/** A Norwegian organisation number: 9 digits, the last a mod-11 check digit (weights 3 2 7 6 5 4 3 2). */
export function normalOrganisationNumber(value: string, param = 'organisationNumber'): string {
  const n = value.replace(/\s+/g, '');
  if (!/^[0-9]{9}$/.test(n) || checkDigit(n) !== Number(n[8])) throw new SentralError('organisation_number_invalid', { param });
  return n;
}

// A remainder giving 10 has no valid check digit: such numbers are never issued.
function checkDigit(n: string): number {
  const sum = [3, 2, 7, 6, 5, 4, 3, 2].reduce((acc, w, i) => acc + w * Number(n[i]), 0);
  const check = 11 - (sum % 11);
  return check === 11 ? 0 : check === 10 ? -1 : check;
}
