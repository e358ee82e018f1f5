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
