import type { GatherChoice, GatherResult } from '../../../protocol/calls/command.js';

/** A gather in progress or done: its command's slot. */
export interface GatherRecord {
  /** True while the question is still being read (keys barge in and stop it). */
  prompting: boolean;
  numDigits: number | null;
  finishOnKey: string;
  timeoutMs: number;
  choices: GatherChoice[];
  digits: string;
  result: GatherResult | null;
  /** Input speech: the leg listened to and the listen op (its refusal is the listen's failure); absent or null: keys only. */
  speech?: { legId: string; opId: string; listening: boolean; speaking: boolean } | null;
}

/** Seconds a gather waits for the first key after the question, and between keys, unless asked otherwise. */
export const DEFAULT_GATHER_TIMEOUT_SECONDS = 5;

/** The id of the choice whose digits are exactly `digits`, or null. */
export function matchChoice(choices: readonly GatherChoice[], digits: string): string | null {
  return choices.find((c) => c.digits !== undefined && c.digits === digits)?.id ?? null;
}

function result(g: GatherRecord, outcome: GatherResult['outcome']): GatherResult {
  return { outcome, digits: g.digits, transcript: null, choice: matchChoice(g.choices, g.digits), confidence: null };
}

/**
 * Adds a pressed key to a gather; returns the result when the gather is complete: the finish key was
 * pressed, `numDigits` keys came, a choice matches exactly, or no choice can match any more.
 */
export function pressKey(g: GatherRecord, digit: string): GatherResult | null {
  if (g.finishOnKey !== '' && digit === g.finishOnKey) return result(g, 'digits');
  g.digits += digit;
  if (g.numDigits !== null && g.digits.length >= g.numDigits) return result(g, 'digits');
  // Choices without digits (said only) play no part in keys.
  const keyed = g.choices.flatMap((c) => (c.digits === undefined ? [] : [c.digits]));
  if (keyed.length > 0 && g.numDigits === null) {
    if (matchChoice(g.choices, g.digits) !== null) {
      // Stop at an exact match unless a longer choice could still follow (then the timeout decides).
      const longer = keyed.some((k) => k.length > g.digits.length && k.startsWith(g.digits));
      if (!longer) return result(g, 'digits');
    } else if (!keyed.some((k) => k.startsWith(g.digits))) {
      return result(g, 'digits');
    }
  }
  return null;
}

/** The result when the wait for a key ran out: the keys so far, or timeout when there were none. */
export function timedOut(g: GatherRecord): GatherResult {
  return result(g, g.digits === '' ? 'timeout' : 'digits');
}

/** The result when the gather was stopped (media/stop). */
export function stopped(g: GatherRecord): GatherResult {
  return result(g, 'stopped');
}

/** The phrases a gather by speech listens for, in choice order, and the id of the choice each one selects. */
export function speechPhrases(choices: readonly GatherChoice[]): { phrases: string[]; choiceOf: string[] } {
  const phrases: string[] = [];
  const choiceOf: string[] = [];
  for (const c of choices) {
    for (const p of c.phrases ?? []) {
      phrases.push(p);
      choiceOf.push(c.id);
    }
  }
  return { phrases, choiceOf };
}

/** The result of an utterance recognized: its text, the choice of the phrase it matched (index), and the confidence. */
export function spoke(g: GatherRecord, text: string, confidence: number, phrase: number | null): GatherResult {
  const choice = phrase === null ? null : (speechPhrases(g.choices).choiceOf[phrase] ?? null);
  return { outcome: 'speech', digits: g.digits, transcript: text, choice, confidence };
}
