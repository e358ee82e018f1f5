import { describe, expect, it } from 'vitest';
import { csvRecords, type CsvRecord } from '../../control/messaging/contacts/csv-records.js';
import { formulaLike } from '../../control/messaging/contacts/contact-import.js';
import { maskedNationalId, normalEmail, normalNationalId, normalPhone } from '../../control/messaging/contacts/contact-fields.js';
import { isSentralError } from '../../shared/errors/sentral-error.js';

const limits = { maxBytes: 1_000_000, maxRecordChars: 50 };

async function read(chunks: Array<string | Uint8Array>, l = limits): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  for await (const r of csvRecords(chunks, l)) out.push(r);
  return out;
}

describe('CSV records', () => {
  it('reads quotes, doubled quotes, commas and line breaks inside quotes, CRLF and a BOM', async () => {
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf]);
    const text = new TextEncoder().encode('name,phone\r\n"Nordmann, Ola","+47 412 34 567"\r\n"say ""hi""\nthere",41234567\n\n');
    expect(await read([bom, text])).toEqual([
      { row: 1, fields: ['name', 'phone'] },
      { row: 2, fields: ['Nordmann, Ola', '+47 412 34 567'] },
      { row: 3, fields: ['say "hi"\nthere', '41234567'] },
    ]);
  });

  it('reads the same records whatever the chunking (a multi-byte character split between chunks)', async () => {
    const bytes = new TextEncoder().encode('a,b\n"Ærlig ""Øy""",å\r\nx,"y\r\nz"\n');
    const whole = await read([bytes]);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await read([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(whole);
    }
    expect(whole[1]).toEqual({ row: 2, fields: ['Ærlig "Øy"', 'å'] });
  });

  it('refuses a too long record, text after a closing quote, NUL and an open quote at the end, and reads on', async () => {
    const records = await read([`a,b\n${'x'.repeat(60)},1\nok,2\n"bad"x,3\nn\u0000ul,4\nfine,5\n"open,6\n`]);
    expect(records).toEqual([
      { row: 1, fields: ['a', 'b'] },
      { row: 2, problem: 'csv_row_too_long' },
      { row: 3, fields: ['ok', '2'] },
      { row: 4, problem: 'csv_quotes_invalid' },
      { row: 5, problem: 'csv_text_invalid' },
      { row: 6, fields: ['fine', '5'] },
      { row: 7, problem: 'csv_quotes_invalid' },
    ]);
  });

  it('refuses invalid UTF-8 as text it cannot read', async () => {
    expect(await read([Uint8Array.from([0x61, 0x0a, 0xff, 0xfe, 0x0a, 0x62])])).toEqual([
      { row: 1, fields: ['a'] },
      { row: 2, problem: 'csv_text_invalid' },
      { row: 3, fields: ['b'] },
    ]);
  });

  it('stops with contact_import_too_large past the byte limit', async () => {
    const err = await read(['a\n'.repeat(10), 'b\n'.repeat(10)], { maxBytes: 30, maxRecordChars: 10 }).catch((e: unknown) => e);
    expect(isSentralError(err, 'contact_import_too_large')).toBe(true);
  });
});

describe('contact fields', () => {
  it('normalises phone numbers to E.164 and refuses numbers outside the number plan', () => {
    expect(normalPhone('41234567')).toBe('+4741234567');
    expect(normalPhone('+47 412 34 567')).toBe('+4741234567');
    expect(normalPhone('0047 41234567')).toBe('+4741234567');
    expect(normalPhone('+1 202 555 0123')).toBe('+12025550123');
    for (const bad of ['12', '+4712345678', 'call me', '+47abc']) {
      expect(() => normalPhone(bad)).toThrow(expect.objectContaining({ code: 'contact_phone_invalid', param: 'phone' }));
    }
  });

  it('checks both check digits of a national identity number and masks it', () => {
    expect(normalNationalId('01010112377')).toBe('01010112377');
    expect(() => normalNationalId('01010112378')).toThrow(expect.objectContaining({ code: 'contact_national_id_invalid' }));
    expect(() => normalNationalId('0101011235')).toThrow(expect.objectContaining({ code: 'contact_national_id_invalid' }));
    expect(maskedNationalId('01010112377')).toBe('010101*****');
  });

  it('lower-cases email and refuses what is not an address', () => {
    expect(normalEmail(' Ola@Example.NO ')).toBe('ola@example.no');
    for (const bad of ['ola', 'ola@', '@x.no', 'o la@x.no', 'ola@nodot']) expect(() => normalEmail(bad)).toThrow(expect.objectContaining({ code: 'contact_email_invalid' }));
  });

  it('treats cells a spreadsheet would run as formulas as formulas, but not phone numbers or negative numbers', () => {
    for (const f of ['=1+1', '@SUM(A1)', '+cmd|x', '-2+3*cmd', '\tx', '=HYPERLINK("http://x")']) expect(formulaLike(f)).toBe(true);
    for (const ok of ['+47 412 34 567', '-12.5', 'Ola', '(0)41234567', 'a=b']) expect(formulaLike(ok)).toBe(false);
  });
});
