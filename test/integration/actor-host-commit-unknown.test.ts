import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { createLogger } from '../../shared/log/log.js';
import { startActorHost } from '../../control/calls/host/actor-host.js';
import { sendToActor } from '../../control/calls/mailbox/call-mailbox.js';
import { counterMachine } from './actor-host-toy.js';
import { effectLog, openActorDatabase } from './actor-host-harness.js';
import { uniquePrefix } from '../support/services.js';

const log = createLogger({ level: 'silent' });

/** What a commit fault sends to mark its transaction's connection for the proxy. */
const MARK = "select 'eat the next commit'";

/**
 * A TCP proxy in front of PostgreSQL that, on a connection that sent MARK, lets the next message (the
 * transaction's commit) through, waits for the server's answer, drops it and closes the connection: the
 * commit is written, the client never hears so. What a client sees when the primary dies between writing
 * a commit and acknowledging it.
 */
async function commitEatingProxy(target: URL): Promise<{ url: string; eaten: Promise<void>; close(): Promise<void> }> {
  let ate: () => void = () => {};
  const eaten = new Promise<void>((resolve) => (ate = resolve));
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let state: 'pass' | 'marked' | 'eating' = 'pass';
    client.on('data', (chunk) => {
      if (state === 'marked') state = 'eating';
      else if (chunk.includes(MARK.slice(8, -1))) state = 'marked';
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (state !== 'eating') return void client.write(chunk);
      client.destroy();
      upstream.destroy();
      ate();
    });
    for (const [a, b] of [[client, upstream], [upstream, client]] as const) {
      a.on('close', () => b.destroy());
      a.on('error', () => b.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    eaten,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

let db: Awaited<ReturnType<typeof openActorDatabase>>;

beforeAll(async () => {
  db = await openActorDatabase();
});

afterAll(async () => {
  await db?.close();
});

describe('a commit whose answer was lost', () => {
  it('is taken as unknown: the actor is read again from the database, so the next message builds on the commit that landed', async () => {
    const proxy = await commitEatingProxy(new URL(db.url));
    const hostSql: Sql = openDatabase({ url: proxy.url, max: 3 });
    const clock = new ManualClock();
    const bus = createMemoryBus({ prefix: uniquePrefix('unknown'), clock });
    const effects = effectLog();
    let marked = false;
    const host = await startActorHost(
      { config: { partitions: 1 }, clock, log, sql: hostSql, bus },
      { machines: { counter: counterMachine }, onCommit: effects.onCommit, effectRunner: effects.effectRunner, workerId: 'w1', leaseClock: realClock, leaseTtlMs: 60_000,
        commitFault: async (tx, message) => {
          if (message.id !== 'inc-1' || marked) return;
          marked = true;
          await tx.unsafe(MARK);
        },
      },
    );
    try {
      await host.ready();
      const send = (id: string, type: string, payload: Record<string, unknown> = {}) =>
        sendToActor(bus, 'call_unknown', { id, type, payload }, { timeoutMs: 10_000, partitions: 1 });
      expect((await send('create', 'actor.create', { kind: 'counter', input: {} })).status).toBe(201);

      const first = await send('inc-1', 'inc');
      await proxy.eaten;
      // The host could not know whether its commit landed: the sender hears 503 at once, to retry.
      expect(first.status).toBe(503);
      const [landed] = await db.sql<{ snapshot: { context: { count: number } } }[]>`select snapshot from actor_snapshots where call_id = 'call_unknown'`;
      expect(landed!.snapshot.context.count).toBe(1);

      // The retry of the same message finds its stored outcome: applied once.
      expect((await send('inc-1', 'inc')).body).toEqual({ count: 1 });
      // The next message sees count 1: the actor was not put back to the snapshot before the lost commit.
      expect((await send('inc-2', 'inc')).body).toEqual({ count: 2 });
      const [row] = await db.sql<{ snapshot: { context: { count: number } } }[]>`select snapshot from actor_snapshots where call_id = 'call_unknown'`;
      expect(row!.snapshot.context.count).toBe(2);
      await expect(db.sql`select 1 from toy_effects where effect_id = 'inc-1:1'`).resolves.toHaveLength(1);
    } finally {
      await host.stop();
      await bus.close();
      await hostSql.end({ timeout: 1 });
      await proxy.close();
    }
  });
});
