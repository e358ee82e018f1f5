import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import type { Sql } from '../../shared/db/database.js';
import { createLogger } from '../../shared/log/log.js';
import { startActorHost } from '../../control/calls/host/actor-host.js';
import { FENCE_TIMEOUTS, StaleEpochError, claimEpoch, withFence } from '../../control/calls/host/fence.js';
import { sendToActor } from '../../control/calls/mailbox/call-mailbox.js';
import { counterMachine } from './actor-host-toy.js';
import { effectLog, openActorDatabase } from './actor-host-harness.js';
import { uniquePrefix } from '../support/services.js';
import { eventually, retryUntil } from '../support/eventually.js';

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

  it('writes sent behind a stale fence, before its answer, are not executed at all', async () => {
    const clock = new ManualClock();
    const old = await claimEpoch(sql, clock, 5, 1, 'old-owner');
    await claimEpoch(sql, clock, 5, 2, 'new-owner');
    await sql`insert into toy_effects (effect_id, call_id, type) values ('taken', 'call_x', 'note')`;
    let behind: unknown;
    const stale = sql.begin(async (tx) => {
      const fence = withFence(tx, 5, old, FENCE_TIMEOUTS);
      // Pipelined behind the fence: executed, this insert would fail on the existing key (23505).
      const write = tx`insert into toy_effects (effect_id, call_id, type) values ('taken', 'call_x', 'note')`.catch((err: unknown) => (behind = err));
      await Promise.all([fence, write]);
    });
    await expect(stale).rejects.toBeInstanceOf(StaleEpochError);
    expect((behind as { code?: string }).code).toBe('25P02');
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

  it('a commit frozen inside the fence holds the next claim for no longer than the idle limit, and writes nothing', async () => {
    // The deterministic stand-in for a worker stopped mid-commit (SIGSTOP): the commit pauses inside its
    // fenced transaction, after the fence took the partition row's lock, until the test lets it go on.
    const clock = new ManualClock();
    const bus = createMemoryBus({ prefix: uniquePrefix('frozen'), clock });
    const effects = effectLog();
    let entered: () => void = () => {};
    const inFence = new Promise<void>((resolve) => (entered = resolve));
    let thaw: () => void = () => {};
    const thawed = new Promise<void>((resolve) => (thaw = resolve));
    let regained: () => void = () => {};
    const regainedOnce = new Promise<void>((resolve) => (regained = resolve));
    const ownership: number[][] = [];
    const host = await startActorHost(
      { config: { partitions: 1 }, clock, log, sql, bus },
      {
        machines: { counter: counterMachine },
        onCommit: effects.onCommit,
        effectRunner: effects.effectRunner,
        workerId: 'frozen',
        leaseTtlMs: 60_000,
        renewIntervalMs: 20_000,
        fenceTimeouts: FENCE_TIMEOUTS,
        onOwnership: (owned) => {
          ownership.push(owned);
          if (ownership.length > 2 && owned.length === 1) regained();
        },
        commitFault: async (_tx, message) => {
          if (message.id !== 'freeze') return;
          entered();
          await thawed;
        },
      },
    );
    try {
      await host.ready();
      const send = (id: string, type: string, payload: Record<string, unknown> = {}) =>
        sendToActor(bus, 'call_frozen', { id, type, payload }, { timeoutMs: 60_000, partitions: 1 });
      expect((await send('create', 'actor.create', { kind: 'counter', input: {} })).status).toBe(201);
      const answer = send('freeze', 'inc');
      await inFence;
      const [frozenRow] = await sql<{ epoch: number }[]>`select epoch from partition_epochs where partition = 0`;

      // The next owner claims as it would once the lease passed (55P03, lock_timeout, means: claim again).
      // Without the limits the claim waited as long as the freeze lasted: here, for ever.
      const started = performance.now();
      const guard = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('the claim waited on the frozen commit')), 15_000).unref());
      const claimed = await Promise.race([
        retryUntil(async () => {
          try {
            return await claimEpoch(sql, clock, 0, 1_000, 'next-owner', FENCE_TIMEOUTS);
          } catch (err) {
            if ((err as { code?: string }).code === '55P03') throw err;
            throw Object.assign(new Error('claim failed for another reason'), { cause: err });
          }
        }, 10_000, 50),
        guard,
      ]);
      expect(claimed).toBe(frozenRow!.epoch + 1);
      expect(performance.now() - started).toBeLessThan(FENCE_TIMEOUTS.idleMs + FENCE_TIMEOUTS.lockMs + 1_000);

      // PostgreSQL ended the frozen session: nothing of its transaction is stored, and once it goes on,
      // its writes are refused (its connection is gone, then the fence), it gives the partition up, takes
      // it again under a newer epoch and applies the message once.
      await expect(sql`select 1 from toy_effects where effect_id = 'freeze:1'`).resolves.toHaveLength(0);
      thaw();
      expect((await answer).status).toBe(503);
      // Its retry waits on the manual clock: move it until the host has given the partition up and taken it again.
      let again = false;
      void regainedOnce.then(() => (again = true));
      await eventually(async () => {
        await clock.advance(100);
        return again;
      }, 10_000);
      await host.ready();
      // The message comes again after its redelivery delay (manual clock) and is applied by the new epoch.
      const applied = effects.until((effect) => effect.id === 'freeze:1', 10_000);
      let done = false;
      void applied.then(() => (done = true));
      await eventually(async () => {
        await clock.advance(250);
        return done;
      }, 10_000);
      const [row] = await sql<{ epoch: number; snapshot: { context: { count: number } } }[]>`
        select epoch, snapshot from actor_snapshots where call_id = 'call_frozen'`;
      expect(row).toMatchObject({ epoch: claimed + 1, snapshot: { context: { count: 1 } } });
      await expect(sql`select 1 from toy_effects where effect_id = 'freeze:1'`).resolves.toHaveLength(1);
    } finally {
      thaw();
      await host.stop();
      await bus.close();
    }
  }, 30_000);
});
