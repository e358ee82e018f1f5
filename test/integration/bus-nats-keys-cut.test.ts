import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from '../../shared/bus/bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';

// A KV bucket's key listing whose connection is black-holed (a partition: nothing closed, nothing arrives)
// must end, with `unavailable`, and the bucket list again once the path heals: a worker's lease round awaits
// these listings, and one that never ended stopped the worker's renewals and claims for good (issue #38's
// HA scenario, after a worker's cut healed).
const NATS_PORT = Number(new URL(serviceUrls.nats).port || 4222);
const prefix = uniquePrefix('keyscut');
let proxy: TcpProxy;
let bus: Bus;

beforeAll(async () => {
  proxy = await startTcpProxy(NATS_PORT);
  bus = await createNatsBus({ url: `nats://127.0.0.1:${proxy.port}`, prefix, name: 'keys-cut-test' });
});
afterAll(async () => {
  proxy?.heal();
  await bus?.close();
  await proxy?.close();
  await deleteNatsPrefix(prefix).catch(() => undefined);
});

describe('listing a bucket\'s keys through a black-holed connection', () => {
  it('ends with unavailable within its bound, and lists again after the heal', async () => {
    const bucket = await bus.kv('keys-cut');
    for (const key of ['a', 'b', 'c']) await bucket.put(key, new TextEncoder().encode(key));
    expect((await bucket.keys()).sort()).toEqual(['a', 'b', 'c']);
    proxy.blackhole();
    const started = Date.now();
    await expect(bucket.keys()).rejects.toMatchObject({ code: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(10_000);
    proxy.heal();
    expect((await bucket.keys()).sort()).toEqual(['a', 'b', 'c']);
  }, 30_000);
});
