import { afterAll, expect, it } from 'vitest';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { generateRoomKeyPair } from '../../shared/signing/room-token.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';
import { runSentral } from '../support/sentral-process.js';
import { MEDIA_NODES_BUCKET, ROOM_KEYS_BUCKET } from '../../protocol/bus/bus-names.js';

const prefix = uniquePrefix('media');
afterAll(() => deleteNatsPrefix(prefix));

it('a cluster media node needs only the bus: its workers start with PostgreSQL and Redis unreachable, and stop cleanly', async () => {
  const bus = await createNatsBus({ url: serviceUrls.nats, prefix });
  try {
    // Nothing listens on port 1: a media node that touched the database or Redis would fail to start.
    const media = runSentral(['media'], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
      REDIS_URL: 'redis://127.0.0.1:1',
      NATS_URL: serviceUrls.nats,
      SENTRAL_PREFIX: prefix,
      SENTRAL_NODE_ID: 'media-role-test',
      SENTRAL_MEDIA_WORKERS: '2',
    });
    // It waits for the control plane's room key before serving rooms; publish one as the API would.
    const publicKey = generateRoomKeyPair().publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await (await bus.kv(ROOM_KEYS_BUCKET)).put('current', new TextEncoder().encode(publicKey));
    // One media worker per core: each is a node of its own, with its own port and registry entry.
    for (const worker of ['media-role-test-w0', 'media-role-test-w1']) {
      const started = await media.printed(new RegExp(`media node ${worker} listening on port (\\d+)`));
      const health = await fetch(`http://127.0.0.1:${started[1]}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ nodeId: worker });
    }
    const registry = await bus.kv(MEDIA_NODES_BUCKET);
    expect(await registry.keys()).toEqual(expect.arrayContaining(['media-role-test-w0', 'media-role-test-w1']));
    expect(await media.stop('SIGTERM')).toBe(0);
  } finally {
    await bus.close();
  }
}, 60_000);
