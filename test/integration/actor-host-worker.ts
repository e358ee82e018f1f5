/**
 * A worker process for the failover test: runs an actor host with the toy machine on real NATS and
 * PostgreSQL and prints one JSON line per ownership change, until it is killed.
 * Environment: DATABASE_URL, NATS_URL, PREFIX, PARTITIONS, WORKER_ID, LEASE_TTL_MS, RENEW_MS.
 */
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { openDatabase } from '../../shared/db/database.js';
import { createLogger } from '../../shared/log/log.js';
import { startActorHost } from '../../control/calls/host/actor-host.js';
import { FENCE_TIMEOUTS } from '../../control/calls/host/fence.js';
import { counterMachine } from './actor-host-toy.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const sql = openDatabase({ url: env('DATABASE_URL'), max: 3 });
const bus = await createNatsBus({ url: env('NATS_URL'), prefix: env('PREFIX'), name: 'actor-host-worker' });
await startActorHost(
  { config: { partitions: Number(env('PARTITIONS')) }, clock: realClock, log: createLogger({ level: 'silent' }), sql, bus },
  {
    machines: { counter: counterMachine },
    workerId: env('WORKER_ID'),
    leaseTtlMs: Number(env('LEASE_TTL_MS')),
    renewIntervalMs: Number(env('RENEW_MS')),
    onOwnership: (owned) => process.stdout.write(`${JSON.stringify({ owned })}\n`),
    fenceTimeouts: FENCE_TIMEOUTS,
  },
);
