import { createPublicKey, type KeyObject } from 'node:crypto';
import type { Bus, KvBucket, KvEntry } from '../../shared/bus/bus.js';
import { isBusError } from '../../shared/bus/bus-error.js';
import type { Sql } from '../../shared/db/database.js';
import { ROOM_KEYS_BUCKET } from '../../protocol/bus/bus-names.js';
import { generateRoomKeyPair, roomKeyFromPem, type RoomKeyPair } from '../../shared/signing/room-token.js';

/** The key under which the control plane publishes the room tokens' public key. */
const CURRENT = 'current';
const SETTING = 'room_private_key';

// A media node starting while the bucket's replicated stream elects a leader (4–9 s on a three-node
// cluster) sees its first reads time out, and each read gives up after the client's 5 s; nothing waits on
// the start, so it reads again for this long before the start fails.
const START_PATIENCE_MS = 60_000;
const START_RETRY_PAUSE_MS = 200;

/**
 * The control plane's room-token key pair: made once per installation and kept in the database (so every
 * API and worker process signs with the same key), with its public half published on the bus for media nodes.
 */
export async function ensureRoomKeys(sql: Sql, bus: Bus): Promise<RoomKeyPair> {
  const fresh = generateRoomKeyPair().privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  // Whoever inserts first wins; everyone reads the winner.
  await sql`insert into system_settings (key, value) values (${SETTING}, ${fresh}) on conflict (key) do nothing`;
  const [row] = await sql<{ value: string }[]>`select value from system_settings where key = ${SETTING}`;
  const privateKey = roomKeyFromPem(row!.value, 'private');
  const publicKey = createPublicKey(privateKey);
  const bucket = await bus.kv(ROOM_KEYS_BUCKET);
  await bucket.put(CURRENT, new TextEncoder().encode(publicKey.export({ type: 'spki', format: 'pem' }).toString()));
  return { privateKey, publicKey };
}

/** The room tokens' public key as published by the control plane; waits for it when not there yet. */
export async function awaitRoomPublicKey(bus: Bus): Promise<KeyObject> {
  const bucket = await bus.kv(ROOM_KEYS_BUCKET);
  const decode = (value: Uint8Array): KeyObject => roomKeyFromPem(new TextDecoder().decode(value), 'public');
  const existing = await readAtStart(bucket, CURRENT);
  if (existing) return decode(existing.value);
  return new Promise((resolve) => {
    void bucket.watch(
      (event) => {
        if (event.value) resolve(decode(event.value));
      },
      { key: CURRENT },
    );
  });
}

async function readAtStart(bucket: KvBucket, key: string): Promise<KvEntry | null> {
  const deadline = Date.now() + START_PATIENCE_MS;
  for (;;) {
    try {
      return await bucket.get(key);
    } catch (err) {
      if (!isBusError(err, 'unavailable') || Date.now() >= deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, START_RETRY_PAUSE_MS));
    }
  }
}
