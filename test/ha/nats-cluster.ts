import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/private-services.js';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy.js';

/**
 * A NATS cluster with JetStream on loopback (Debian's nats-server): each node has its own client,
 * cluster-route and monitoring port and its own store under one temp folder, so a node stopped and
 * started again comes back with its streams. The shared server on 4222 is never touched.
 */
export interface NatsCluster {
  readonly nodes: NatsNode[];
  /** Every node's client URL, comma-separated (as NATS_URL takes them). */
  readonly url: string;
  /** The node that leads the JetStream meta group now (asks the nodes' monitoring). */
  metaLeader(): Promise<NatsNode>;
  /** Resolves once every running node sees the same meta leader and as many peers as are running. */
  settled(timeoutMs?: number): Promise<void>;
  /**
   * A path to every node through TCP proxies (one per node) that can be black-holed together: give its url
   * to one process to cut that process off from the whole cluster without closing anything (start the
   * cluster with noAdvertise). Closed by destroy.
   */
  path(): Promise<NatsPath>;
  /** Stops every node and removes the stores. */
  destroy(): Promise<void>;
}

/** A process's way to the cluster that a partition can cut. */
export interface NatsPath {
  /** The proxies' URLs, comma-separated (as NATS_URL takes them). */
  readonly url: string;
  /** Stops forwarding to and from every node, closing nothing. */
  blackhole(): void;
  /** Forwards again. */
  heal(): void;
}

/** One nats-server of the cluster. */
export interface NatsNode {
  /** Server name: n1, n2, ... (what stream and meta leaders are reported as). */
  readonly name: string;
  readonly port: number;
  readonly url: string;
  readonly running: boolean;
  /** SIGKILL: no goodbye to the routes, as when a host dies. */
  kill(): Promise<void>;
  /** Starts it again on the same ports and store. */
  start(): Promise<void>;
}

const NATS_SERVER = process.env.SENTRAL_TEST_NATS_SERVER ?? '/usr/sbin/nats-server';

interface Jsz {
  meta_cluster?: { leader?: string; cluster_size?: number; replicas?: Array<{ name: string; current: boolean; offline?: boolean }> };
}

/**
 * Starts `size` clustered nats-servers and resolves once JetStream has a meta leader they agree on. With
 * `noAdvertise` the servers do not tell clients the cluster's other addresses, so a client given proxies
 * (path()) keeps to them and cannot go around a partition.
 */
export async function startNatsCluster(size = 3, options: { noAdvertise?: boolean } = {}): Promise<NatsCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'sentral-nats-cluster-'));
  const ports = await Promise.all(
    Array.from({ length: size }, async () => ({ client: await freePort(), route: await freePort(), http: await freePort() })),
  );
  const routes = ports.map((p) => `nats://127.0.0.1:${p.route}`).join(',');
  const nodes = ports.map((p, i) => new Node(`n${i + 1}`, p.client, p.route, p.http, join(dir, `n${i + 1}`), routes, options.noAdvertise ?? false));
  const proxies: TcpProxy[] = [];
  const cluster: NatsCluster = {
    nodes,
    url: nodes.map((n) => n.url).join(','),
    async metaLeader() {
      for (const node of nodes.filter((n) => n.running)) {
        const leader = (await node.jsz().catch(() => null))?.meta_cluster?.leader;
        const found = nodes.find((n) => n.name === leader);
        if (found) return found;
      }
      throw new Error('no NATS node reports a JetStream meta leader');
    },
    async settled(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const running = nodes.filter((n) => n.running);
        const views = await Promise.all(running.map((n) => n.jsz().catch(() => null)));
        const leaders = new Set(views.map((v) => v?.meta_cluster?.leader ?? ''));
        // Only the leader lists its followers.
        const leaderView = views.find((v, i) => v?.meta_cluster?.leader === running[i]!.name);
        const followers = (leaderView?.meta_cluster?.replicas ?? []).filter((r) => r.current && !r.offline);
        const current = followers.length >= running.length - 1;
        if (leaders.size === 1 && !leaders.has('') && current) return;
        if (Date.now() > deadline) throw new Error(`NATS cluster not settled within ${timeoutMs} ms: ${JSON.stringify(views)}`);
        // The meta group announces nothing to clients: its monitoring page is polled.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async path() {
      const own = await Promise.all(nodes.map((n) => startTcpProxy(n.port)));
      proxies.push(...own);
      return {
        url: own.map((p) => `nats://127.0.0.1:${p.port}`).join(','),
        blackhole: () => own.forEach((p) => p.blackhole()),
        heal: () => own.forEach((p) => p.heal()),
      };
    },
    async destroy() {
      await Promise.all(proxies.map((p) => p.close()));
      await Promise.all(nodes.map((n) => n.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.all(nodes.map((n) => n.start()));
    await cluster.settled();
  } catch (err) {
    await cluster.destroy();
    throw err;
  }
  return cluster;
}

class Node implements NatsNode {
  private child: ChildProcess | undefined;

  constructor(
    readonly name: string,
    readonly port: number,
    private readonly routePort: number,
    private readonly httpPort: number,
    private readonly storeDir: string,
    private readonly routes: string,
    private readonly noAdvertise: boolean,
  ) {}

  get url(): string {
    return `nats://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  async start(): Promise<void> {
    if (this.running) return;
    const args = [
      '-a', '127.0.0.1', '-p', String(this.port), '-m', String(this.httpPort),
      '-n', this.name, '-js', '-sd', this.storeDir,
      '--cluster_name', 'sentral-ha', '--cluster', `nats://127.0.0.1:${this.routePort}`, '--routes', this.routes,
      ...(this.noAdvertise ? ['--no_advertise'] : []),
    ];
    const child = spawn(NATS_SERVER, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let log = '';
      const onExit = (code: number | null): void => reject(new Error(`nats-server ${this.name} exited (${code}): ${log.slice(-2000)}`));
      child.once('error', reject);
      child.once('exit', onExit);
      child.stderr!.on('data', (chunk: Buffer) => {
        if (log.includes('Server is ready')) return;
        log += chunk.toString();
        if (log.includes('Server is ready')) {
          child.off('exit', onExit);
          resolve();
        }
      });
    });
  }

  async kill(): Promise<void> {
    await this.halt('SIGKILL');
  }

  async stop(): Promise<void> {
    await this.halt('SIGTERM');
  }

  /** The node's JetStream monitoring page. */
  async jsz(): Promise<Jsz> {
    const res = await fetch(`http://127.0.0.1:${this.httpPort}/jsz`, { signal: AbortSignal.timeout(1_000) });
    return (await res.json()) as Jsz;
  }

  private async halt(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }
}
