import { pingDatabase } from '../../shared/db/database.js';
import type { Services } from './services.js';

/** What /readyz reports: ready only when every backing service answers. */
export interface Readiness {
  ok: boolean;
  /** Names of the parts that did not answer: database, bus, hot_store. */
  failing: string[];
}

// Each probe must answer within this; the whole check stays well under the 5 s the issue allows.
const PROBE_TIMEOUT_MS = 1500;

/** Probes the database, the bus and the hot store at once. */
export async function checkReadiness(services: Pick<Services, 'sql' | 'bus' | 'hot'>): Promise<Readiness> {
  const probes: [string, () => Promise<void>][] = [
    ['database', () => pingDatabase(services.sql, PROBE_TIMEOUT_MS)],
    ['bus', () => services.bus.ping()],
    ['hot_store', () => services.hot.ping()],
  ];
  const results = await Promise.all(probes.map(async ([name, probe]) => ((await answers(probe)) ? null : name)));
  const failing = results.filter((r): r is string => r !== null);
  return { ok: failing.length === 0, failing };
}

async function answers(probe: () => Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
