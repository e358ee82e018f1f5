import { Value } from 'typebox/value';
import { eventCatalogue, isEventType } from '../../protocol/events/event-catalogue.js';
import type { Sql } from '../../shared/db/database.js';

/**
 * Why an event's type or data is not what the event catalogue (protocol/events/event-catalogue.ts)
 * describes, or null when it is: a type the catalogue lacks, data its schema refuses, or a field (at any
 * depth) its schema does not name. Unit, integration and e2e harnesses check every event they see with it,
 * so the code cannot emit what the OpenAPI document's webhooks and docs/events.md do not describe.
 */
export function eventMismatch(type: string, data: unknown): string | null {
  if (!isEventType(type)) return `${type} is not in the event catalogue (protocol/events/event-catalogue.ts)`;
  const schema = eventCatalogue[type].data;
  if (!Value.Check(schema, data)) {
    const errors = [...Value.Errors(schema, data)].slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
    return `${type} does not match its schema: ${errors.join('; ')} in ${JSON.stringify(data)}`;
  }
  const extra = undescribed(data, Value.Clean(schema, structuredClone(data)), '');
  return extra.length === 0 ? null : `${type} carries fields its schema does not describe: ${extra.join(', ')}`;
}

// The paths present in `given` that cleaning against the schema took away.
function undescribed(given: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(given)) return given.flatMap((item, i) => undescribed(item, (kept as unknown[])[i], `${path}/${i}`));
  if (given === null || typeof given !== 'object') return [];
  const left = (kept ?? {}) as Record<string, unknown>;
  return Object.entries(given).flatMap(([k, v]) => (Object.hasOwn(left, k) ? undescribed(v, left[k], `${path}/${k}`) : [`${path}/${k}`]));
}

/**
 * The mismatches among the events in a database's event log, of one company when given (a database
 * shared with other tests holds their made-up events): what integration tests check at the end.
 */
export async function recordedEventMismatches(sql: Sql, companyId?: string): Promise<string[]> {
  const rows = await sql<{ type: string; body: string }[]>`
    select type, body from events
    where ${companyId === undefined ? sql`true` : sql`company_id = ${companyId}`}
    order by seq`;
  return rows.flatMap((r) => {
    const mismatch = eventMismatch(r.type, (JSON.parse(r.body) as { data: unknown }).data);
    return mismatch === null ? [] : [mismatch];
  });
}
