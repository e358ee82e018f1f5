import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEDIA_SEMI_SPACE_FLAG } from '../../media/node/young-generation.js';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the processes that run a media node in their main thread get its young generation', () => {
  it('npm start passes the flag to node', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    expect(start).toContain(`node ${MEDIA_SEMI_SPACE_FLAG} scripts/sentral.js start`);
  });

  it('the sentral command (npm bin) passes it through its shebang', () => {
    expect(read('scripts/sentral.js').split('\n')[0]).toBe(`#!/usr/bin/env -S node ${MEDIA_SEMI_SPACE_FLAG}`);
  });
});
