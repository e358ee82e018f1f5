/**
 * The one check of outside JSON before anything recursive or durable touches it: bounded nesting and array
 * lengths, and text PostgreSQL can store (well-formed UTF-16 without lone surrogates, no NUL). JSON.parse turns
 * `"\ud800"` escapes into lone surrogates, so this runs on the parsed value. The walk is iterative, so a
 * 100,000-deep value costs one pass and no stack.
 */

/** Deepest nesting of objects and arrays accepted from outside (the body itself is depth 1). */
export const MAX_JSON_DEPTH = 32;
/** Most elements of any one array, and most keys of any one object, accepted from outside. */
export const MAX_JSON_ITEMS = 1000;

/** Why a value cannot be taken in, and where: `path` is dotted (`metadata.a.b`, `choices.3.id`), '' for the value itself. */
export interface UnstorableJson {
  path: string;
  reason: 'too_deep' | 'too_many_items' | 'lone_surrogate' | 'nul';
  message: string;
}

/** Limits of `findUnstorable` (the defaults above unless given). */
export interface JsonLimits {
  maxDepth?: number;
  maxItems?: number;
}

/** True when `text` is well-formed Unicode without NUL, so PostgreSQL text and jsonb can hold it. */
export function isStorableText(text: string): boolean {
  return !LONE_SURROGATE.test(text) && !text.includes('\u0000');
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one (String#isWellFormed is ES2024).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first part of `value` that breaks the limits or cannot be stored, or null when it is all fine. */
export function findUnstorable(value: unknown, limits: JsonLimits = {}): UnstorableJson | null {
  const maxDepth = limits.maxDepth ?? MAX_JSON_DEPTH;
  const maxItems = limits.maxItems ?? MAX_JSON_ITEMS;
  const stack: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === 'string') {
      const problem = textProblem(v, path);
      if (problem) return problem;
      continue;
    }
    if (v === null || typeof v !== 'object' || ArrayBuffer.isView(v)) continue;
    if (path.length + 1 > maxDepth) {
      return { path: shown(path), reason: 'too_deep', message: `JSON is nested deeper than ${maxDepth} levels.` };
    }
    if (Array.isArray(v)) {
      if (v.length > maxItems) return { path: shown(path), reason: 'too_many_items', message: `An array has more than ${maxItems} elements.` };
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], path: [...path, String(i)] });
      continue;
    }
    const keys = Object.keys(v);
    if (keys.length > maxItems) return { path: shown(path), reason: 'too_many_items', message: `An object has more than ${maxItems} keys.` };
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const problem = textProblem(key, path, true);
      if (problem) return problem;
      stack.push({ value: (v as Record<string, unknown>)[key], path: [...path, key] });
    }
  }
  return null;
}

function textProblem(text: string, path: string[], isKey = false): UnstorableJson | null {
  const where = isKey ? 'A key' : 'Text';
  if (LONE_SURROGATE.test(text)) return { path: shown(path, isKey), reason: 'lone_surrogate', message: `${where} holds a lone UTF-16 surrogate (not valid Unicode).` };
  if (text.includes('\u0000')) return { path: shown(path, isKey), reason: 'nul', message: `${where} must not contain NUL characters.` };
  return null;
}

// Long paths (deep bodies) are cut so the error stays short; a key with a bad character is named by its parent.
function shown(path: string[], isKey = false): string {
  const parts = path.map((p) => (isStorableText(p) ? p : '(key)'));
  if (isKey) parts.push('(key)');
  const joined = parts.join('.');
  return joined.length > 100 ? `${joined.slice(0, 97)}...` : joined;
}
