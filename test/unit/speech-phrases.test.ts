import { describe, expect, it } from 'vitest';
import { matchPhrase, words } from '../../media/speech/phrases.js';

describe('phrases', () => {
  it('words are lowercase letters with digits spelled out and punctuation dropped', () => {
    expect(words("Billing, please! Press 2 - it's fine")).toEqual(['billing', 'please', 'press', 'two', 'it\'s', 'fine']);
    expect(words('  Café  ')).toEqual(['cafe']);
  });

  it('finds the phrase a transcript says, preferring the longest', () => {
    const phrases = ['no', 'no thanks', 'billing', 'talk to sales'];
    expect(matchPhrase('No thanks.', phrases)).toBe(1);
    expect(matchPhrase('I want to talk to sales please', phrases)).toBe(3);
    expect(matchPhrase('uh billings', phrases)).toBe(2);
    expect(matchPhrase('nothing here', phrases)).toBeNull();
    expect(matchPhrase('', phrases)).toBeNull();
  });

  it('one wrong letter is forgiven only in long words', () => {
    expect(matchPhrase('suport', ['support'])).toBe(0);
    expect(matchPhrase('yet', ['yes'])).toBeNull();
  });
});
