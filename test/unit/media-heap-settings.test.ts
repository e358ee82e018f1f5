import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEDIA_HEAP_FLAGS } from '../../media/node/heap-settings.js';

const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('the processes that run a media node in their main thread get its heap settings', () => {
  it('npm start passes the flags to node', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    expect(start).toContain(`node ${MEDIA_HEAP_FLAGS} scripts/sentral.js start`);
  });

  it('the sentral command (npm bin) passes them through its shebang', () => {
    expect(read('scripts/sentral.js').split('\n')[0]).toBe(`#!/usr/bin/env -S node ${MEDIA_HEAP_FLAGS}`);
  });
});
