import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Registry } from 'prom-client';
import WebSocket from 'ws';
import { toneAmplitude } from '../../media/audio/level.js';
import type { Bus, Subscription } from '../../shared/bus/bus.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import type { Clock } from '../../shared/clock/clock.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { loadConfig } from '../../shared/config/config.js';
import { createLogger } from '../../shared/log/log.js';
import type { MediaEvent } from '../../protocol/media/media-event.js';
import type { MediaOp, MediaOpAnswer } from '../../protocol/media/media-op.js';
import type { RoomServerMessage } from '../../protocol/room/room-message.js';
import { startMediaNode, type MediaNode } from '../../media/node/media-node.js';
import { generateRoomKeyPair, issueRoomToken } from '../../shared/signing/room-token.js';
import { SpeechSynthesizer } from '../../media/speech/tts.js';
import { streamLegFactory } from '../../media/stream/stream-leg.js';
import type { TickSource } from '../../media/clock/tick-source.js';
import { MAILBOX_STREAM } from '../../protocol/bus/bus-names.js';
import { Waiters } from '../support/waiters.js';

type WithoutOpId<T> = T extends unknown ? Omit<T, 'opId'> : never;

const speech = new SpeechSynthesizer();

/** What a test node may run with beyond the defaults. */
export interface NodeHarnessOptions {
  bus?: Bus;
  capacity?: number;
  /** The frame clock (default: the node's real 20 ms tick). */
  tick?: TickSource;
  /** Dial customers' stream servers (ws:// on loopback allowed, as SENTRAL_ALLOW_INSECURE_TARGETS=1). */
  streams?: boolean;
}

/**
 * A media node on a memory bus with its mailbox read. The wall clock is manual by default (the 20 ms
 * tick is real either way); tests of stream reconnects pass the real clock.
 */
export class NodeHarness<C extends Clock = ManualClock> {
  readonly clock: C;
  readonly keys = generateRoomKeyPair();
  readonly events: MediaEvent[] = [];
  readonly subjects: string[] = [];
  bus!: Bus;
  node!: MediaNode;
  metrics = new Registry();
  private dir!: string;
  private consumer!: Subscription;
  private opCount = 0;
  private readonly waiters = new Set<() => void>();

  constructor(clock?: C) {
    this.clock = clock ?? (new ManualClock(Date.now()) as Clock as C);
  }

  async start(options: NodeHarnessOptions = {}): Promise<this> {
    this.dir = await mkdtemp(join(tmpdir(), 'sentral-media-node-'));
    this.bus = options.bus ?? createMemoryBus({ clock: this.clock });
    const log = createLogger({ level: 'silent' });
    const config = loadConfig({
      SENTRAL_DATA_DIR: this.dir, SENTRAL_MEDIA_PORT: '0', SENTRAL_PARTITIONS: '8',
      ...(options.capacity ? { SENTRAL_MEDIA_CAPACITY: String(options.capacity) } : {}),
    });
    this.node = await startMediaNode(
      { config, clock: this.clock, log, bus: this.bus, metrics: this.metrics },
      {
        roomPublicKey: this.keys.publicKey,
        speech,
        ...(options.tick ? { tick: options.tick } : {}),
        ...(options.streams ? { streamLegs: streamLegFactory({ clock: this.clock, log, allowInsecureTargets: true }) } : {}),
      },
    );
    this.consumer = await this.bus.consume({ stream: MAILBOX_STREAM.name, durable: 'test', filterSubject: 'cmd.>' }, async (msg) => {
      this.subjects.push(msg.subject);
      this.events.push(JSON.parse(Buffer.from(msg.data).toString()) as MediaEvent);
      await msg.ack();
      for (const w of [...this.waiters]) w();
    });
    return this;
  }

  async stop(): Promise<void> {
    await this.consumer.stop();
    await this.node.stop();
    await this.bus.close();
    await rm(this.dir, { recursive: true, force: true });
  }

  /** Sends a control operation over the bus; `opId` may be given to test repeats. */
  async op(op: WithoutOpId<MediaOp> & { opId?: string }): Promise<MediaOpAnswer> {
    const body = { opId: `op_${++this.opCount}`, ...op };
    return this.raw(JSON.stringify(body));
  }

  /** Sends raw bytes as a control request. */
  async raw(text: string): Promise<MediaOpAnswer> {
    const reply = await this.bus.request(`media.${this.node.nodeId}`, new TextEncoder().encode(text), { timeoutMs: 5000 });
    return JSON.parse(Buffer.from(reply).toString()) as MediaOpAnswer;
  }

  /** Resolves once an event matching `match` is in the mailbox. */
  event(match: (e: MediaEvent) => boolean): Promise<MediaEvent> {
    return new Promise((resolve) => {
      const check = (): void => {
        const found = this.events.find(match);
        if (!found) return;
        this.waiters.delete(check);
        resolve(found);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** A room token for a participant, valid from now for `ms`, of token generation `generation`. */
  token(callId: string, participantId: string, kind: 'app' | 'bot' = 'app', ms = 60_000, notBefore = this.clock.now(), generation = 1): Promise<string> {
    return issueRoomToken(this.keys.privateKey, { callId, participantId, kind, notBefore, expiresAt: notBefore + ms, generation });
  }

  /** Connects a room client with `token`. */
  client(token: string): RoomClient {
    return new RoomClient(`${this.node.roomUrl}?token=${encodeURIComponent(token)}`);
  }
}

/** A room endpoint client (the `ws` package) that keeps what it receives. */
export class RoomClient {
  readonly ws: WebSocket;
  readonly messages: RoomServerMessage[] = [];
  readonly frames: Int16Array[] = [];
  readonly badFrames: number[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;
  /** How the socket ended (code and reason) and any error the client's side raised: named when a wait fails. */
  private ending: string | null = null;
  private readonly waiters = new Waiters();
  private pacer: NodeJS.Timeout | undefined;

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.ws.on('error', (err) => (this.ending = `client error: ${err.message}`));
    this.closed = new Promise((resolve) => this.ws.once('close', (code, reason) => {
      this.stopTalking();
      this.ending = `${this.ending ?? ''}${this.ending ? '; ' : ''}closed ${code} ${reason.toString()}`;
      resolve({ code, reason: reason.toString() });
    }));
    this.ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) {
        if (data.length !== 640) this.badFrames.push(data.length);
        const copy = new Int16Array(data.length >> 1);
        Buffer.from(copy.buffer).set(data.subarray(0, copy.byteLength));
        this.frames.push(copy);
      } else {
        this.messages.push(JSON.parse(data.toString()) as RoomServerMessage);
      }
      this.waiters.wake();
    });
  }

  /**
   * Resolves when `done()` holds after something arrives (or already holds); fails after `withinMs` saying
   * what the client had received, so a wait that never ends names itself instead of timing the test out.
   */
  async until(done: () => boolean, withinMs = 20_000): Promise<void> {
    await this.waiters.until(() => (done() ? true : undefined), withinMs, 'condition', () => this.received());
  }

  /** What arrived: audio frames and the level of the last second of them, and the messages' types (errors with their code). */
  private received(): string {
    const recent = this.frames.slice(-50);
    let sum = 0;
    let count = 0;
    for (const f of recent) for (const v of f) (sum += v * v), count++;
    const rms = count > 0 ? Math.round(Math.sqrt(sum / count)) : 0;
    const messages = this.messages.map((m) => (m.type === 'error' ? `error (${m.code})` : m.type === 'participant' ? `participant ${m.event}` : m.type));
    return `${this.frames.length} audio frames (RMS ${rms} over the last ${recent.length}), messages: ${messages.join(', ') || 'none'}${this.ending ? `; ${this.ending}` : ''}`;
  }

  /** Resolves with the first message of `type`. */
  async message<T extends RoomServerMessage['type']>(type: T): Promise<Extract<RoomServerMessage, { type: T }>> {
    await this.until(() => this.messages.some((m) => m.type === type));
    return this.messages.find((m) => m.type === type) as Extract<RoomServerMessage, { type: T }>;
  }

  /** Sends `samples` as 20 ms frames at real-time pace (as a microphone would). */
  talk(samples: Int16Array): void {
    let at = 0;
    this.pacer = setInterval(() => {
      if (at >= samples.length || this.ws.readyState !== WebSocket.OPEN) return this.stopTalking();
      const frame = new Int16Array(320);
      frame.set(samples.subarray(at, at + 320));
      at += 320;
      this.ws.send(Buffer.from(frame.buffer));
    }, 20);
  }

  stopTalking(): void {
    if (this.pacer) clearInterval(this.pacer);
  }

  close(): void {
    this.stopTalking();
    this.ws.close();
  }
}

/** Whether the last second of what `client` heard carries a tone of `hz` (at least half a second heard). */
export function hears(client: RoomClient, hz: number): boolean {
  const recent = client.frames.slice(-50);
  if (recent.length < 25) return false;
  const samples = new Int16Array(recent.length * 320);
  recent.forEach((f, i) => samples.set(f, i * 320));
  return toneAmplitude(samples, hz, 16000) > 500;
}
