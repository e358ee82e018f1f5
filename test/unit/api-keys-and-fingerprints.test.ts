import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { apiKeyMode, displayPrefix, generateApiKey, hashSecret, sameHash } from '../../control/accounts/key-secret.js';
import { canonicalJson, requestFingerprint } from '../../control/api/idempotency-store.js';
import { monthBounds, monthOf } from '../../control/billing/ledger.js';
import { redactSecrets } from '../../shared/log/log.js';

describe('API key values', () => {
  it('are self-describing, high-entropy and redacted by the logger', () => {
    const live = generateApiKey('live');
    const test = generateApiKey('test');
    expect(live).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect(apiKeyMode(live)).toBe('live');
    expect(apiKeyMode(test)).toBe('test');
    expect(displayPrefix(live)).toBe(live.slice(0, 12));
    expect(new Set(Array.from({ length: 200 }, () => generateApiKey('live'))).size).toBe(200);
    expect(redactSecrets(`key ${live}`)).not.toContain(live.slice(8));
  });

  it('refuses anything not shaped like a key', () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (s) => {
      if (!/^sk_(live|test)_[0-9A-Za-z]{32}$/.test(s)) expect(apiKeyMode(s)).toBeNull();
    }));
    for (const bad of ['', 'sk_live_', `sk_prod_${'a'.repeat(32)}`, `sk_live_${'a'.repeat(33)}`, ` sk_live_${'a'.repeat(32)}`]) expect(apiKeyMode(bad)).toBeNull();
  });

  it('compares hashes in constant time and only equal ones match', () => {
    expect(sameHash(hashSecret('a'), hashSecret('a'))).toBe(true);
    expect(sameHash(hashSecret('a'), hashSecret('b'))).toBe(false);
    expect(sameHash('', '')).toBe(false);
  });
});

describe('request fingerprints', () => {
  it('ignore the order of object keys at every level', () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 })), (obj) => {
      const reversed = Object.fromEntries(Object.entries(obj).reverse());
      expect(requestFingerprint('POST', '/v1/x', reversed)).toBe(requestFingerprint('POST', '/v1/x', obj));
    }));
  });

  it('differ by method, path and content', () => {
    const base = requestFingerprint('POST', '/v1/calls', { a: 1 });
    expect(requestFingerprint('PUT', '/v1/calls', { a: 1 })).not.toBe(base);
    expect(requestFingerprint('POST', '/v1/calls/x', { a: 1 })).not.toBe(base);
    expect(requestFingerprint('POST', '/v1/calls', { a: 2 })).not.toBe(base);
    expect(requestFingerprint('POST', '/v1/calls', { a: '1' })).not.toBe(base);
    expect(canonicalJson({ b: [1, { d: 1, c: 2 }], a: null })).toBe('{"a":null,"b":[1,{"c":2,"d":1}]}');
  });
});

describe('months', () => {
  it('bound a UTC month and contain the instants in it', () => {
    expect(monthBounds('2026-12')).toEqual({ startMs: Date.UTC(2026, 11, 1), endMs: Date.UTC(2027, 0, 1) });
    expect(monthOf(Date.UTC(2026, 1, 28, 23, 59))).toBe('2026-02');
  });
});
