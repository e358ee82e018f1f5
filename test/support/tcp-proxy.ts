import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy on loopback that can black-hole its connections: while holed it forwards nothing either way
 * and closes nothing, as a network partition does (the bytes wait, as TCP keeps them until the path heals).
 */
export interface TcpProxy {
  readonly port: number;
  /** Stops forwarding on every connection, present and future, without closing any. */
  blackhole(): void;
  /** Forwards again, what waited first. */
  heal(): void;
  close(): Promise<void>;
}

/** Starts a proxy to 127.0.0.1:`targetPort` on a free port. */
export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let holed = false;
  const pipes = new Set<{ flush(): void; destroy(): void }>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const waiting: Array<[Socket, Buffer]> = [];
    const forward = (to: Socket) => (chunk: Buffer) => (holed ? waiting.push([to, chunk]) : to.write(chunk));
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    const pipe = {
      flush: () => {
        for (const [to, chunk] of waiting.splice(0)) to.write(chunk);
      },
      destroy: () => {
        client.destroy();
        upstream.destroy();
      },
    };
    pipes.add(pipe);
    const end = (): void => {
      pipes.delete(pipe);
      pipe.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    blackhole: () => void (holed = true),
    heal: () => {
      holed = false;
      for (const pipe of pipes) pipe.flush();
    },
    close: async () => {
      for (const pipe of pipes) pipe.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
