import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, chmodSync, rmSync, readdirSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Private instances of PostgreSQL, Redis and NATS on free ports, for tests that stop and restart a
 * service: the shared ones on the default ports serve every other test file running at the same time.
 */
export interface PrivateService {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops for good and removes its files. */
  destroy(): Promise<void>;
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts connections on the port (or rejects after `timeoutMs`). */
export async function waitForPort(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing answered on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

/** A private nats-server with JetStream; its store survives stop/start. */
export async function privateNats(): Promise<PrivateService> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'sentral-nats-'));
  let child: ChildProcess | undefined;
  const service: PrivateService = {
    port,
    url: `nats://127.0.0.1:${port}`,
    async start() {
      child = spawn(natsBinary(), ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir], { stdio: 'ignore' });
      await waitForPort(port);
    },
    stop: () => stopChild(child),
    async destroy() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await service.start();
  return service;
}

/** A private redis-server (in memory only). */
export async function privateRedis(): Promise<PrivateService> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const service: PrivateService = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await waitForPort(port);
    },
    stop: () => stopChild(child),
    async destroy() {
      await stopChild(child);
    },
  };
  await service.start();
  return service;
}

/** A private PostgreSQL cluster (initdb in a temp folder, run as the postgres user when root). */
export async function privatePostgres(): Promise<PrivateService> {
  const port = await freePort();
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'sentral-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const [initCmd, initArgs] = asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  execFileSync(initCmd, initArgs, { stdio: 'ignore' });
  const pgCtl = (args: string[]): void => {
    const [cmd, full] = asPostgres(join(bin, 'pg_ctl'), ['-D', data, ...args]);
    execFileSync(cmd, full, { stdio: 'ignore' });
  };
  const service: PrivateService = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      pgCtl(['-w', '-l', join(dir, 'log'), '-o', `-p ${port} -k ${dir} -h 127.0.0.1 -c fsync=off`, 'start']);
      await waitForPort(port);
    },
    // Fast shutdown drops connections at once, as an outage would.
    async stop() {
      pgCtl(['-w', '-m', 'fast', 'stop']);
    },
    async destroy() {
      try {
        pgCtl(['-w', '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await service.start();
  return service;
}

function natsBinary(): string {
  return ['/usr/sbin/nats-server', '/usr/bin/nats-server', '/usr/local/bin/nats-server'].find((p) => {
    try {
      execFileSync(p, ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  }) ?? 'nats-server';
}

/** `cmd args` as the postgres user when the tests run as root (PostgreSQL refuses to run as root). */
export function asPostgres(cmd: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
}

/** The newest installed Debian PostgreSQL's bin folder. */
export function postgresBinDir(): string {
  const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
  return join('/usr/lib/postgresql', versions[0]!, 'bin');
}
