import { SentralError } from '../errors/sentral-error.js';

/**
 * Epoch ms of an Instant a client gave (protocol/api/common.ts: a UTC date, its start, or an ISO 8601 UTC
 * timestamp); invalid_request naming `param` when it names no real time (Date.parse takes 2026-02-31 as
 * March 3rd, so a date must read back as itself).
 */
export function parseInstant(value: string, param: string): number {
  const ms = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== value.slice(0, 10)) {
    throw new SentralError('invalid_request', { message: `${param} is not a valid UTC date or timestamp.`, param });
  }
  return ms;
}
