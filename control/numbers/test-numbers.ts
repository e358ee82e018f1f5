/**
 * The test range: the numbers test keys rent. Ofcom keeps 01632 960000–960999 for drama (TV, radio, films):
 * it is never allocated to anyone, so no call or SMS from the telephone network can reach one of these
 * numbers, and libphonenumber-js judges them not valid, so a live SMS or call to one is refused
 * (invalid_phone_number) before it costs anything. The simulated network's own phones are in Ofcom's
 * 020 7946 0xxx drama range; keeping test numbers out of it means a number of ours and a phone of the
 * simulated network never share a value.
 */
import type { NumberType } from '../../protocol/api/numbers.js';

/** The first digits of every test number (+44 1632 960xxx). */
export const TEST_NUMBER_PREFIX = '+441632960';
/** How many numbers the test range holds. */
export const TEST_RANGE_SIZE = 1000;
/** Test numbers from here on are dedicated SMS numbers (type sms); the ones below are phone numbers. */
export const TEST_SMS_FROM = 900;

/** True for a number of the test range. */
export function isTestNumber(number: string): boolean {
  return number.length === TEST_NUMBER_PREFIX.length + 3 && number.startsWith(TEST_NUMBER_PREFIX) && /^[0-9]{3}$/.test(number.slice(-3));
}

/** Every test number of a type, in order. */
export function testRange(type: NumberType | undefined): { number: string; type: NumberType }[] {
  return Array.from({ length: TEST_RANGE_SIZE }, (_, i) => ({ number: `${TEST_NUMBER_PREFIX}${String(i).padStart(3, '0')}`, type: (i >= TEST_SMS_FROM ? 'sms' : 'phone') as NumberType }))
    .filter((n) => type === undefined || n.type === type);
}
