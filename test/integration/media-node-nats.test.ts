import { afterAll, beforeAll, expect, it } from 'vitest';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';
import { NodeHarness } from './media-harness.js';
import { MEDIA_NODES_BUCKET } from '../../protocol/bus/bus-names.js';

let h: NodeHarness;
beforeAll(async () => {
  const bus = await createNatsBus({ url: serviceUrls.nats, prefix: uniquePrefix('media') });
  h = await new NodeHarness().start({ bus });
});
afterAll(() => h.stop());

it('on NATS JetStream: registers, answers operations, and publishes events into the call mailbox', async () => {
  const bucket = await h.bus.kv(MEDIA_NODES_BUCKET);
  expect(await bucket.keys()).toEqual([h.node.nodeId]);
  expect(await h.op({ op: 'openSession', callId: 'call_n' })).toEqual({ ok: true });
  expect(await h.op({ op: 'addLeg', callId: 'call_n', legId: 'part_busy', kind: 'phone', phone: { to: '+442079460002' } })).toEqual({ ok: true });
  const busy = await h.event((e) => e.type === 'leg.busy');
  expect(busy).toMatchObject({ source: 'media', nodeId: h.node.nodeId, callId: 'call_n', legId: 'part_busy', seq: 1 });
  expect(await h.op({ op: 'updateLeg', callId: 'call_n', legId: 'part_busy', muted: true })).toMatchObject({ ok: false, error: { code: 'media_leg_not_found' } });
});
