import type { Services } from '../app/services.js';
import { wakeDispatcher } from '../events/event-log.js';
import type { CarrierReports, ChannelCarriers } from './channel.js';
import { messageChannels, type ChannelRegistry } from './channel-registry.js';
import { applyReceipt } from './message-store.js';
import { startOutboxSender, type OutboxSender, type OutboxSenderOptions } from './outbox-sender.js';

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
  async function record(...[name, carrierRef, outcome, desc]: Parameters<CarrierReports['receipt']>): Promise<void> {
    try {
      const moved = await sql.begin((tx) => applyReceipt(tx, clock, registry.get(name), carrierRef, outcome, desc));
      if (moved) await wakeDispatcher(bus).catch(() => undefined);
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
  const outbox = await startOutboxSender(services, registry, carriers, options);
  return {
    outbox,
    async whenIdle() {
      do {
        await outbox.whenIdle();
        await Promise.allSettled([...recording]);
      } while (recording.size > 0);
    },
    async stop() {
      await outbox.stop();
      for (const c of carriers.values()) await c.stop().catch((err: unknown) => log.error({ err }, 'a carrier did not stop cleanly'));
    },
  };
}
