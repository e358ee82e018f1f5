/**
 * Phrases (a gather's choices) as words, and finding which phrase a transcript says.
 */

const DIGITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** Lowercase words of `text`: letters and apostrophes kept, digits spelled out, everything else a space. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[0-9]/g, (d) => ` ${DIGITS[Number(d)]} `)
    .replace(/[^a-z']+/g, ' ')
    .split(' ')
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w !== '');
}

/** Levenshtein distance of two short strings. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** Two words match when equal, or for words of 5+ letters when one letter differs. */
function sameWord(a: string, b: string): boolean {
  return a === b || (Math.min(a.length, b.length) >= 5 && distance(a, b) <= 1);
}

/**
 * The index of the phrase `transcript` says (its words appear in order, together), or null. When several
 * match, the one with most words wins (so "no thanks" beats "no"); on a tie, the earliest in the list.
 */
export function matchPhrase(transcript: string, phrases: readonly string[]): number | null {
  const said = words(transcript);
  let best: number | null = null;
  let bestLength = 0;
  phrases.forEach((phrase, index) => {
    const want = words(phrase);
    if (want.length === 0 || want.length <= bestLength) return;
    for (let at = 0; at + want.length <= said.length; at++) {
      if (want.every((w, k) => sameWord(w, said[at + k]!))) {
        best = index;
        bestLength = want.length;
        return;
      }
    }
  });
  return best;
}
