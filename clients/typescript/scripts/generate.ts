/**
 * Regenerates the client's generated files from the API's OpenAPI document: `npm run client:generate`.
 * src/schema.ts holds the types (openapi-typescript); src/operations.ts what the helpers need at run time;
 * src/events.ts the event types of the document's `webhooks`; src/room-messages.ts the media room's wire
 * messages and constants, from the server's room protocol (room-messages-module.ts).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { openApiDocument } from './openapi-document.js';
import { roomMessagesModule } from './room-messages-module.js';

/** The generated files, by path relative to the package, as they should be now. */
export async function generatedFiles(): Promise<Record<string, string>> {
  const doc = await openApiDocument();
  const schema = astToString(await openapiTS(optionalIdempotencyKeys(doc) as unknown as Parameters<typeof openapiTS>[0], { alphabetize: true }));
  return {
    'src/schema.ts': `${GENERATED}\n${schema}`,
    'src/operations.ts': operationsModule(doc),
    'src/events.ts': eventsModule(doc),
    'src/room-messages.ts': roomMessagesModule(),
  };
}

const GENERATED = '// Generated from the sentral OpenAPI document by `npm run client:generate`; do not edit.';
const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

interface Operation {
  operationId?: string;
  'x-idempotency'?: 'required' | 'optional' | 'unsupported';
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
}

/** The client sets Idempotency-Key itself where the API takes one, so callers' types need not require it. */
function optionalIdempotencyKeys(doc: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(doc);
  for (const item of Object.values(copy.paths as Record<string, Record<string, Operation>>)) {
    for (const method of METHODS) {
      for (const p of item[method]?.parameters ?? []) if (p.in === 'header' && p.name.toLowerCase() === 'idempotency-key') p.required = false;
    }
  }
  return copy;
}

function operationsModule(doc: Record<string, unknown>): string {
  const operations: Record<string, { method: string; path: string; idempotency: string | null }> = {};
  const idempotency: Record<string, string> = {};
  const cursors: Record<string, string> = {};
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op?.operationId) continue;
      const mode = op['x-idempotency'] ?? null;
      operations[op.operationId] = { method: method.toUpperCase(), path, idempotency: mode };
      if (mode) idempotency[`${method.toUpperCase()} ${path}`] = mode;
      const listed = op.responses?.['200']?.content?.['application/json']?.schema?.properties;
      const cursor = op.parameters?.find((p) => p.in === 'query' && (p.name === 'after' || p.name === 'before'));
      if (method === 'get' && listed?.nextCursor && listed.data && cursor) cursors[path] = cursor.name;
    }
  }
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  return `${GENERATED}

/** Every operation by operationId: method, path and Idempotency-Key handling (x-idempotency). */
export const operations = ${json(operations)} as const;

/** Idempotency-Key handling by \`METHOD /path\`: 'required', 'optional' or 'unsupported'. */
export const idempotency: Readonly<Record<string, 'required' | 'optional' | 'unsupported'>> = ${json(idempotency)};

/** List operations that page with a cursor, and the query parameter that takes \`nextCursor\`. */
export const listCursors = ${json(cursors)} as const;
`;
}

interface Webhook {
  post: { summary?: string; requestBody: { content: { 'application/json': { schema: { $ref: string } } } } };
}

function eventsModule(doc: Record<string, unknown>): string {
  const hooks = Object.entries(doc.webhooks as Record<string, Webhook>);
  const entries = hooks.map(([type, hook]) => {
    const schema = hook.post.requestBody.content['application/json'].schema.$ref.split('/').pop()!;
    return `  /** ${hook.post.summary ?? type} */\n  ${JSON.stringify(type)}: components['schemas'][${JSON.stringify(schema)}];`;
  });
  return `${GENERATED}
import type { components } from './schema.js';

/** Every event type sentral sends (the OpenAPI document's \`webhooks\`) and its envelope, \`data\` typed. */
export interface SentralEvents {
${entries.join('\n')}
}

/** The name of an event type, e.g. \`call.ended\`. */
export type SentralEventType = keyof SentralEvents;

/** Any event: narrow it on \`type\` to get its \`data\`. */
export type SentralEvent = SentralEvents[SentralEventType];

/** Every event type, in the order of the catalogue. */
export const eventTypes: readonly SentralEventType[] = ${JSON.stringify(hooks.map(([type]) => type), null, 2)};
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await generatedFiles();
  for (const [name, text] of Object.entries(files)) writeFileSync(new URL(`../${name}`, import.meta.url), text);
  process.stdout.write(`wrote ${Object.keys(files).join(', ')}\n`);
}
