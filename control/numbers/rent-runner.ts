import type { Services } from '../../shared/services/services.js';
import { RENT_WAKE_SUBJECT } from '../../protocol/bus/bus-names.js';
import { startClaimLoop } from '../../shared/work/claim-loop.js';
import { wakeDispatcher } from '../events/event-log.js';
import { dueNumbers, nextRentDueAt, settleNumber } from './number-rent.js';

/** Options of the rent runner (tests shorten the poll). */
export interface RentRunnerOptions {
  /** How often due numbers are looked for besides the next due time and wake-ups (default 60 s). */
  pollIntervalMs?: number;
}

/** A running rent runner. */
export interface RentRunner {
  /** Looks for due numbers now (what a bus wake-up does). */
  wake(): void;
  /** Resolves when no number is being claimed or settled (tests, between clock moves). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The durable monthly rent schedule: on the services' clock, at the next number's due time (and when a
 * top-up wakes it), settles each due number (renew, suspend, resume or release; number-rent.ts). The
 * schedule is the rows' rent_due_at_ms, so a restart or another worker picks up exactly where it stood.
 */
export async function startRentRunner(services: Services, options: RentRunnerOptions = {}): Promise<RentRunner> {
  const { sql, clock, log, bus } = services;
  const loop = await startClaimLoop<string>({
    name: 'number rent',
    clock,
    log,
    bus,
    wakeSubject: RENT_WAKE_SUBJECT,
    concurrency: 4,
    pollIntervalMs: options.pollIntervalMs ?? 60_000,
    claim: (room, now, held) => dueNumbers(sql, now, room, held),
    idOf: (id) => id,
    async run(id) {
      const outcome = await settleNumber(sql, clock, id);
      if (outcome !== 'skipped') await wakeDispatcher(bus).catch((err: unknown) => log.warn({ err }, 'could not wake the webhook dispatcher'));
    },
    nextDueAt: () => nextRentDueAt(sql),
  });
  return { wake: () => loop.wake(), idle: () => loop.whenIdle(), stop: () => loop.stop() };
}
