import { connect, createInbox, type NatsConnection } from '@nats-io/transport-node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Bus, BusMessage } from '../../shared/bus/bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { sanitizeName } from '../../shared/bus/subject.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';
import { Waiters } from '../support/waiters.js';

// nats-server 2.9 takes a nak'd message off its redelivery queue and keeps it only until the ack wait
// when the pull requests it finds are all ones nobody listens to any more. A stopping consumer leaves
// such a request behind (its own last pull); this test leaves one more on purpose, so the case is certain.

const prefix = uniquePrefix('handover');
let bus: Bus;
let raw: NatsConnection;

beforeAll(async () => {
  bus = await createNatsBus({ url: serviceUrls.nats, prefix, name: 'bus-handover-test' });
  raw = await connect({ servers: serviceUrls.nats });
});

afterAll(async () => {
  await bus?.close();
  await raw?.close();
  await deleteNatsPrefix(prefix);
});

/** Leaves a pull request on the durable whose reply subject nobody listens to any more. */
async function leaveStalePull(stream: string, durable: string): Promise<void> {
  const inbox = createInbox();
  const sub = raw.subscribe(inbox);
  raw.publish(`$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`, JSON.stringify({ batch: 1, expires: 60_000_000_000 }), { reply: inbox });
  await raw.flush();
  sub.unsubscribe();
  await raw.flush();
}

it('hands a message that one consumer stops without acking to the next at once, past pull requests nobody listens to', async () => {
  await bus.ensureStream({ name: 'work', subjects: ['work.>'], retention: 'workqueue' });
  await bus.publish('work.x', new TextEncoder().encode('job'));
  const options = { stream: 'work', durable: 'owner', filterSubject: 'work.>' };

  const firstGot: BusMessage[] = [];
  const firstWake = new Waiters();
  const first = await bus.consume(options, (m) => {
    firstGot.push(m);
    firstWake.wake();
  });
  const m1 = await firstWake.until(() => firstGot[0], 5_000, 'the first delivery', () => `got ${firstGot.length}`);
  await leaveStalePull(sanitizeName(`${prefix}_work`), 'owner');
  await first.stop();

  const secondGot: BusMessage[] = [];
  const secondWake = new Waiters();
  const second = await bus.consume(options, async (m) => {
    secondGot.push(m);
    await m.ack();
    secondWake.wake();
  });
  // The ack wait is 30 s: within 5 s the message came by the nak, not by the ack wait.
  const m2 = await secondWake.until(() => secondGot[0], 5_000, 'the redelivery', () => `got ${secondGot.length}`);
  expect(m2.seq).toBe(m1.seq);
  expect(m2.deliveryCount).toBe(2);
  await second.stop();
});
