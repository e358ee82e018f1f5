import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import type { Bus } from '../../shared/bus/bus.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { loadConfig } from '../../shared/config/config.js';
import { createLogger } from '../../shared/log/log.js';
import type { MediaOp, MediaOpAnswer } from '../../protocol/media/media-op.js';
import { startMediaNode, type MediaNode } from '../../media/node/media-node.js';
import type { StreamLegFactory } from '../../media/node/media-engine.js';
import { generateRoomKeyPair, issueRoomToken } from '../../shared/signing/room-token.js';
import { streamLegFactory } from '../../media/stream/stream-leg.js';
import { TickProbe } from '../media-tick/tick-probe.js';

type WithoutOpId<T> = T extends unknown ? Omit<T, 'opId'> : never;

/**
 * A real media node for benches: the production startMediaNode on an in-process bus, the real clock and the
 * real 20 ms tick (watched by a TickProbe), on a free loopback port, with stream support towards loopback.
 */
export class BenchNode {
  readonly probe = new TickProbe();
  readonly keys = generateRoomKeyPair();
  readonly metrics = new Registry();
  node!: MediaNode;
  private bus!: Bus;
  private dir!: string;
  private ops = 0;

  /** Starts the node; `capacity` is in legs. */
  async start(capacity = 100_000): Promise<this> {
    this.dir = await mkdtemp(join(tmpdir(), 'sentral-bench-media-'));
    this.bus = createMemoryBus({ clock: realClock });
    const config = loadConfig({ SENTRAL_DATA_DIR: this.dir, SENTRAL_MEDIA_PORT: '0', SENTRAL_PARTITIONS: '8', SENTRAL_MEDIA_CAPACITY: String(capacity) });
    const log = createLogger({ level: 'error' });
    const streamLegs: StreamLegFactory = streamLegFactory({ clock: realClock, log, allowInsecureTargets: true });
    this.node = await startMediaNode(
      { config, clock: realClock, log, bus: this.bus, metrics: this.metrics },
      { roomPublicKey: this.keys.publicKey, tick: this.probe, streamLegs },
    );
    return this;
  }

  /** Sends a control operation over the bus as the control plane would; a refusal throws. */
  async op(op: WithoutOpId<MediaOp>): Promise<void> {
    const body = JSON.stringify({ opId: `op_bench${++this.ops}`, ...op });
    const reply = await this.bus.request(`media.${this.node.nodeId}`, new TextEncoder().encode(body), { timeoutMs: 10_000 });
    const answer = JSON.parse(Buffer.from(reply).toString()) as MediaOpAnswer;
    if (!answer.ok) throw new Error(`${op.op} refused: ${JSON.stringify(answer.error)}`);
  }

  /** The room URL with a fresh one-hour token for a participant. */
  async roomUrl(callId: string, participantId: string, kind: 'app' | 'bot'): Promise<string> {
    const now = realClock.now();
    const token = await issueRoomToken(this.keys.privateKey, { callId, participantId, kind, notBefore: now, expiresAt: now + 3_600_000 });
    return `${this.node.roomUrl}?token=${encodeURIComponent(token)}`;
  }

  async stop(): Promise<void> {
    await this.node.stop();
    await this.bus.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}
