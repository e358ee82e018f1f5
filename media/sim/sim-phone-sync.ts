import { parseSimPhoneRecord, type SimPhoneRecord } from '../../protocol/media/sim-phone-record.js';
import type { Bus, Subscription } from '../../shared/bus/bus.js';
import type { Logger } from '../../shared/log/log.js';
import type { SimNetwork } from './sim-network.js';
import { SIM_PHONES_BUCKET } from '../../protocol/bus/bus-names.js';

/**
 * Keeps a node's simulated network in step with the phones defined through the admin API: applies every
 * phone already in the `sim-phones` bucket, then every later definition. The watch starts before the
 * bucket is read, and a key's entry is applied only when newer than the last one applied, so a definition
 * made during start is neither missed nor overwritten by the older value. A damaged entry is logged and
 * skipped. Deleting a key does not remove the phone (the network has no removal; redefine it instead).
 */
export async function syncSimPhones(deps: { bus: Bus; sim: Pick<SimNetwork, 'defineSimPhone'>; log: Logger }): Promise<Subscription> {
  const { bus, sim, log } = deps;
  const applied = new Map<string, number>();
  const apply = (key: string, value: Uint8Array, revision: number): void => {
    if ((applied.get(key) ?? 0) >= revision) return;
    applied.set(key, revision);
    const record = parseSimPhoneRecord(value);
    if (!record) {
      log.warn({ key, revision }, 'sim phone entry is not a valid definition; skipped');
      return;
    }
    define(record);
  };
  const define = (record: SimPhoneRecord): void => {
    try {
      sim.defineSimPhone(record.number, record.script);
      log.info({ number: record.number }, 'sim phone defined');
    } catch (err) {
      log.warn({ err, number: record.number }, 'sim phone definition refused; skipped');
    }
  };

  const bucket = await bus.kv(SIM_PHONES_BUCKET);
  const watch = await bucket.watch((event) => {
    if (event.value !== null) apply(event.key, event.value, event.revision);
  });
  try {
    for (const key of await bucket.keys()) {
      const entry = await bucket.get(key);
      if (entry) apply(key, entry.value, entry.revision);
    }
  } catch (err) {
    await watch.stop();
    throw err;
  }
  return watch;
}
