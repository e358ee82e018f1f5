import type { Clock } from '../../../shared/clock/clock.js';
import type { Tx } from '../../../shared/db/database.js';
import { isSentralError, SentralError } from '../../../shared/errors/sentral-error.js';
import type { ErrorCode } from '../../../shared/errors/catalogue.js';
import { errorCatalogue } from '../../../shared/errors/catalogue.js';
import { newId } from '../../../shared/ids/ids.js';
import { METADATA_MAX_KEYS, METADATA_MAX_KEY_LENGTH, METADATA_MAX_VALUE_LENGTH } from '../../../protocol/api/common.js';
import {
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_MAX_LISTED,
  CONTACT_IMPORT_MAX_ROW_CHARS,
  CONTACT_IMPORT_MAX_ROWS,
  type ContactImportQuery,
  type ContactImportReport,
  type RefusedRow,
} from '../../../protocol/messaging/contact.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import { ownerProfile } from '../../accounts/profile-scope.js';
import { findList } from './contact-lists.js';
import { contactFields, type ContactFields } from './contacts.js';
import { csvRecords, type CsvLimits } from './csv-records.js';

/** The columns a header may name (any case, `_` optional); every other column is an attribute. */
const KNOWN_COLUMNS = { name: 'name', phone: 'phone', email: 'email', nationalid: 'nationalId', externalref: 'externalRef' } as const;
type KnownColumn = (typeof KNOWN_COLUMNS)[keyof typeof KNOWN_COLUMNS];

// Rows inserted per statement (11 parameters each, well under PostgreSQL's 65,535).
const BATCH = 1000;

/** Limits of an import (the published ones unless a test narrows them). */
export interface ImportLimits extends CsvLimits {
  maxRows: number;
}

const DEFAULT_LIMITS: ImportLimits = { maxBytes: CONTACT_IMPORT_MAX_BYTES, maxRecordChars: CONTACT_IMPORT_MAX_ROW_CHARS, maxRows: CONTACT_IMPORT_MAX_ROWS };

/**
 * Imports contacts from a CSV stream in the caller's transaction: the first record names the columns, each
 * further record is a contact. Rows that cannot be read or checked are refused one by one with a catalogued
 * code and go into the report; the rest are written in batches (a row whose externalRef exists updates that
 * contact) and, with listId, added to the list. More rows or bytes than the limits refuse the whole import.
 */
export async function importContacts(
  tx: Tx,
  clock: Clock,
  caller: KeyPrincipal,
  query: ContactImportQuery,
  source: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>,
  limits: ImportLimits = DEFAULT_LIMITS,
): Promise<ContactImportReport> {
  const profileId = await ownerProfile(tx, caller, query.profileId);
  const list = query.listId === undefined ? null : await findList(tx, caller, query.listId, 'listId');
  if (list !== null && list.profile_id !== profileId) {
    throw new SentralError('not_found', { message: "No such contact list in the import's profile.", param: 'listId' });
  }
  const listId = list?.id ?? null;
  const report: ContactImportReport = { object: 'contact_import', profileId, listId, rows: 0, created: 0, updated: 0, refused: 0, refusedRows: [] };
  const refuse = (row: number, code: ErrorCode, message: string = errorCatalogue[code].message): void => {
    report.refused += 1;
    if (report.refusedRows.length < CONTACT_IMPORT_MAX_LISTED) report.refusedRows.push({ row, code, message } satisfies RefusedRow);
  };
  let header: Header | null = null;
  const seenRefs = new Set<string>();
  let batch: ContactFields[] = [];
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const written = await writeBatch(tx, clock, caller, profileId, listId, batch);
    report.created += written.created;
    report.updated += written.updated;
    batch = [];
  };

  for await (const record of csvRecords(source, limits)) {
    if (header === null) {
      if ('problem' in record) throw new SentralError('contact_import_header_invalid', { message: `The header row cannot be read: ${errorCatalogue[record.problem].message}` });
      header = readHeader(record.fields);
      continue;
    }
    report.rows += 1;
    if (report.rows > limits.maxRows) throw new SentralError('contact_import_too_large');
    if ('problem' in record) {
      refuse(record.row, record.problem);
      continue;
    }
    const parsed = readRow(header, record.fields);
    if ('code' in parsed) {
      refuse(record.row, parsed.code, parsed.message);
      continue;
    }
    if (parsed.external_ref !== null) {
      if (seenRefs.has(parsed.external_ref)) {
        refuse(record.row, 'contact_external_ref_duplicate');
        continue;
      }
      seenRefs.add(parsed.external_ref);
    }
    batch.push(parsed);
    if (batch.length >= BATCH) await flush();
  }
  if (header === null) throw new SentralError('contact_import_header_invalid', { message: 'The file is empty: the first row must name the columns.' });
  await flush();
  return report;
}

interface Header {
  /** Per column: a known field, or the attribute name. */
  columns: Array<{ known: KnownColumn } | { attribute: string }>;
}

function readHeader(fields: string[]): Header {
  const seen = new Set<string>();
  let attributes = 0;
  const columns = fields.map((raw, i): Header['columns'][number] => {
    const name = raw.trim();
    const invalid = (why: string) => new SentralError('contact_import_header_invalid', { message: `Column ${i + 1} of the header ${why}.` });
    if (name === '') throw invalid('has no name');
    if (formulaLike(name)) throw invalid('starts like a spreadsheet formula');
    const key = name.toLowerCase().replace(/[_\s-]/g, '');
    if (seen.has(key)) throw invalid(`repeats the column ${name}`);
    seen.add(key);
    const known = (KNOWN_COLUMNS as Record<string, KnownColumn>)[key];
    if (known) return { known };
    if (name.length > METADATA_MAX_KEY_LENGTH) throw invalid(`is longer than ${METADATA_MAX_KEY_LENGTH} characters (an attribute name)`);
    if (++attributes > METADATA_MAX_KEYS) throw invalid(`is attribute number ${attributes}; a contact has at most ${METADATA_MAX_KEYS}`);
    return { attribute: name };
  });
  if (!columns.some((c) => 'known' in c && (c.known === 'phone' || c.known === 'email' || c.known === 'nationalId'))) {
    throw new SentralError('contact_import_header_invalid', { message: 'The header must name at least one of the columns phone, email and nationalId.' });
  }
  return { columns };
}

/**
 * OWASP's CSV injection rule: a cell a spreadsheet would run as a formula (=, @, a tab or CR, or + or -
 * followed by anything but a number) is refused, so an export of these contacts opened later runs nothing.
 */
export function formulaLike(cell: string): boolean {
  const first = cell[0];
  if (first === '=' || first === '@' || first === '\t' || first === '\r') return true;
  if (first === '+' || first === '-') return !/^[+-][0-9 ().-]*$/.test(cell);
  return false;
}

function readRow(header: Header, fields: string[]): ContactFields | { code: ErrorCode; message: string } {
  if (fields.length !== header.columns.length) {
    return { code: 'csv_column_count', message: `The row has ${fields.length} fields; the header names ${header.columns.length}.` };
  }
  const known: Partial<Record<KnownColumn, string>> = {};
  const attributes: Record<string, string> = {};
  for (let i = 0; i < fields.length; i++) {
    const value = fields[i]!.trim();
    if (value === '') continue;
    const column = header.columns[i]!;
    const name = 'known' in column ? column.known : column.attribute;
    if (formulaLike(value)) return { code: 'csv_formula_refused', message: `${name} starts like a spreadsheet formula.` };
    if ('attribute' in column) {
      if (value.length > METADATA_MAX_VALUE_LENGTH) return { code: 'invalid_request', message: `${name} is longer than ${METADATA_MAX_VALUE_LENGTH} characters.` };
      attributes[column.attribute] = value;
    } else {
      if ((column.known === 'name' || column.known === 'externalRef') && value.length > 200) {
        return { code: 'invalid_request', message: `${name} is longer than 200 characters.` };
      }
      known[column.known] = value;
    }
  }
  try {
    return contactFields({ ...known, attributes });
  } catch (err) {
    if (isSentralError(err)) return { code: err.code, message: err.message };
    throw err;
  }
}

async function writeBatch(
  tx: Tx,
  clock: Clock,
  caller: KeyPrincipal,
  profileId: string,
  listId: string | null,
  batch: ContactFields[],
): Promise<{ created: number; updated: number }> {
  const now = clock.now();
  const rows = batch.map((f) => ({
    id: newId('cnt', clock),
    company_id: caller.companyId,
    profile_id: profileId,
    mode: caller.mode,
    ...f,
    attributes: tx.json(f.attributes),
    created_at_ms: now,
    updated_at_ms: now,
  }));
  // xmax is 0 only on a row this statement inserted: that tells created from updated.
  const written = await tx<{ id: string; created: boolean }[]>`
    insert into contacts ${tx(rows)}
    on conflict (profile_id, mode, external_ref) where external_ref is not null do update set
      name = excluded.name, phone = excluded.phone, email = excluded.email, national_id = excluded.national_id,
      attributes = excluded.attributes, updated_at_ms = excluded.updated_at_ms
    returning id, (xmax = 0) as created`;
  if (listId !== null) {
    await tx`
      insert into contact_list_members (list_id, contact_id, added_at_ms)
      select ${listId}, unnest(${tx.array(written.map((w) => w.id))}::text[]), ${now}
      on conflict do nothing`;
  }
  const created = written.filter((w) => w.created).length;
  return { created, updated: written.length - created };
}
