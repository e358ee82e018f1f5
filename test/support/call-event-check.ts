import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { callEventSchemas } from '../../protocol/calls/call-events.js';
import { transcriptionJobEventSchemas } from '../../protocol/transcription/transcription-job.js';
import type { Sql } from '../../shared/db/database.js';

const schemas: Record<string, TSchema> = { ...callEventSchemas, ...transcriptionJobEventSchemas };

/**
 * Why a recorded or delivered event does not match its schema (protocol/calls/call-events.ts,
 * protocol/transcription/transcription-job.ts), or null when it does (other families are not checked here).
 * Unit, integration and e2e tests check every call and transcription event they see with it, so code and
 * schema cannot drift.
 */
export function callEventMismatch(type: string, data: unknown): string | null {
  if (!type.startsWith('call.') && !type.startsWith('transcription.')) return null;
  const schema = schemas[type];
  if (schema === undefined) return `${type} has no schema in ${type.startsWith('call.') ? 'protocol/calls/call-events.ts' : 'protocol/transcription/transcription-job.ts'}`;
  if (Value.Check(schema, data)) return null;
  const errors = [...Value.Errors(schema, data)].slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message}`);
  return `${type} does not match its schema: ${errors.join('; ')} in ${JSON.stringify(data)}`;
}

/**
 * The mismatches among the call.* events in a database's event log, of one company when given (a database
 * shared with other tests holds their made-up events): what integration tests check at the end.
 */
export async function recordedCallEventMismatches(sql: Sql, companyId?: string): Promise<string[]> {
  const rows = await sql<{ type: string; body: string }[]>`
    select type, body from events
    where type like 'call.%' and ${companyId === undefined ? sql`true` : sql`company_id = ${companyId}`}
    order by seq`;
  return rows.flatMap((r) => {
    const mismatch = callEventMismatch(r.type, (JSON.parse(r.body) as { data: unknown }).data);
    return mismatch === null ? [] : [mismatch];
  });
}
