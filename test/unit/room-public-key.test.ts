import { describe, expect, it } from 'vitest';
import { awaitRoomPublicKey } from '../../control/calls/room-keys.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { BusError } from '../../shared/bus/bus-error.js';
import type { Bus, KvBucket } from '../../shared/bus/bus.js';
import { ROOM_KEYS_BUCKET } from '../../protocol/bus/bus-names.js';
import { generateRoomKeyPair } from '../../shared/signing/room-token.js';

// A bus whose room-keys bucket fails its first `failures` reads with `error`, as a replicated bucket does
// while its stream elects a leader.
function flakyReads(bus: Bus, failures: number, error: Error): Bus {
  let left = failures;
  const own = (target: object, prop: string | symbol): unknown => {
    const value: unknown = Reflect.get(target, prop, target);
    return typeof value === 'function' ? value.bind(target) : value;
  };
  return new Proxy(bus, {
    get(target, prop) {
      if (prop !== 'kv') return own(target, prop);
      return async (name: string, ...rest: unknown[]): Promise<KvBucket> => {
        const bucket = await target.kv(name, ...(rest as []));
        if (name !== ROOM_KEYS_BUCKET) return bucket;
        return new Proxy(bucket, {
          get(b, p) {
            if (p === 'get') return async (key: string) => (left-- > 0 ? Promise.reject(error) : b.get(key));
            return own(b, p);
          },
        });
      };
    },
  });
}

describe("a media node's read of the room tokens' public key at start", () => {
  async function published(): Promise<{ bus: Bus; pem: string }> {
    const bus = createMemoryBus();
    const pem = generateRoomKeyPair().publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await (await bus.kv(ROOM_KEYS_BUCKET)).put('current', new TextEncoder().encode(pem));
    return { bus, pem };
  }

  it('reads again while the bus does not answer (a stream electing its leader), then has the key', async () => {
    const { bus, pem } = await published();
    const key = await awaitRoomPublicKey(flakyReads(bus, 3, new BusError('unavailable', 'get KV key current: TIMEOUT')));
    expect(key.export({ type: 'spki', format: 'pem' }).toString()).toBe(pem);
    await bus.close();
  });

  it('does not read again after an error that is not the bus being away', async () => {
    const { bus } = await published();
    await expect(awaitRoomPublicKey(flakyReads(bus, 1, new BusError('closed')))).rejects.toMatchObject({ code: 'closed' });
    await bus.close();
  });
});
