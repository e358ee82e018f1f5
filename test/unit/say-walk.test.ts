import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');

describe("docs/calls.md's walk of a say", () => {
  const doc = readFileSync(join(root, 'docs/calls.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## The walk of a `say`'), doc.indexOf('<!-- say-walk-count -->'));
  const files = [...new Set([...section.matchAll(/`((?:control|media)\/[\w/.-]+\.ts)`/g)].map((m) => m[1]!))];

  it('names files that exist, and as many as it says', () => {
    expect(files.filter((f) => !existsSync(join(root, f)))).toEqual([]);
    const written = /<!-- say-walk-count -->\*\*(\d+) files\*\*/.exec(doc)?.[1];
    expect(Number(written)).toBe(files.length);
  });
});
