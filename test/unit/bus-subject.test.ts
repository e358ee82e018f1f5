import { describe, expect, it } from 'vitest';
import { isValidKvKey, sanitizeName, subjectMatches } from '../../shared/bus/subject.js';

describe('subject matching', () => {
  it.each([
    ['cmd.1.call_a', 'cmd.1.call_a', true],
    ['cmd.*.call_a', 'cmd.7.call_a', true],
    ['cmd.*', 'cmd.7.call_a', false],
    ['cmd.>', 'cmd.7.call_a', true],
    ['cmd.>', 'cmd', false],
    ['>', 'anything.at.all', true],
    ['cmd.*.x', 'cmd.1', false],
    ['cmd.1', 'cmd.1.x', false],
    ['cmd.1.x', 'cmd.1', false],
    ['*', 'a', true],
    ['*', 'a.b', false],
  ])('%s matches %s: %s', (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});

describe('names and keys', () => {
  it('replaces characters JetStream refuses in stream names', () => {
    expect(sanitizeName('sentral_cmd.v1 x>*')).toBe('sentral_cmd_v1_x__');
  });

  it('accepts the key characters NATS allows and refuses the rest', () => {
    for (const key of ['a', 'node.n1', 'p-1_x=/y', 'A.b.C']) expect(isValidKvKey(key)).toBe(true);
    for (const key of ['', '.a', 'a.', 'a..b', 'a b', 'a*', 'a.>', 'é', 'a\u0000']) expect(isValidKvKey(key)).toBe(false);
  });
});
