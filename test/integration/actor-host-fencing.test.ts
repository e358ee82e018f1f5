import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import type { Sql } from '../../shared/db/database.js';
import { createLogger } from '../../shared/log/log.js';
import { startActorHost } from '../../control/calls/host/actor-host.js';
import { StaleEpochError, claimEpoch, withFence } from '../../control/calls/host/fence.js';
import { sendToActor } from '../../control/calls/host/send-to-actor.js';
import { counterMachine } from './actor-host-toy.js';
import { effectLog, openActorDatabase } from './actor-host-harness.js';
import { uniquePrefix } from '../support/services.js';

const log = createLogger({ level: 'silent' });
let db: Awaited<ReturnType<typeof openActorDatabase>>;
let sql: Sql;

beforeAll(async () => {
  db = await openActorDatabase();
  sql = db.sql;
});

afterAll(async () => {
  await db?.close();
});

beforeEach(async () => {
  await db.reset();
});

describe('fencing', () => {
  it('each claim of a partition issues a higher epoch', async () => {
    const clock = new ManualClock();
    const first = await claimEpoch(sql, clock, 3, 10, 'a');
    const second = await claimEpoch(sql, clock, 3, 1, 'b');
    expect(second).toBe(first + 1);
    // Another partition has its own sequence.
    expect(await claimEpoch(sql, clock, 4, 11, 'a')).toBe(1);
  });

  it('a write under a stale epoch is refused and nothing of its transaction lands', async () => {
    const clock = new ManualClock();
    const old = await claimEpoch(sql, clock, 1, 5, 'old-owner');
    const current = await claimEpoch(sql, clock, 1, 9, 'new-owner');
    const stale = sql.begin(async (tx) => {
      await tx`insert into toy_effects (effect_id, call_id, type) values ('stale', 'call_x', 'note')`;
      await withFence(tx, 1, old);
    });
    await expect(stale).rejects.toBeInstanceOf(StaleEpochError);
    await expect(sql`select 1 from toy_effects where effect_id = 'stale'`).resolves.toHaveLength(0);
    await sql.begin(async (tx) => {
      await withFence(tx, 1, current);
      await tx`insert into toy_effects (effect_id, call_id, type) values ('current', 'call_x', 'note')`;
    });
    await expect(sql`select 1 from toy_effects where effect_id = 'current'`).resolves.toHaveLength(1);
  });

  it('an epoch that was never issued is refused too', async () => {
    const clock = new ManualClock();
    const current = await claimEpoch(sql, clock, 2, 1, 'a');
    await expect(sql.begin((tx) => withFence(tx, 2, current + 1))).rejects.toBeInstanceOf(StaleEpochError);
    await expect(sql.begin((tx) => withFence(tx, 7, 1))).rejects.toBeInstanceOf(StaleEpochError);
  });

  it('a host whose partition was claimed by a newer owner cannot write, gives the partition up, and the message is applied once later', async () => {
    const clock = new ManualClock();
    const bus = createMemoryBus({ prefix: uniquePrefix('fence'), clock });
    const effects = effectLog();
    const ownership: number[][] = [];
    let regained: () => void = () => {};
    const regainedOnce = new Promise<void>((resolve) => (regained = resolve));
    const host = await startActorHost(
      { config: { partitions: 1 }, clock, log, sql, bus },
      {
        machines: { counter: counterMachine },
        onCommit: effects.onCommit,
        effectRunner: effects.effectRunner,
        workerId: 'w1',
        leaseTtlMs: 3_000,
        renewIntervalMs: 1_000,
        onOwnership: (owned) => {
          ownership.push(owned);
          if (ownership.length > 2 && owned.length === 1) regained();
        },
      },
    );
    try {
      await host.ready();
      const send = (id: string, type: string, payload: Record<string, unknown> = {}) =>
        sendToActor(bus, 'call_fenced', { id, type, payload }, { timeoutMs: 10_000, partitions: 1 });
      expect((await send('create', 'actor.create', { kind: 'counter', input: {} })).status).toBe(201);
      const [epochRow] = await sql<{ epoch: number }[]>`select epoch from partition_epochs where partition = 0`;
      const before = epochRow!.epoch;
      // Another worker claims partition 0 behind this host's back (two owners, as NATS failover allows briefly).
      await claimEpoch(sql, clock, 0, 1_000, 'intruder');
      const answer = send('inc-1', 'inc');
      await regainedOnce;
      expect(ownership.slice(0, 3)).toEqual([[0], [], [0]]);
      // The refused message was nak'd with a delay; the host, owner again under a newer epoch, applies it.
      await host.ready();
      await clock.advance(1_000);
      expect((await answer).body).toEqual({ count: 1 });
      const [row] = await sql<{ epoch: number; snapshot: { context: { count: number } } }[]>`
        select epoch, snapshot from actor_snapshots where call_id = 'call_fenced'`;
      expect(row).toMatchObject({ epoch: before + 2, snapshot: { context: { count: 1 } } });
      await expect(sql`select 1 from toy_effects where effect_id = 'inc-1:1'`).resolves.toHaveLength(1);
    } finally {
      await host.stop();
      await bus.close();
    }
  });
});
