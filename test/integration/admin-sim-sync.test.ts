import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import type { Bus, Subscription } from '../../shared/bus/bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { createLogger } from '../../shared/log/log.js';
import type { SimScript } from '../../protocol/media/sim-script.js';
import { defineSimPhone } from '../../control/sim/sim-phones.js';
import { SimNetwork } from '../../media/sim/sim-network.js';
import { syncSimPhones } from '../../media/sim/sim-phone-sync.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';
import { NodeHarness } from './media-harness.js';
import { SIM_PHONES_BUCKET } from '../../protocol/bus/bus-names.js';

const clock = new ManualClock(Date.UTC(2026, 2, 15, 12));
const log = createLogger({ level: 'silent' });
const busy: SimScript = [{ step: 'busy' }];
const echo: SimScript = [{ step: 'answerAfter', ms: 0 }, { step: 'echo' }];

/** A node's simulated network that reports each definition the sync applies. */
class WatchedNetwork {
  readonly sim = new SimNetwork();
  private readonly waiters = new Set<() => void>();

  defineSimPhone(number: string, script: unknown): void {
    this.sim.defineSimPhone(number, script);
    for (const w of [...this.waiters]) w();
  }

  /** Resolves once dialling `number` reaches a phone with `script`. */
  reaches(number: string, script: SimScript): Promise<void> {
    return new Promise((resolve) => {
      const check = (): void => {
        const found = this.sim.dial(number);
        if (found.kind !== 'phone' || JSON.stringify(found.script) !== JSON.stringify(script)) return;
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
      check();
    });
  }
}

const buses: [string, () => Promise<Bus>][] = [
  ['memory bus', async () => createMemoryBus({ prefix: uniquePrefix('sim') })],
  ['NATS', () => createNatsBus({ url: serviceUrls.nats, prefix: uniquePrefix('sim'), name: 'sim-sync-test' })],
];

describe.each(buses)('sim phones reach media nodes through the KV bucket (%s)', (_name, open) => {
  let bus: Bus;
  const syncs: Subscription[] = [];
  const sync = async (): Promise<WatchedNetwork> => {
    const node = new WatchedNetwork();
    syncs.push(await syncSimPhones({ bus, sim: node, log }));
    return node;
  };

  beforeAll(async () => {
    bus = await open();
  });
  afterEach(async () => {
    for (const s of syncs.splice(0)) await s.stop();
  });
  afterAll(async () => bus?.close());

  it('a running node gets a definition, and a later redefinition', async () => {
    const node = await sync();
    expect(node.sim.dial('+442079460301')).toEqual({ kind: 'notInService' });
    await defineSimPhone(bus, clock, { number: '+442079460301', script: busy });
    await node.reaches('+442079460301', busy);
    await defineSimPhone(bus, clock, { number: '+442079460301', script: echo });
    await node.reaches('+442079460301', echo);
  });

  it('a node started after the definitions gets them all, including numbers outside the sim range', async () => {
    await defineSimPhone(bus, clock, { number: '+442079460302', script: busy });
    await defineSimPhone(bus, clock, { number: '+4712345678', script: echo });
    const late = await sync();
    await late.reaches('+442079460302', busy);
    await late.reaches('+4712345678', echo);
  });

  it('skips a damaged entry and keeps applying later ones', async () => {
    const node = await sync();
    const bucket = await bus.kv(SIM_PHONES_BUCKET);
    await bucket.put('442079460303', new TextEncoder().encode('{"number":"+442079460303","script":[{"step":"explode"}]'));
    await bucket.put('442079460304', new TextEncoder().encode(JSON.stringify({ number: '+442079460304', script: [{ step: 'explode' }], description: '', definedAt: 1 })));
    await defineSimPhone(bus, clock, { number: '+442079460305', script: busy });
    await node.reaches('+442079460305', busy);
    expect(node.sim.dial('+442079460303')).toEqual({ kind: 'notInService' });
    expect(node.sim.dial('+442079460304')).toEqual({ kind: 'notInService' });
    // A node starting now meets the damaged entries in its first read, and still starts.
    const late = await sync();
    await late.reaches('+442079460305', busy);
  });
});

describe('on a running media node', () => {
  let node: NodeHarness;
  let sync: Subscription;

  beforeAll(async () => {
    node = await new NodeHarness().start();
  });
  afterAll(async () => {
    await sync?.stop();
    await node?.stop();
  });

  it('a phone defined through the bucket answers the way its script says', async () => {
    let defined!: () => void;
    const applied = new Promise<void>((resolve) => (defined = resolve));
    const sim = {
      defineSimPhone: (number: string, script: unknown) => {
        node.node.sim.defineSimPhone(number, script);
        defined();
      },
    };
    sync = await syncSimPhones({ bus: node.bus, sim, log });
    await defineSimPhone(node.bus, clock, { number: '+442079460310', script: busy });
    await applied;
    expect(await node.op({ op: 'openSession', callId: 'call_sim' })).toEqual({ ok: true });
    expect(await node.op({ op: 'addLeg', callId: 'call_sim', legId: 'part_sim', kind: 'phone', phone: { to: '+442079460310' } })).toEqual({ ok: true });
    expect(await node.event((e) => e.type === 'leg.busy' && e.callId === 'call_sim')).toMatchObject({ legId: 'part_sim' });
  });
});
