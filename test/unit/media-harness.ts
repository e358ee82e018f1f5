import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { holdMusic } from '../../shared/audio/tones.js';
import { rms } from '../../media/audio/level.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { createLogger } from '../../shared/log/log.js';
import type { MediaEventBody } from '../../protocol/media/media-event.js';
import type { MediaOp, MediaOpAnswer } from '../../protocol/media/media-op.js';
import { ClipStore } from '../../media/clips/clip-store.js';
import { MediaEngine, type MediaEngineDeps } from '../../media/node/media-engine.js';
import { ObjectRecordingStorage } from '../../media/record/recording-storage.js';
import { LocalObjectStore } from '../../shared/objects/local-object-store.js';
import type { RoomConnection } from '../../media/room/room-leg.js';
import { SimNetwork } from '../../media/sim/sim-network.js';
import { SpeechSynthesizer } from '../../media/speech/tts.js';

/** One speech synthesizer for all tests of a file (it caches renders). */
export const speech = new SpeechSynthesizer();

type WithoutOpId<T> = T extends unknown ? Omit<T, 'opId'> : never;

/** An event the engine published, with its call. */
export type Published = MediaEventBody & { callId: string };

/** A room participant driven by the test: what it says per frame, and every frame it heard. */
export class RoomProbe {
  readonly heard: Int16Array[] = [];
  readonly messages: unknown[] = [];
  closedWith: { closeCode: number; code: string } | null = null;
  private script: Int16Array[] = [];

  readonly connection: RoomConnection = {
    sendAudio: (frame) => {
      this.heard.push(new Int16Array(frame.buffer.slice(frame.byteOffset, frame.byteOffset + frame.byteLength)));
      return true;
    },
    send: (message) => this.messages.push(message),
    close: (closeCode, code) => {
      this.closedWith = { closeCode, code };
    },
  };

  /** Queues audio to say, cut into 20 ms frames. */
  say(samples: Int16Array): void {
    for (let at = 0; at < samples.length; at += 320) {
      const frame = new Int16Array(320);
      frame.set(samples.subarray(at, Math.min(samples.length, at + 320)));
      this.script.push(frame);
    }
  }

  /** The next frame to send, if any. */
  nextFrame(): Int16Array | undefined {
    return this.script.shift();
  }

  /** RMS of what it heard over frames [from, to). */
  level(from = 0, to = this.heard.length): number {
    const frames = this.heard.slice(from, to);
    if (frames.length === 0) return 0;
    return Math.max(...frames.map((f) => rms(f)));
  }

  /** Index of the first heard frame louder than `threshold`, or -1. */
  firstLoud(threshold = 300, from = 0): number {
    for (let i = from; i < this.heard.length; i++) if (rms(this.heard[i]!) > threshold) return i;
    return -1;
  }
}

/** An engine on a manual tick with a recording event sink: drive it with ops and frames. */
export class EngineHarness {
  readonly events: Published[] = [];
  readonly clock = new ManualClock();
  readonly sim = new SimNetwork();
  readonly probes = new Map<string, RoomProbe>();
  engine!: MediaEngine;
  clips!: ClipStore;
  recordings!: ObjectRecordingStorage;
  /** The directory the recordings are in. */
  recordingFiles!: LocalObjectStore;
  dir!: string;
  private opCount = 0;
  private readonly waiters = new Set<() => void>();

  /**
   * Defines a simulated phone and renders what it says before it is dialled: the frames a test runs take no
   * wall time, so a phone whose speech was still rendering would speak late by however long espeak-ng took.
   */
  async definePhone(number: string, script: unknown): Promise<void> {
    this.sim.defineSimPhone(number, script);
    await this.renderPhrases();
  }

  private async renderPhrases(): Promise<void> {
    await Promise.all(this.sim.phrases().map((p) => speech.render(p.text, p.voice, 8000)));
  }

  /** Starts the engine; `extra` adds or replaces dependencies (a SIP agent, a stream factory). */
  async start(extra: Partial<MediaEngineDeps> = {}): Promise<this> {
    await this.renderPhrases();
    this.dir = await mkdtemp(join(tmpdir(), 'sentral-media-'));
    this.clips = new ClipStore(join(this.dir, 'clips'));
    this.recordingFiles = new LocalObjectStore(join(this.dir, 'recordings'));
    this.recordings = new ObjectRecordingStorage(this.recordingFiles);
    this.engine = new MediaEngine({
      clock: this.clock,
      log: createLogger({ level: 'silent' }),
      publish: (callId, body) => {
        this.events.push({ callId, ...body });
        for (const w of [...this.waiters]) w();
      },
      sim: this.sim,
      speech,
      clips: this.clips,
      recordings: this.recordings,
      holdAudio: holdMusic(),
      roomUrl: 'ws://media.test/room',
      capacity: 20,
      ...extra,
    });
    return this;
  }

  async stop(): Promise<void> {
    this.engine.closeAll('test over');
    await rm(this.dir, { recursive: true, force: true });
  }

  /** Runs an operation with a fresh op id. */
  op(op: WithoutOpId<MediaOp>): Promise<MediaOpAnswer> {
    return this.engine.handle({ ...op, opId: `op_${++this.opCount}` } as MediaOp);
  }

  /** Adds a room participant whose audio the test drives. */
  async addProbe(callId: string, legId: string, extra: Record<string, unknown> = {}): Promise<RoomProbe> {
    const answer = await this.op({ op: 'addLeg', callId, legId, kind: 'room', room: { participantKind: 'app' }, ...extra });
    if (!answer.ok) throw new Error(answer.error.code);
    const probe = new RoomProbe();
    this.engine.roomLeg(callId, legId)!.attach(probe.connection);
    this.probes.set(`${callId}/${legId}`, probe);
    return probe;
  }

  /** Runs `frames` ticks, feeding every probe's next frame before each and letting async work settle between them. */
  async run(frames: number): Promise<void> {
    for (let i = 0; i < frames; i++) {
      this.step();
      await new Promise<void>((r) => setImmediate(r));
    }
  }

  /** Runs ticks until `done()` (yielding to async work between them); throws after `maxFrames`. */
  async runUntil(done: () => boolean, maxFrames: number): Promise<number> {
    for (let i = 0; i < maxFrames; i++) {
      if (done()) return i;
      this.step();
      await new Promise<void>((r) => setImmediate(r));
    }
    throw new Error(`not reached within ${maxFrames} frames`);
  }

  /** Resolves with the first event of `type` (already published or the next one), of those `match` accepts. */
  event<T extends Published['type']>(type: T, match: (e: Extract<Published, { type: T }>) => boolean = () => true): Promise<Extract<Published, { type: T }>> {
    return new Promise((resolve) => {
      const check = (): void => {
        const found = this.ofType(type).find(match);
        if (!found) return;
        this.waiters.delete(check);
        resolve(found);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Events of one type, in order. */
  ofType<T extends Published['type']>(type: T): Extract<Published, { type: T }>[] {
    return this.events.filter((e): e is Extract<Published, { type: T }> => e.type === type);
  }

  private step(): void {
    for (const [key, probe] of this.probes) {
      const frame = probe.nextFrame();
      const [callId, legId] = key.split('/') as [string, string];
      if (frame) this.engine.roomLeg(callId, legId)?.receive(frame.buffer as ArrayBuffer);
    }
    this.engine.tick();
  }
}
