import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { ErrorCode } from '../../../shared/errors/catalogue.js';

/** A record of a CSV file: its fields, or why it cannot be read. `row` counts records from 1 (the header). */
export type CsvRecord = { row: number; fields: string[] } | { row: number; problem: ErrorCode };

/** Limits of a read: bytes in all, characters per record. */
export interface CsvLimits {
  maxBytes: number;
  maxRecordChars: number;
}

/**
 * Reads CSV (RFC 4180: commas, double quotes with "" inside, CRLF or LF) from a byte stream record by
 * record, holding at most one record in memory. A UTF-8 byte order mark is dropped. A record longer than
 * `maxRecordChars`, one with text after a closing quote, an open quote at the end of the file, or text
 * that is not UTF-8 or holds NUL comes out as a problem and reading goes on with the next record; more than
 * `maxBytes` in all throws contact_import_too_large.
 */
export async function* csvRecords(source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>, limits: CsvLimits): AsyncGenerator<CsvRecord> {
  const decoder = new TextDecoder('utf-8');
  let bytes = 0;
  let row = 1;
  let fields: string[] = [];
  let field = '';
  let chars = 0;
  let problem: ErrorCode | null = null;
  // quoted: inside "…"; closed: just after a quote inside a quoted field ("" or the closing one).
  let quoted = false;
  let closed = false;
  let atFieldStart = true;
  let skipLf = false;

  const endField = (): void => {
    fields.push(field);
    field = '';
    atFieldStart = true;
    quoted = false;
    closed = false;
  };
  const endRecord = (): CsvRecord | null => {
    endField();
    const blank = fields.length === 1 && fields[0] === '' && problem === null;
    const out: CsvRecord | null = blank ? null : problem !== null ? { row, problem } : { row, fields };
    row += 1;
    fields = [];
    chars = 0;
    problem = null;
    return out;
  };

  for await (const chunk of source) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.byteLength;
    if (bytes > limits.maxBytes) throw new SentralError('contact_import_too_large');
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!;
      if (skipLf) {
        skipLf = false;
        if (ch === '\n') continue;
      }
      if (quoted && !closed) {
        if (ch === '"') closed = true;
        else add(ch);
        continue;
      }
      if (ch === ',') {
        endField();
        continue;
      }
      if (ch === '\n' || ch === '\r') {
        skipLf = ch === '\r';
        // A quoted field may hold line breaks only inside its quotes (handled above).
        const record = endRecord();
        if (record) yield record;
        continue;
      }
      if (closed) {
        if (ch === '"') {
          add('"');
          closed = false;
        } else {
          problem ??= 'csv_quotes_invalid';
        }
        continue;
      }
      if (ch === '"' && atFieldStart) {
        quoted = true;
        atFieldStart = false;
        continue;
      }
      atFieldStart = false;
      add(ch);
    }
  }
  const rest = decoder.decode();
  if (rest !== '') {
    for (const ch of rest) add(ch);
  }
  if (quoted && !closed) problem = 'csv_quotes_invalid';
  const last = endRecord();
  if (last) yield last;

  function add(ch: string): void {
    chars += 1;
    if (chars > limits.maxRecordChars) {
      problem ??= 'csv_row_too_long';
      return;
    }
    if (problem !== null) return;
    if (ch === '\u0000' || ch === '\uFFFD') {
      problem = 'csv_text_invalid';
      return;
    }
    field += ch;
  }
}
