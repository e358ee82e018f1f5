import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, MAX_JSON_ITEMS, findUnstorable, isStorableText } from '../../shared/json/storable-json.js';

const nested = (depth: number, inner: unknown): unknown => {
  let v = inner;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

describe('outside JSON: what PostgreSQL can store and a recursive walk can survive', () => {
  it('accepts well-formed text, surrogate pairs (emoji) and nesting up to the bound', () => {
    expect(isStorableText('hei 😀 blåbær')).toBe(true);
    expect(findUnstorable({ text: 'hei 😀', list: [1, 'two', null, true], deep: nested(MAX_JSON_DEPTH - 2, 'x') })).toBeNull();
  });

  it('names the path of a lone high or low surrogate, a NUL, and a bad key', () => {
    expect(findUnstorable({ metadata: { a: { b: 'x\ud800' } } })).toMatchObject({ path: 'metadata.a.b', reason: 'lone_surrogate' });
    expect(findUnstorable({ list: ['ok', 'x\udc00y'] })).toMatchObject({ path: 'list.1', reason: 'lone_surrogate' });
    expect(findUnstorable({ text: 'a\u0000' })).toMatchObject({ path: 'text', reason: 'nul' });
    expect(findUnstorable({ m: { ['k\ud800']: 1 } })).toMatchObject({ path: 'm.(key)', reason: 'lone_surrogate' });
    expect(findUnstorable('\ud83d')).toMatchObject({ path: '', reason: 'lone_surrogate' });
  });

  it('refuses nesting beyond the bound, and a 100,000-deep value without using the stack', () => {
    expect(findUnstorable(nested(MAX_JSON_DEPTH, 'x'))).toBeNull();
    expect(findUnstorable(nested(MAX_JSON_DEPTH + 1, 'x'))).toMatchObject({ reason: 'too_deep' });
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(findUnstorable(deep)).toMatchObject({ reason: 'too_deep' });
  });

  it('refuses arrays and objects larger than the bound', () => {
    expect(findUnstorable({ a: new Array(MAX_JSON_ITEMS).fill(0) })).toBeNull();
    expect(findUnstorable({ a: new Array(200_000).fill(0) })).toMatchObject({ path: 'a', reason: 'too_many_items' });
    expect(findUnstorable(Object.fromEntries(Array.from({ length: MAX_JSON_ITEMS + 1 }, (_, i) => [`k${i}`, i])))).toMatchObject({ reason: 'too_many_items' });
  });
});
