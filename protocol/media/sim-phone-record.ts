import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { SimScript } from './sim-script.js';

/** The bucket key of a number: its digits (KV keys cannot hold `+`). */
export function simPhoneKey(number: string): string {
  return number.replace(/^\+/, '');
}

/**
 * One phone defined on the simulated network at runtime, as stored in the SIM_PHONES_BUCKET. The admin API
 * writes it; every media node watches the bucket (and reads it whole at start), so a node started later
 * has the same phones.
 */
export const SimPhoneRecord = Type.Object({
  number: Type.String(),
  script: SimScript,
  description: Type.String(),
  /** Epoch milliseconds of the definition. */
  definedAt: Type.Integer(),
});
/** One defined phone, as stored in the bucket. */
export type SimPhoneRecord = Static<typeof SimPhoneRecord>;

const decoder = new TextDecoder();

/** A bucket value as a phone record, or null when it is not one (a damaged or foreign entry). */
export function parseSimPhoneRecord(value: Uint8Array): SimPhoneRecord | null {
  try {
    const record: unknown = JSON.parse(decoder.decode(value));
    return Value.Check(SimPhoneRecord, record) ? record : null;
  } catch {
    return null;
  }
}
