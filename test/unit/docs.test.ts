import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { scopesMarkdown } from '../../control/api/scope-doc.js';

it('docs/scopes.md lists the scopes the code enforces (run npm run docs when this fails)', () => {
  const page = readFileSync(new URL('../../docs/scopes.md', import.meta.url), 'utf8');
  expect(page.endsWith(scopesMarkdown())).toBe(true);
});
