import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../../shared/bus/bus.js';
import { isBusError } from '../../shared/bus/bus-error.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { retryUntil } from '../support/eventually.js';
import { serviceUrls } from '../support/services.js';
import { dec, enc, natsClusterForFile } from '../ha/nats-cluster-file.js';

// The short version of the NATS cluster suite (the long one: `npm run test:ha`, test/ha/): a three-node
// cluster on free loopback ports and SENTRAL_NATS_REPLICAS as the bus applies it.

const file = natsClusterForFile(3);

describe('SENTRAL_NATS_REPLICAS on a three-node cluster', () => {
  it('gives every stream, consumer and KV bucket the configured replicas, and scales existing ones in place', async () => {
    const r1 = await file.bus('scale', 1);
    await r1.ensureStream({ name: 'cmd', subjects: ['cmd.>'], retention: 'workqueue' });
    const got: string[] = [];
    const sub1 = await r1.consume({ stream: 'cmd', durable: 'w', filterSubject: 'cmd.>' }, async (m: BusMessage) => {
      got.push(dec(m.data));
      await m.ack();
    });
    const kv1 = await r1.kv('leases', { ttlMs: 60_000 });
    await kv1.put('p0', enc('worker-a'));
    await r1.publish('cmd.1', enc('before'));
    await retryUntil(async () => expect(got).toEqual(['before']), 10_000);
    await sub1.stop();
    expect((await file.jsm.streams.info('scale_cmd')).config.num_replicas).toBe(1);

    // The same cluster restarted with SENTRAL_NATS_REPLICAS=3: what exists is updated, nothing is lost.
    await r1.publish('cmd.1', enc('waiting'));
    const r3 = await file.bus('scale', 3);
    await r3.ensureStream({ name: 'cmd', subjects: ['cmd.>'], retention: 'workqueue' });
    const sub3 = await r3.consume({ stream: 'cmd', durable: 'w', filterSubject: 'cmd.>' }, async (m: BusMessage) => {
      got.push(dec(m.data));
      await m.ack();
    });
    const kv3 = await r3.kv('leases', { ttlMs: 60_000 });
    await retryUntil(async () => expect(got).toEqual(['before', 'waiting']), 10_000);
    expect(dec((await kv3.get('p0'))!.value)).toBe('worker-a');

    const stream = await file.jsm.streams.info('scale_cmd');
    expect(stream.config.num_replicas).toBe(3);
    expect(stream.cluster?.replicas).toHaveLength(2);
    expect((await file.jsm.consumers.info('scale_cmd', 'w')).config.num_replicas).toBe(3);
    const bucket = await file.jsm.streams.info('KV_scale_leases');
    expect(bucket.config.num_replicas).toBe(3);
    expect(bucket.config.max_age).toBe(60_000 * 1_000_000);
    await sub3.stop();
  }, 60_000);

  it('refuses more replicas than the cluster has servers, naming the setting', async () => {
    const r5 = await file.bus('five', 5);
    const err = await r5.ensureStream({ name: 'cmd', subjects: ['cmd.>'], retention: 'workqueue' }).catch((e: unknown) => e);
    expect(isBusError(err, 'replicas_unavailable')).toBe(true);
    expect((err as Error).message).toMatch(/^SENTRAL_NATS_REPLICAS=5: the NATS cluster cannot place 5 replicas of stream five_cmd \(3 servers/);
    const kvErr = await r5.kv('leases').catch((e: unknown) => e);
    expect(isBusError(kvErr, 'replicas_unavailable')).toBe(true);
  });

  it('refuses replicas on a server that is not clustered before anything is created', async () => {
    const err = await createNatsBus({ url: serviceUrls.nats, prefix: 'never', replicas: 3 }).catch((e: unknown) => e);
    expect(isBusError(err, 'replicas_unavailable')).toBe(true);
    expect((err as Error).message).toMatch(/SENTRAL_NATS_REPLICAS=3 needs a NATS cluster of at least 3 servers with JetStream; the server at .* is not clustered/);
  });
});
