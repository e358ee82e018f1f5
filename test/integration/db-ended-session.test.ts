import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { runDatabaseUrl } from '../support/services.js';

// PostgreSQL ends a session (idle_in_transaction_session_timeout, pg_terminate_backend) by sending FATAL
// and closing. When the client sends a query between the two (a transaction that was paused goes on), the
// close rejects that query; the pool must then still end. A loopback proxy holds the close back until the
// query has been sent, so the order is certain rather than a timing gamble.
describe('a session PostgreSQL ended while its transaction was paused', () => {
  let proxy: Server;
  let admin: Sql;
  let upstreamEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (upstreamEnded = resolve));
  let releaseClose: () => void = () => {};
  const closeReleased = new Promise<void>((resolve) => (releaseClose = resolve));
  let proxiedUrl: string;

  beforeAll(async () => {
    const target = new URL(runDatabaseUrl());
    proxy = createServer((client: Socket) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      client.on('data', (chunk) => upstream.writable && upstream.write(chunk));
      client.on('error', () => {});
      upstream.on('error', () => {});
      upstream.on('data', (chunk) => client.write(chunk));
      upstream.on('end', () => {
        upstreamEnded();
        void closeReleased.then(() => client.end());
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const address = proxy.address() as { port: number };
    const url = new URL(runDatabaseUrl());
    url.hostname = '127.0.0.1';
    url.port = String(address.port);
    proxiedUrl = url.toString();
    admin = openDatabase({ url: runDatabaseUrl(), max: 1 });
  });

  afterAll(async () => {
    await admin?.end();
    await new Promise((resolve) => proxy?.close(resolve));
  });

  it('rejects the query sent after the FATAL and still lets the pool end', async () => {
    const sql = openDatabase({ url: proxiedUrl, max: 1 });
    let paused: (pid: number) => void = () => {};
    const inside = new Promise<number>((resolve) => (paused = resolve));
    let goOn: () => void = () => {};
    const resumed = new Promise<void>((resolve) => (goOn = resolve));
    const transaction = sql.begin(async (tx) => {
      const [row] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
      paused(row!.pid);
      await resumed;
      await tx`select 2`;
    });
    const outcome = transaction.then(
      () => 'committed',
      (err: { code?: string }) => err.code,
    );
    await admin`select pg_terminate_backend(${await inside})`;
    await ended;
    goOn();
    // The query is on its way before the client sees the close.
    await new Promise((resolve) => setImmediate(resolve));
    releaseClose();
    expect(await outcome).toBe('CONNECTION_CLOSED');
    const guard = new Promise<string>((resolve) => setTimeout(() => resolve('sql.end() hung'), 5_000).unref());
    expect(await Promise.race([sql.end().then(() => 'ended'), guard])).toBe('ended');
  });
});
