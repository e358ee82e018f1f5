import fc from 'fast-check';
import { expect, it } from 'vitest';
import { SegmentedMessage } from 'sms-segments-calculator';
import { GSM7_BASIC_CHARACTERS, smsPartTexts, smsUnits } from '../../control/messaging/sms/sms-units.js';

// What the segment library says of a text: the answer smsUnits must give on its quick path too.
function library(text: string): { encoding: string; units: number } {
  const m = new SegmentedMessage(text);
  return { encoding: m.encodingName === 'UCS-2' ? 'ucs2' : 'gsm7', units: m.segmentsCount };
}

it('counts texts of the basic GSM-7 table as the segment library does (any length, every character, line breaks)', () => {
  const basic = fc.string({ unit: fc.constantFrom(...GSM7_BASIC_CHARACTERS), minLength: 0, maxLength: 1_600 });
  fc.assert(fc.property(basic, (text) => {
    const got = smsUnits(text);
    expect({ encoding: got.encoding, units: got.units }).toEqual(library(text));
    expect(got.nonGsmCharacters).toEqual([]);
  }), { numRuns: 2_000 });
  for (const n of [0, 1, 159, 160, 161, 305, 306, 307, 459, 460]) expect(smsUnits('a'.repeat(n)).units, String(n)).toBe(library('a'.repeat(n)).units);
});

it('leaves texts with an extension or a non-GSM character to the library', () => {
  const mixed = fc.string({ unit: fc.constantFrom(...GSM7_BASIC_CHARACTERS, '€', '{', '^', '😀', 'ő', '–'), minLength: 1, maxLength: 400 });
  fc.assert(fc.property(mixed, (text) => {
    const got = smsUnits(text);
    expect({ encoding: got.encoding, units: got.units }).toEqual(library(text));
  }), { numRuns: 300 });
});

it('splits texts of the basic GSM-7 table into the parts the segment library makes', () => {
  const parts = (text: string) => new SegmentedMessage(text).segments.map((segment) => {
    let part = '';
    for (const c of segment as Iterable<{ raw?: unknown }>) if (typeof c.raw === 'string') part += c.raw;
    return part;
  });
  const basic = fc.string({ unit: fc.constantFrom(...GSM7_BASIC_CHARACTERS), minLength: 0, maxLength: 1_600 });
  fc.assert(fc.property(basic, (text) => {
    expect(smsPartTexts(text)).toEqual(parts(text));
  }), { numRuns: 1_000 });
  for (const n of [0, 1, 160, 161, 306, 307, 1_530]) expect(smsPartTexts('a'.repeat(n)), String(n)).toEqual(parts('a'.repeat(n)));
});
