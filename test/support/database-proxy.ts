import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

/** Cut a connection after forwarding what it sends (the server reads it, its answer is lost) or instead of forwarding it. */
export type CutMode = 'after' | 'before';

/**
 * A TCP proxy to PostgreSQL on loopback that a test can take down as a dead server goes (open connections
 * dropped, new ones refused), bring back on the same port, or have cut the connection that next sends.
 */
export interface DatabaseProxy {
  readonly port: number;
  down(): Promise<void>;
  up(): Promise<void>;
  /** Cuts the next connection to send anything, as it sends (`mode`). */
  cutNextWrite(mode: CutMode): void;
  close(): Promise<void>;
}

/** Starts a proxy to 127.0.0.1:`targetPort` on a free port. */
export async function startDatabaseProxy(targetPort: number): Promise<DatabaseProxy> {
  const sockets = new Set<Socket>();
  let cut: CutMode | null = null;
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s)).on('error', () => s.destroy());
    }
    client.on('data', (chunk: Buffer) => {
      const mode = cut;
      if (mode === null) return void upstream.write(chunk);
      cut = null;
      // FIN after the data: the server reads it and acts on it, and finds no one to answer.
      if (mode === 'after') upstream.end(chunk);
      else upstream.destroy();
      client.destroy();
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', () => upstream.end());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const down = (): Promise<void> => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const s of sockets) s.destroy();
    return closed;
  };
  return {
    port,
    down,
    up: () => listen(port),
    cutNextWrite(mode) {
      cut = mode;
    },
    close: down,
  };
}

/** `url` (a PostgreSQL URL) pointed at the proxy. */
export function throughProxy(url: string, proxy: DatabaseProxy): string {
  const proxied = new URL(url);
  proxied.port = String(proxy.port);
  return proxied.toString();
}
