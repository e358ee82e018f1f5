/**
 * Every core of a host: a `sentral media` process runs one media worker per core (SENTRAL_MEDIA_WORKERS),
 * each a worker thread that is a whole media node (media-worker-thread.ts): its own 20 ms clock, sessions,
 * port (SENTRAL_MEDIA_PORT + i, or a free port each when it is 0), bus connection and registry entry
 * (`<node id>-w<i>`, with its capacity and load). A call lives on one worker: the control plane picks the
 * least loaded registered node for a new call and sends every operation of that call, a leg added later
 * included, to that node. Nothing is shared between workers, so no lock sits on the audio path. A scrape of
 * any worker's `/metrics` is answered by the host with every worker's metrics and the host's totals.
 */
import type { KeyObject } from 'node:crypto';
import type { Registry } from 'prom-client';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Config } from '../../shared/config/config.js';
import type { Logger } from '../../shared/log/log.js';
import { hostMetrics, metricsJson, type MetricsJson } from './host-metrics.js';
import type { MediaHostMessage, MediaWorkerData, MediaWorkerMessage } from './media-worker-thread.js';
import { DRAIN_CLOSE_WAIT_MS } from './node-drain.js';
import { MEDIA_YOUNG_GENERATION_MIB } from './heap-settings.js';

/** A running worker as the host sees it. */
export interface MediaWorkerInfo {
  index: number;
  nodeId: string;
  port: number;
  roomUrl: string;
  /** The young generation V8 gives the worker's heap (MiB; heap-settings.ts says why it is large). */
  youngGenerationMiB: number;
}

/** The workers of a host. */
export interface MediaWorkers {
  readonly workers: readonly MediaWorkerInfo[];
  /** Stops every worker (each deregisters and ends its sessions; with `drainMs`, drains first) and waits for their threads to end. */
  stop(drainMs?: number): Promise<void>;
}

/** Options of startMediaWorkers. */
export interface MediaWorkersOptions {
  count: number;
  roomPublicKey: KeyObject;
  /** Node id the workers' ids are made from (`<id>-w<i>`). */
  nodeId: string;
  heartbeatMs?: number;
  /** The host process's own registry (process CPU and memory), served beside the workers' metrics. */
  metrics?: Registry;
}

// Worker threads do not inherit the loader hooks tsx registered in the main thread: each registers its own
// (tsx's ES module entry: its CommonJS one is what require.resolve finds).
const TSX_API = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api').replace(/\.cjs$/, '.mjs')).href;
const THREAD = new URL('./media-worker-thread.ts', import.meta.url).href;

/** The configuration of worker `index`: its node id, port and public URL. */
export function workerConfig(config: Config, nodeId: string, index: number): Config {
  let mediaPublicUrl = config.mediaPublicUrl;
  if (mediaPublicUrl !== undefined) {
    const url = new URL(mediaPublicUrl);
    const base = url.port === '' ? (url.protocol === 'wss:' ? 443 : 80) : Number(url.port);
    url.port = String(base + index);
    mediaPublicUrl = url.href;
  }
  return { ...config, nodeId: `${nodeId}-w${index}`, mediaPort: config.mediaPort === 0 ? 0 : config.mediaPort + index, mediaPublicUrl, mediaWorkers: 1 };
}

/** Starts `count` media workers on a cluster bus and resolves once every one is serving and registered. */
export async function startMediaWorkers(config: Config, log: Logger, options: MediaWorkersOptions): Promise<MediaWorkers> {
  if (config.mode !== 'cluster' || config.natsUrl === undefined) throw new Error('media workers need cluster mode (NATS)');
  const pem = options.roomPublicKey.export({ type: 'spki', format: 'pem' }).toString();
  const threads: Worker[] = [];
  const started = await Promise.allSettled(
    Array.from({ length: options.count }, (_, index) => {
      const data: MediaWorkerData = { index, config: workerConfig(config, options.nodeId, index), roomPublicKeyPem: pem, ...(options.heartbeatMs !== undefined ? { heartbeatMs: options.heartbeatMs } : {}) };
      const thread = new Worker(`import(${JSON.stringify(TSX_API)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(THREAD)}); });`, {
        eval: true,
        workerData: data,
        execArgv: [],
        resourceLimits: { maxYoungGenerationSizeMb: MEDIA_YOUNG_GENERATION_MIB },
      });
      threads.push(thread);
      return new Promise<MediaWorkerInfo>((resolve, reject) => {
        thread.once('message', (m: MediaWorkerMessage) => {
          if (m.type === 'started') resolve({ index, nodeId: m.nodeId, port: m.port, roomUrl: m.roomUrl, youngGenerationMiB: thread.resourceLimits?.maxYoungGenerationSizeMb ?? 0 });
          else reject(new Error(`media worker ${index} failed to start: ${m.type === 'failed' ? m.message : m.type}`));
        });
        thread.once('error', reject);
        thread.once('exit', (code) => reject(new Error(`media worker ${index} exited with ${code}`)));
      });
    }),
  );
  const stop = async (drainMs?: number): Promise<void> => {
    await Promise.all(threads.map((thread) => stopThread(thread, drainMs)));
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  const workers = started.map((s) => (s as PromiseFulfilledResult<MediaWorkerInfo>).value);
  const metrics = new WorkerMetrics(threads, options.metrics);
  for (const thread of threads) {
    thread.on('error', (err) => log.error({ err }, 'media worker failed'));
    thread.on('message', (m: MediaWorkerMessage) => {
      if (m.type === 'metrics') metrics.answered(m.id, m.metrics);
      if (m.type !== 'scrape') return;
      metrics.exposition().then(
        (text) => post(thread, { type: 'scraped', id: m.id, text }),
        (err: unknown) => {
          log.warn({ err }, 'media host metrics unavailable');
          post(thread, { type: 'scraped', id: m.id, text: '' });
        },
      );
    });
  }
  return { workers, stop };
}

function post(thread: Worker, message: MediaHostMessage): void {
  thread.postMessage(message);
}

/** Asks every worker for its metrics and merges them (host-metrics.ts); a worker that stopped is left out. */
class WorkerMetrics {
  private seq = 0;
  private readonly pending = new Map<number, (metrics: MetricsJson) => void>();

  constructor(
    private readonly threads: Worker[],
    private readonly own: Registry | undefined,
  ) {}

  async exposition(): Promise<string> {
    const alive = this.threads.filter((t) => t.threadId !== -1);
    const [workers, host] = await Promise.all([Promise.all(alive.map((t) => this.ask(t))), this.own ? metricsJson(this.own) : []]);
    return hostMetrics(workers, host).metrics();
  }

  answered(id: number, metrics: MetricsJson): void {
    this.pending.get(id)?.(metrics);
    this.pending.delete(id);
  }

  private ask(thread: Worker): Promise<MetricsJson> {
    const id = ++this.seq;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      post(thread, { type: 'metrics', id });
    });
  }
}

// Asks a worker to stop (after its drain) and waits for its thread to end by itself (its node closed,
// nothing keeps it alive); one that has not ended 10 s after its drain could have is terminated.
async function stopThread(thread: Worker, drainMs?: number): Promise<void> {
  if (thread.threadId === -1) return;
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  post(thread, drainMs === undefined ? { type: 'stop' } : { type: 'stop', drainMs });
  const timer = setTimeout(() => void thread.terminate(), (drainMs ?? 0) + DRAIN_CLOSE_WAIT_MS + 10_000);
  await exited;
  clearTimeout(timer);
}
