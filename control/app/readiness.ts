import { pingDatabase } from '../../shared/db/database.js';
import type { BusNeeds } from '../../shared/bus/bus.js';
import {
  INBOUND_STREAM,
  MAILBOX_STREAM,
  MEDIA_NODES_BUCKET,
  PARTITION_LEASES_BUCKET,
  ROOM_KEYS_BUCKET,
  SIM_PHONES_BUCKET,
  WORKERS_BUCKET,
} from '../../protocol/bus/bus-names.js';
import type { Services } from '../../shared/services/services.js';

/** What /readyz reports: ready only when every backing service answers. */
export interface Readiness {
  ok: boolean;
  /** Names of the parts that did not answer: database, bus, hot_store. */
  failing: string[];
}

// Each probe must answer within this; the whole check stays well under the 5 s the issue allows.
const PROBE_TIMEOUT_MS = 1500;

/**
 * The streams and buckets calls go through: on a NATS cluster a connection can answer while one of them has
 * no leader (its node is down, an election runs), and a `say` sent then would wait in vain.
 */
export const BUS_NEEDS: BusNeeds = {
  streams: [MAILBOX_STREAM.name, INBOUND_STREAM.name],
  buckets: [PARTITION_LEASES_BUCKET, WORKERS_BUCKET, MEDIA_NODES_BUCKET, ROOM_KEYS_BUCKET, SIM_PHONES_BUCKET],
};

/** Probes the database, the bus (with the streams and buckets it needs) and the hot store at once. */
export async function checkReadiness(services: Pick<Services, 'sql' | 'bus' | 'hot'>): Promise<Readiness> {
  const probes: [string, () => Promise<void>][] = [
    ['database', () => pingDatabase(services.sql, PROBE_TIMEOUT_MS)],
    ['bus', () => services.bus.ping(BUS_NEEDS)],
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
