import PDFDocument from 'pdfkit';
import { SentralError } from '../../../shared/errors/sentral-error.js';

/** Most bytes of a letter's PDF. */
export const LETTER_PDF_MAX_BYTES = 10 * 1024 * 1024;
/** Most pages of a letter's PDF. */
export const LETTER_PDF_MAX_PAGES = 50;

// Letters are dated as Norwegian dates are written (Europe/Oslo); one formatter, built once, serves all.
const LETTER_DATE = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' });

/** What a rendered letter shows. */
export interface LetterLayout {
  /** The sender block: the company's name and the lines under it (the profile's name, an address). */
  sender: string[];
  /** The recipient's name and postal address lines, when known. */
  recipient: string[];
  /** The letter's date (epoch ms), written as Norwegian dates are (Europe/Oslo). */
  dateMs: number;
  subject: string;
  body: string;
}

/**
 * Renders a letter to A4 PDF with pdfkit: the sender block top left, the recipient block, the date top
 * right, the subject in bold, the body wrapped and paginated, and "Side n av m" at the foot of every page.
 * The standard Helvetica fonts use WinAnsi encoding, which holds æ, ø and å (and é, ü…); characters
 * outside it are refused before rendering (they would print as nothing).
 */
export async function renderLetterPdf(layout: LetterLayout): Promise<Buffer> {
  assertPrintable('subject', layout.subject);
  assertPrintable('document.text', layout.body);
  const doc = new PDFDocument({ size: 'A4', margins: { top: 72, bottom: 72, left: 64, right: 64 }, bufferPages: true, info: { Title: layout.subject, Producer: 'sentral' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const date = LETTER_DATE.format(layout.dateMs);
  doc.font('Helvetica-Bold').fontSize(11).text(layout.sender[0] ?? '', { continued: false });
  doc.font('Helvetica').fontSize(9);
  for (const line of layout.sender.slice(1)) doc.text(line);
  doc.fontSize(10).text(date, 64, 72, { align: 'right' });
  doc.moveDown(4);
  doc.x = 64;
  doc.fontSize(11);
  for (const line of layout.recipient) doc.text(line);
  doc.moveDown(2);
  doc.font('Helvetica-Bold').fontSize(14).text(layout.subject);
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(11).text(layout.body, { align: 'left', lineGap: 2 });

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(9).text(`Side ${i + 1} av ${range.count}`, 64, doc.page.height - 48, { align: 'center', width: doc.page.width - 128 });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

// Printable Windows-1252 characters, and the line breaks and tabs text may hold.
const WIN_ANSI = /^[\t\n\r\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]$/u;

/** Refuses (invalid_request naming `param`) text holding a character the letter font cannot print. */
export function assertPrintable(param: string, text: string): void {
  const outside = [...text].find((c) => !WIN_ANSI.test(c));
  if (outside !== undefined) {
    throw new SentralError('invalid_request', { message: `${param} holds a character the letter font cannot print (U+${outside.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}).`, param });
  }
}

/**
 * Checks an uploaded PDF: it is a PDF (the header, an end-of-file marker), at most 10 MB, at most 50 pages.
 * Pages are counted from the page tree's /Count (the largest, the root's), or the /Type /Page objects when
 * the tree is compressed out of sight. Returns the page count.
 */
export function checkUploadedPdf(pdf: Buffer, param = 'document.pdf'): number {
  if (pdf.length > LETTER_PDF_MAX_BYTES) throw new SentralError('pdf_too_large', { message: `The PDF is ${pdf.length} bytes; at most ${LETTER_PDF_MAX_BYTES} are allowed.`, param });
  const text = pdf.toString('latin1');
  if (!text.startsWith('%PDF-1.') && !text.startsWith('%PDF-2.')) throw new SentralError('pdf_invalid', { message: 'The document does not start as a PDF does (%PDF-).', param });
  if (!text.slice(-2048).includes('%%EOF')) throw new SentralError('pdf_invalid', { message: 'The PDF is cut short (no %%EOF at its end).', param });
  const counts = [...text.matchAll(/\/Type\s*\/Pages\b[^>]*?\/Count\s+(\d+)|\/Count\s+(\d+)[^>]*?\/Type\s*\/Pages\b/g)].map((m) => Number(m[1] ?? m[2]));
  const pages = counts.length > 0 ? Math.max(...counts) : [...text.matchAll(/\/Type\s*\/Page\b(?!s)/g)].length;
  if (pages < 1) throw new SentralError('pdf_invalid', { message: 'The PDF has no pages that can be counted.', param });
  if (pages > LETTER_PDF_MAX_PAGES) throw new SentralError('pdf_too_many_pages', { message: `The PDF has ${pages} pages; at most ${LETTER_PDF_MAX_PAGES} are allowed.`, param });
  return pages;
}
