/** Epoch milliseconds as an ISO 8601 UTC timestamp, or null. */
export function isoOrNull(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}
