import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkUploadedPdf, renderLetterPdf } from '../../control/messaging/letters/letter-pdf.js';
import { normalOrganisationNumber } from '../../control/messaging/letters/organisation-number.js';
import { isSentralError } from '../../shared/errors/sentral-error.js';

const dir = mkdtempSync(join(tmpdir(), 'sentral-letter-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The PDF as a reader sees it: pdftotext (poppler) extracts the text, qpdf checks the structure.
function pdfText(pdf: Buffer): string {
  const file = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('qpdf', ['--check', file], { stdio: 'pipe' });
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return isSentralError(err) ? `${err.code}:${err.param}` : String(err);
  }
  return undefined;
}

const layout = {
  sender: ['Fjordkraft Handel AS', 'Kundeservice', 'Postboks 1, 5804 Bergen'],
  recipient: ['Åse Ødegård', 'Blåbærveien 7', '0150 Oslo'],
  dateMs: Date.UTC(2026, 10, 2, 23, 30),
  subject: 'Årsoppgjør for strømavtalen',
  body: 'Hei Åse!\n\nVi har gått gjennom forbruket ditt for året. Æ, ø og å skal stå riktig i brevet.',
};

describe('letter PDFs', () => {
  it('renders the sender block, the date in Oslo, the recipient, subject and body with æøå, readable by pdftotext', async () => {
    const text = pdfText(await renderLetterPdf(layout));
    for (const expected of ['Fjordkraft Handel AS', 'Postboks 1, 5804 Bergen', 'Åse Ødegård', 'Blåbærveien 7', 'Årsoppgjør for strømavtalen', 'Hei Åse!', 'Æ, ø og å skal stå riktig i brevet.', 'Side 1 av 1']) {
      expect(text).toContain(expected);
    }
    // 23:30 UTC on 2 November is already 3 November in Oslo.
    expect(text).toContain('3. november 2026');
  });

  it('paginates a long body and numbers every page', async () => {
    const body = Array.from({ length: 160 }, (_, i) => `Linje ${i + 1}: blåbær og multekrem.`).join('\n');
    const pdf = await renderLetterPdf({ ...layout, body });
    const text = pdfText(pdf);
    const pages = checkUploadedPdf(pdf);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text).toContain(`Side ${pages} av ${pages}`);
    expect(text).toContain('Linje 160: blåbær og multekrem.');
    const file = join(dir, 'long.pdf');
    writeFileSync(file, pdf);
    expect(execFileSync('qpdf', ['--show-npages', file], { encoding: 'utf8' }).trim()).toBe(String(pages));
  });

  it('refuses a character its font cannot print, naming the parameter', async () => {
    await expect(renderLetterPdf({ ...layout, body: 'Hei 😀' })).rejects.toMatchObject({ code: 'invalid_request', param: 'document.text' });
  });

  it('checks an upload: a PDF, at most 10 MB, at most 50 pages', async () => {
    expect(codeOf(() => checkUploadedPdf(Buffer.from('GIF89a not a pdf')))).toBe('pdf_invalid:document.pdf');
    const good = await renderLetterPdf(layout);
    expect(codeOf(() => checkUploadedPdf(good.subarray(0, good.length - 200)))).toBe('pdf_invalid:document.pdf');
    expect(codeOf(() => checkUploadedPdf(Buffer.concat([good, Buffer.alloc(10 * 1024 * 1024)])))).toBe('pdf_too_large:document.pdf');
    const long = await renderLetterPdf({ ...layout, body: Array.from({ length: 2600 }, (_, i) => `Linje ${i}`).join('\n') });
    expect(codeOf(() => checkUploadedPdf(long))).toBe('pdf_too_many_pages:document.pdf');
    expect(checkUploadedPdf(good)).toBe(1);
  });
});

describe('organisation numbers', () => {
  it('takes 9 digits whose mod-11 check digit holds, and refuses others naming the parameter', () => {
    expect(normalOrganisationNumber('974 760 673')).toBe('974760673');
    expect(normalOrganisationNumber('923609016')).toBe('923609016');
    expect(codeOf(() => normalOrganisationNumber('974760674', 'recipient.organisationNumber'))).toBe('organisation_number_invalid:recipient.organisationNumber');
    expect(codeOf(() => normalOrganisationNumber('97476067'))).toBe('organisation_number_invalid:organisationNumber');
  });
});
