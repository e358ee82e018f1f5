import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scopesMarkdown } from '../../control/api/scope-doc.js';
import { errorsMarkdown } from '../../control/api/error-doc.js';
import { callVerbs } from '../../control/calls/verbs/call-verbs.js';
import { VERB_TABLE_MARKER, verbsMarkdown } from '../../control/api/routes/call-verbs/verb-docs.js';
import { callVerbRoutes } from '../../control/api/routes/call-verbs/verb-routes.js';
import { errorCatalogue } from '../../shared/errors/catalogue.js';
import { idempotencyMarkdown, withIdempotencyTable } from '../../control/api/idempotency-doc.js';
import { openApiDocument } from '../../clients/typescript/scripts/openapi-document.js';
import { EVENTS_PREAMBLE, eventsMarkdown } from '../../control/api/event-doc.js';
import { eventCatalogue } from '../../protocol/events/event-catalogue.js';

const page = (name: string): string => readFileSync(new URL(`../../docs/${name}`, import.meta.url), 'utf8');

it('docs/scopes.md lists the scopes the code enforces (run npm run docs when this fails)', () => {
  expect(page('scopes.md').endsWith(scopesMarkdown())).toBe(true);
});

describe('docs/errors.md', () => {
  it('is the catalogue as generated (run npm run docs when this fails)', () => {
    expect(page('errors.md').endsWith(errorsMarkdown())).toBe(true);
  });

  it('lists every code with its HTTP status and meaning, and no code the catalogue lacks', () => {
    const rows = new Map<string, { status: number; meaning: string }>();
    for (const m of page('errors.md').matchAll(/^\| `([a-z0-9_]+)` \| (\d{3}) \| (.+) \|$/gm)) rows.set(m[1]!, { status: Number(m[2]), meaning: m[3]!.replace(/\\\|/g, '|') });
    expect([...rows.keys()].sort()).toEqual(Object.keys(errorCatalogue).sort());
    for (const [code, entry] of Object.entries(errorCatalogue)) expect(rows.get(code), code).toEqual({ status: entry.status, meaning: entry.message });
  });
});

it('docs/verbs.md lists the verbs the registry holds (run npm run docs when this fails)', () => {
  expect(page('verbs.md').endsWith(`${VERB_TABLE_MARKER}\n\n${verbsMarkdown(callVerbs, callVerbRoutes)}`)).toBe(true);
});

it('docs/api.md states Idempotency-Key for every operation that changes something, as the OpenAPI document does (run npm run docs when this fails)', async () => {
  const doc = await openApiDocument();
  const api = page('api.md');
  expect(api).toBe(withIdempotencyTable(api, idempotencyMarkdown(doc)));
  // Every operation's description says it in words too.
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { description?: string }>>)) {
    for (const [method, op] of Object.entries(item)) expect(op.description ?? '', `${method} ${path}`).toMatch(/Idempotency-Key: (required|optional|not accepted|not needed)/);
  }
}, 30_000);

describe('the event catalogue in the OpenAPI document and docs/events.md', () => {
  it('gives every catalogued event type a webhook whose data schema is the one the code emits with', async () => {
    const doc = await openApiDocument();
    const webhooks = doc.webhooks as Record<string, { post: { requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }>;
    const schemas = (doc.components as { schemas: Record<string, { properties: Record<string, { $ref: string }>; required: string[] }> }).schemas;
    expect(Object.keys(webhooks).sort()).toEqual(Object.keys(eventCatalogue).sort());
    for (const [type, entry] of Object.entries(eventCatalogue)) {
      const envelope = schemas[webhooks[type]!.post.requestBody.content['application/json'].schema.$ref.split('/').pop()!]!;
      const data = schemas[envelope.properties.data!.$ref.split('/').pop()!];
      // The document writes some keywords its own way (const as enum, records as additionalProperties).
      expect({ fields: Object.keys(data!.properties), required: data!.required }, type).toEqual({ fields: Object.keys(entry.data.properties), required: entry.data.required });
      expect(Object.keys(entry.data.properties), `${type} data carries mode and profileId`).toEqual(expect.arrayContaining(['mode', 'profileId']));
    }
  }, 30_000);

  it('docs/events.md is generated from the document (run npm run docs when this fails)', async () => {
    expect(page('events.md')).toBe(`${EVENTS_PREAMBLE}${eventsMarkdown(await openApiDocument())}`);
  }, 30_000);
});
