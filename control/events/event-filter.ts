/**
 * True when an endpoint's event filter wants `type`: an entry matches its exact name, `prefix.*` matches
 * every type under `prefix.` (any depth: `call.*` takes call.ended and call.participant.joined), and `*`
 * matches all.
 */
export function eventTypeMatches(filter: readonly string[], type: string): boolean {
  return filter.some((entry) => {
    if (entry === '*') return true;
    if (entry.endsWith('.*')) return type.startsWith(entry.slice(0, -1));
    return entry === type;
  });
}
