import { join } from 'node:path';
import type { Config } from '../config/config.js';
import { sanitizeName } from '../bus/subject.js';
import { FallbackObjectStore } from './fallback-object-store.js';
import { LocalObjectStore } from './local-object-store.js';
import { openNatsObjectStore } from './nats-object-store.js';
import type { ObjectStore } from './object-store.js';

/** The settings the recordings' store is made from. */
export type RecordingsStoreConfig = Pick<Config, 'recordingsStore' | 'natsUrl' | 'natsReplicas' | 'prefix' | 'dataDir'>;

/** The local directory recordings are kept in (SENTRAL_RECORDINGS_STORE=local, and before object storage). */
export function localRecordingsDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'recordings');
}

/** The NATS object store bucket of the recordings (stream `OBJ_<bucket>`). */
export function recordingsBucket(config: Pick<Config, 'prefix'>): string {
  return sanitizeName(`${config.prefix}_recordings`);
}

/**
 * Opens the store recordings are kept in (SENTRAL_RECORDINGS_STORE): the local directory, or the NATS
 * bucket with SENTRAL_NATS_REPLICAS copies, which reads what it lacks from the local directory (recordings
 * made before it, until `sentral recordings migrate` copies them).
 */
export async function openRecordingsStore(config: RecordingsStoreConfig, connectionName?: string): Promise<ObjectStore> {
  const local = new LocalObjectStore(localRecordingsDir(config));
  if (config.recordingsStore === 'local') return local;
  const bucket = await openNatsObjectStore({
    url: config.natsUrl!,
    bucket: recordingsBucket(config),
    replicas: config.natsReplicas,
    ...(connectionName ? { name: connectionName } : {}),
  });
  return new FallbackObjectStore(bucket, local);
}
