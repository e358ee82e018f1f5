/** A JSON schema as the OpenAPI document holds it (the parts a field table shows). */
interface Schema {
  $ref?: string;
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  patternProperties?: Record<string, Schema>;
  description?: string;
  minimum?: number;
  format?: string;
}

interface Webhook {
  post: { summary: string; requestBody: { content: { 'application/json': { schema: { $ref: string } } } } };
}

/**
 * docs/events.md from the OpenAPI document's `webhooks`: the envelope, then each event type with when it is
 * sent and every field of its `data` (nested objects as dotted names, arrays with `[]`).
 */
export function eventsMarkdown(doc: Record<string, unknown>): string {
  const schemas = (doc.components as { schemas: Record<string, Schema> }).schemas;
  const resolve = (s: Schema): Schema => (s.$ref ? schemas[s.$ref.split('/').pop()!]! : s);
  const webhooks = Object.entries(doc.webhooks as Record<string, Webhook>);
  const index = webhooks.map(([type, hook]) => `| [\`${type}\`](#${anchor(type)}) | ${cell(hook.post.summary)} |`);
  const sections = webhooks.map(([type, hook]) => {
    const envelope = resolve(hook.post.requestBody.content['application/json'].schema);
    const data = resolve(envelope.properties!.data!);
    const rows = fields(data, '', resolve).map(([name, kind, about]) => `| \`${name}\` | ${cell(kind)} | ${cell(about)} |`);
    return `### ${type}\n\n${hook.post.summary}\n\n| field | type | about |\n|---|---|---|\n${rows.join('\n')}\n`;
  });
  return `| type | sent when |\n|---|---|\n${index.join('\n')}\n\n${sections.join('\n')}`;
}

// The rows of an object's fields: name, type, description; an object field is followed by its own fields.
function fields(schema: Schema, prefix: string, resolve: (s: Schema) => Schema): Array<[string, string, string]> {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).flatMap(([name, raw]) => {
    const field = resolve(raw);
    const path = `${prefix}${name}`;
    const row: [string, string, string] = [path, `${typeOf(field, resolve)}${required.has(name) ? '' : ', optional'}`, field.description ?? ''];
    const inner = objectOf(field, resolve);
    const nested = inner ? fields(inner.schema, `${path}${inner.array ? '[]' : ''}.`, resolve) : [];
    return [row, ...nested];
  });
}

// The object a field holds (itself, the non-null member of a union, or an array's items), if any.
function objectOf(schema: Schema, resolve: (s: Schema) => Schema): { schema: Schema; array: boolean } | null {
  if (schema.properties) return { schema, array: false };
  if (schema.items && resolve(schema.items).properties) return { schema: resolve(schema.items), array: true };
  const members = (schema.anyOf ?? []).map(resolve).filter((m) => m.type !== 'null');
  return members.length === 1 ? objectOf(members[0]!, resolve) : null;
}

function typeOf(schema: Schema, resolve: (s: Schema) => Schema): string {
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.enum) return schema.enum.map((v) => `\`${JSON.stringify(v)}\``).join(', ');
  if (schema.anyOf) return schema.anyOf.map((m) => typeOf(resolve(m), resolve)).join(schema.anyOf.every((m) => resolve(m).enum || resolve(m).const !== undefined) ? ', ' : ' or ');
  if (schema.type === 'array') return `array of ${schema.items ? typeOf(resolve(schema.items), resolve) : 'any'}`;
  if (schema.patternProperties) return `map of ${Object.values(schema.patternProperties).map((v) => typeOf(resolve(v), resolve)).join(' or ')}`;
  if (schema.type === 'integer' && schema.minimum === 0) return 'integer ≥ 0';
  if (schema.format) return `${schema.type} (${schema.format})`;
  return schema.type ?? 'any';
}

function anchor(type: string): string {
  return type.toLowerCase().replace(/[^a-z0-9 -]/g, '');
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The hand-written head of docs/events.md, before the generated tables. */
export const EVENTS_PREAMBLE = `# Events

Generated from the OpenAPI document's \`webhooks\` (made from \`protocol/events/event-catalogue.ts\`, the schemas
the code emits with) by \`npm run docs\`; a test fails when this page, the document or the code differ.

Every event is delivered to the webhook endpoints whose filter matches its type ([webhooks.md](webhooks.md))
and kept in the event log (\`GET /v1/events\`), in one envelope:

\`\`\`json
{ "object": "event", "id": "evt_…", "type": "sms.status", "api_version": "1", "occurred_at": "2026-03-15T12:00:00.000Z", "data": { "mode": "live", "profileId": "…" } }
\`\`\`

- \`data\` always carries \`mode\` (\`live\` or \`test\`) and \`profileId\`; the rest depends on the type, as below.
- New fields may be added to \`data\`; ignore the ones you do not know. A field is never removed or retyped
  within \`api_version\` 1.
- Check the signature before acting: \`verifyWebhook(headers, rawBody, secret)\` of the TypeScript client
  (\`@sentral/client\`) checks both schemes sentral sends (\`v1\` HMAC-SHA256 with the \`whsec_\` secret,
  \`v1a\` Ed25519 with the \`whpk_\` public key) and returns the event typed by its \`type\`.

`;
