import type { Services } from '../../../shared/services/services.js';
import { wakeDispatcher } from '../../events/event-log.js';
import type { CarrierReports, ChannelCarriers } from '../message-channel.js';
import { messageChannels, type ChannelRegistry } from '../channels/channel-registry.js';
import { createBatcher } from '../../../shared/work/batcher.js';
import { retryThroughOutage } from '../../../shared/work/outage-retry.js';
import type { MessageRow } from '../message-row.js';
import { applyReceipts, type ReceiptFor } from '../message-moves.js';

// Most receipts recorded in one transaction.
const RECEIPT_BATCH_MAX = 128;
// How long a receipt is kept trying while the database is away (a restart or a failover takes seconds).
const RECEIPT_RETRY_MS = 60_000;
import { startOutboxSender, type OutboxSender, type OutboxSenderOptions } from './outbox-sender.js';
import { reportOutbox } from './outbox-metrics.js';

/** The running messaging role. */
export interface Messaging {
  outbox: OutboxSender;
  /** Resolves when no message is being claimed or handed over and no receipt is being recorded (tests). */
  whenIdle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The `messaging` role: starts every registered channel's carriers, the outbox sender that hands them due
 * messages, and applies the receipts the carriers report through the channel's transitions.
 */
export async function startMessaging(services: Services, options: OutboxSenderOptions & { registry?: ChannelRegistry } = {}): Promise<Messaging> {
  const { sql, clock, log, bus } = services;
  const registry = options.registry ?? messageChannels;
  const recording = new Set<Promise<void>>();
  const reports: CarrierReports = {
    receipt(name, carrierRef, outcome, desc) {
      const run = record(name, carrierRef, outcome, desc).finally(() => recording.delete(run));
      recording.add(run);
      return run;
    },
  };
  // Receipts that come in together (an SMSC reports in bursts) are recorded in one transaction.
  const receipts = createBatcher<ReceiptFor, MessageRow | null>(async (batch) => {
    const moved = await sql.begin((tx) => applyReceipts(tx, clock, batch));
    if (moved.some((row) => row !== null)) await wakeDispatcher(bus).catch(() => undefined);
    return moved;
  }, { maxBatch: RECEIPT_BATCH_MAX });
  async function record(...[name, carrierRef, outcome, desc]: Parameters<CarrierReports['receipt']>): Promise<void> {
    try {
      const receipt = { channel: registry.get(name), carrierRef, outcome, desc };
      await retryThroughOutage(clock, clock.now() + RECEIPT_RETRY_MS, () => receipts.submit(receipt));
    } catch (err) {
      log.error({ err, channel: name, carrierRef }, 'a receipt could not be recorded');
    }
  }

  const carriers = new Map<string, ChannelCarriers>();
  try {
    for (const channel of registry.channels.values()) carriers.set(channel.name, await channel.startCarriers(services, reports));
  } catch (err) {
    for (const c of carriers.values()) await c.stop().catch(() => undefined);
    throw err;
  }
  const outbox = await startOutboxSender(services, registry, carriers, reports, options);
  const queue = reportOutbox(services.metrics, sql, clock, log);
  return {
    outbox,
    async whenIdle() {
      do {
        await outbox.whenIdle();
        await Promise.allSettled([...recording]);
      } while (recording.size > 0);
    },
    async stop() {
      queue.remove();
      await outbox.stop();
      for (const c of carriers.values()) await c.stop().catch((err: unknown) => log.error({ err }, 'a carrier did not stop cleanly'));
      // Receipts the carriers reported before they stopped are recorded before the role says it stopped.
      await Promise.allSettled([...recording]);
    },
  };
}
