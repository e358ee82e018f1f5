/**
 * One media worker: the body of a worker thread started by media-workers.ts. It is a whole media node
 * (startMediaNode) with its own bus connection, clock, sessions, port and registry entry, so the control
 * plane's node picker sees each worker as a node: a call's legs all go to the worker that holds the call,
 * and new calls to the least loaded worker.
 */
import { createPublicKey } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { Registry } from 'prom-client';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { startTracing } from '../../shared/tracing/tracing.js';
import { busRoundTrips } from '../../shared/metrics/latency-metrics.js';
import { realClock } from '../../shared/clock/real-clock.js';
import type { Config } from '../../shared/config/config.js';
import { createLogger } from '../../shared/log/log.js';
import { streamLegFactory } from '../stream/stream-leg.js';
import { metricsJson, type MetricsJson } from './host-metrics.js';
import { startMediaNode } from './media-node.js';

/** What the host gives a worker thread. */
export interface MediaWorkerData {
  index: number;
  /** The worker's configuration: its own node id, port and public URL already set. */
  config: Config;
  /** The room tokens' public key, SPKI PEM. */
  roomPublicKeyPem: string;
  heartbeatMs?: number;
}

/** What a worker tells the host: its start and stop, its metrics when asked, and a scrape of its `/metrics`. */
export type MediaWorkerMessage =
  | { type: 'started'; nodeId: string; port: number; roomUrl: string }
  | { type: 'failed'; message: string }
  | { type: 'stopped' }
  | { type: 'metrics'; id: number; metrics: MetricsJson }
  | { type: 'scrape'; id: number };

/** What the host tells a worker: stop, send your metrics, or here is the host's exposition a scrape asked for. */
export type MediaHostMessage = { type: 'stop'; drainMs?: number } | { type: 'metrics'; id: number } | { type: 'scraped'; id: number; text: string };

const data = workerData as MediaWorkerData;
const port = parentPort!;
const { config } = data;
const log = createLogger({ level: config.logLevel as 'info' }).child({ worker: data.index });
const metrics = new Registry();
// Every series of this worker carries its index, so a scrape of any worker's /metrics says whose figures they are.
metrics.setDefaultLabels({ worker: String(data.index) });

// A scrape of this worker's /metrics answers the host's metrics: the host asks every worker for its own.
const scrapes = new Map<number, (text: string) => void>();
let scrapeSeq = 0;
function hostExposition(): Promise<string> {
  const id = ++scrapeSeq;
  return new Promise((resolve) => {
    scrapes.set(id, resolve);
    port.postMessage({ type: 'scrape', id } satisfies MediaWorkerMessage);
  });
}

try {
  // A thread has tracing of its own (the host's provider and context do not reach it).
  const tracing = config.tracing.endpoint ? await startTracing({ endpoint: config.tracing.endpoint, serviceName: config.tracing.serviceName ?? 'sentral-media' }) : null;
  const roundTrips = busRoundTrips(metrics);
  const bus = await createNatsBus({ url: config.natsUrl!, prefix: config.prefix, replicas: config.natsReplicas, log, name: `sentral-media-${config.nodeId}`, roundTrips });
  const node = await startMediaNode(
    { config, clock: realClock, log, bus, metrics },
    {
      roomPublicKey: createPublicKey(data.roomPublicKeyPem),
      streamLegs: streamLegFactory({ clock: realClock, log, allowInsecureTargets: config.allowInsecureTargets }),
      ...(data.heartbeatMs !== undefined ? { heartbeatMs: data.heartbeatMs } : {}),
      metricsExposition: hostExposition,
    },
  ).catch(async (err: unknown) => {
    await bus.close();
    throw err;
  });
  port.on('message', (message: MediaHostMessage) => {
    if (message.type === 'metrics') {
      void metricsJson(metrics).then((json) => port.postMessage({ type: 'metrics', id: message.id, metrics: json } satisfies MediaWorkerMessage));
      return;
    }
    if (message.type === 'scraped') {
      scrapes.get(message.id)?.(message.text);
      scrapes.delete(message.id);
      return;
    }
    void (message.drainMs === undefined ? Promise.resolve() : node.drain(message.drainMs))
      .then(() => node.stop())
      .then(() => bus.close())
      .then(() => tracing?.stop())
      .catch((err: unknown) => log.error({ err }, 'media worker stop failed'))
      .finally(() => {
        port.postMessage({ type: 'stopped' } satisfies MediaWorkerMessage);
        port.close();
      });
  });
  port.postMessage({ type: 'started', nodeId: node.nodeId, port: node.port, roomUrl: node.roomUrl } satisfies MediaWorkerMessage);
} catch (err) {
  port.postMessage({ type: 'failed', message: err instanceof Error ? err.message : String(err) } satisfies MediaWorkerMessage);
}
