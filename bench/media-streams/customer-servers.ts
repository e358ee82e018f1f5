/**
 * The customer side of the media-streams bench, in its own process (forked by run.ts with IPC): one loopback
 * WebSocket server whose every connection behaves like a voice bot speaking the Twilio Media Streams format.
 * After `start`, about every 3 s (begun mid-frame) the bot says a 2 s utterance, sent at 2× real time (a 200 ms chunk every 100 ms),
 * followed by a mark; every third utterance it barges in with `clear` 1.5 s after it began (the `bursty` bot).
 * The `frame` bot answers every media message it hears with one 20 ms frame, as Pipecat and real voice bots
 * do (50 messages a second): the utterance's audio, else silence; its mark follows the utterance's last frame,
 * and its barge-in is `clear` and the mark at once. Connections on /stream come from the media node, those on
 * /relay from the bare relay; both get exactly the same bot.
 *
 * Measured here, per measuring window: the interval between consecutive media messages of a connection,
 * its drift (how arrival time against the media timestamp moved from the window's first second to its
 * last), the mark echo delay after the audio ahead of the mark should have finished playing, and after a
 * clear: the delay to the mark echo and to the first silent frame heard back (the node's sessions hold an echo phone, so the bot hears its own audio come back).
 */
import { performance, monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { encodeMulaw } from '../../shared/audio/g711.js';
import { sine } from '../../shared/audio/tones.js';
import { round, Samples } from '../media-tick/samples.js';

/** From the parent. */
export type ServerCommand =
  | { type: 'listen' }
  /**
   * Waits for `count` starts, the connections' bots of kind `bot` (bursty by default); `sendDelayFrames` is how
   * many frames the sender holds a frame before sending it (1 with a two-phase tick).
   */
  | { type: 'started'; count: number; sendDelayFrames: number; bot?: BotKind }
  | { type: 'reset' } | { type: 'report' } | { type: 'dropAll' };

/** How the bot talks: 200 ms chunks at 2× real time (`bursty`), or one 20 ms frame for every frame heard (`frame`). */
export type BotKind = 'bursty' | 'frame';

/** Customer-side figures of one window. */
export interface CustomerReport {
  connections: number;
  mediaMessages: number;
  intervalMs: { p1: number; p50: number; p99: number; max: number; count: number };
  /** Change over the window of arrival time against media timestamp (least offset of a second, last vs first). */
  driftMs: { meanAbs: number; maxAbs: number };
  markEchoDelayMs: { p50: number; p99: number; max: number; count: number };
  /**
   * Mark echo arrival against the sender's frame boundary at which it was due: the first boundary (on the
   * grid of its media messages) at or after the utterance's first chunk + 2 s + the sender's send delay.
   * Only utterances begun mid-frame count (see Bot.speak): for them that boundary is known at the bot.
   */
  markEchoErrorMs: { p50: number; p99: number; max: number; count: number };
  clearToMarkEchoMs: { p50: number; p99: number; max: number; count: number };
  clearToSilenceMs: { p50: number; p99: number; max: number; count: number };
  serverEventLoopDelayMs: { p50: number; p99: number; max: number };
  serverCpuPercentOfOneCore: number;
}

/** To the parent. */
export type ServerReply = { type: 'listening'; port: number } | { type: 'started' } | { type: 'ok' } | ({ type: 'report' } & CustomerReport);

const UTTERANCE_MS = 2000;
const CHUNK_MS = 200;
const CHUNK_EVERY_MS = 100;
const CYCLE_MS = 3000;
const CLEAR_AT_MS = 1500;
const CLEAR_EVERY = 3;
const FRAMES_PER_SECOND = 50;

const toneMulaw = new Uint8Array(8 * CHUNK_MS);
encodeMulaw(sine(300, CHUNK_MS, 8000, 8000), toneMulaw);
const chunkPayload = Buffer.from(toneMulaw).toString('base64');
// The frame bot's audio: the chunk's ten 20 ms frames, and silence.
const FRAME_BYTES = 160;
const toneFrames = Array.from({ length: CHUNK_MS / 20 }, (_, i) => Buffer.from(toneMulaw.subarray(i * FRAME_BYTES, (i + 1) * FRAME_BYTES)).toString('base64'));
const silenceFrame = Buffer.alloc(FRAME_BYTES, 0xff).toString('base64');
const UTTERANCE_FRAMES = UTTERANCE_MS / 20;
let botKind: BotKind = 'bursty';

const intervals = new Samples();
const markDelay = new Samples();
const markError = new Samples();
let sendDelayFrames = 0;
const clearToEcho = new Samples();
const clearToSilence = new Samples();
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
let mediaMessages = 0;
let cpuStart = process.cpuUsage();
let windowStart = performance.now();
let startedCount = 0;
let startWaiter: { count: number; resolve: () => void } | null = null;
const bots = new Set<Bot>();

/** One connection's bot: what it sent and when, and what it has heard. */
class Bot {
  private streamSid = '';
  private lastArrival = Number.NaN;
  private firstArrival = Number.NaN;
  private firstTimestamp = 0;
  // Drift compares the least offset (arrival against timestamp) of the window's first second with that of
  // its latest full second: the least offset is the one jitter did not delay.
  private heardInWindow = 0;
  private firstSecondMin = Infinity;
  private secondMin = Infinity;
  drift = 0;
  private utterance = 0;
  private timers: NodeJS.Timeout[] = [];
  private expectedEnd = new Map<string, number>();
  /** Utterances begun at least 5 ms from a frame boundary: their mark echo error is measured. */
  private midFrame = new Set<string>();
  private clearedAt = new Map<string, number>();
  private silenceSince = Number.NaN;
  /** The least (arrival − media timestamp) seen: the phase of the sender's frame grid, as delivered. */
  private grid = Infinity;
  private readonly kind = botKind;
  /** The frame bot's messages, written once its sid is known: the tone's frames, then silence. */
  private frameMessages: string[] = [];
  /** Frames of the frame bot's utterance still to say, and its name. */
  private toSay = 0;
  private saying = '';

  constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.heard(data));
    ws.on('close', () => this.stop());
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
    bots.delete(this);
  }

  /** Forgets the window's reference points, so drift is measured within the window. */
  reset(): void {
    this.firstArrival = Number.NaN;
    this.lastArrival = Number.NaN;
    this.heardInWindow = 0;
    this.firstSecondMin = Infinity;
    this.secondMin = Infinity;
    this.drift = 0;
  }

  private heard(data: Buffer): void {
    const now = performance.now();
    const m = JSON.parse(data.toString()) as {
      event: string;
      streamSid?: string;
      media?: { timestamp: string; payload: string };
      mark?: { name: string };
    };
    if (m.event === 'media' && m.media) {
      mediaMessages++;
      const timestamp = Number(m.media.timestamp);
      this.grid = Math.min(this.grid, now - timestamp);
      if (Number.isNaN(this.firstArrival)) {
        this.firstArrival = now;
        this.firstTimestamp = timestamp;
      } else {
        intervals.add(now - this.lastArrival);
      }
      const offset = now - this.firstArrival - (timestamp - this.firstTimestamp);
      this.secondMin = Math.min(this.secondMin, offset);
      if (++this.heardInWindow % FRAMES_PER_SECOND === 0) {
        if (this.heardInWindow === FRAMES_PER_SECOND) this.firstSecondMin = this.secondMin;
        else this.drift = this.secondMin - this.firstSecondMin;
        this.secondMin = Infinity;
      }
      this.lastArrival = now;
      if (!Number.isNaN(this.silenceSince) && silent(m.media.payload)) {
        clearToSilence.add(now - this.silenceSince);
        this.silenceSince = Number.NaN;
      }
      if (this.kind === 'frame') this.answer(now);
    } else if (m.event === 'start' && m.streamSid) {
      this.streamSid = m.streamSid;
      const frame = (payload: string): string => JSON.stringify({ event: 'media', streamSid: this.streamSid, media: { payload } });
      if (this.kind === 'frame') this.frameMessages = [...toneFrames.map(frame), frame(silenceFrame)];
      if (this.kind === 'frame') this.speakFrames();
      else this.speak();
      if (++startedCount >= (startWaiter?.count ?? Infinity)) startWaiter?.resolve();
    } else if (m.event === 'mark' && m.mark) {
      const cleared = this.clearedAt.get(m.mark.name);
      if (cleared !== undefined) clearToEcho.add(now - cleared);
      else {
        const end = this.expectedEnd.get(m.mark.name);
        if (end !== undefined) {
          markDelay.add(now - end);
          if (this.midFrame.has(m.mark.name)) {
            const earliest = end + sendDelayFrames * 20;
            markError.add(now - (this.grid + Math.ceil((earliest - this.grid) / 20) * 20));
          }
        }
      }
      this.clearedAt.delete(m.mark.name);
      this.expectedEnd.delete(m.mark.name);
      this.midFrame.delete(m.mark.name);
    }
  }

  /**
   * One utterance now, the next one about a cycle later, in the middle of a frame. The sender can first play
   * an utterance on the first tick after its first chunk *arrives*, which the bot cannot see; begun mid-frame
   * (and arriving within 5 ms), that is the first boundary after it began, so its mark is due exactly 2 s
   * plus the send delay after that boundary. Begun near a boundary, the chunk may arrive after it and play
   * one frame later with the sender on time: measured against `began` that read as 20 ms of mark error
   * (the 27 ms p99 at N = 100), so such utterances are left out of the mark echo error.
   */
  private speak(): void {
    const n = ++this.utterance;
    const name = `u${n}`;
    const chunks = UTTERANCE_MS / CHUNK_MS;
    // The utterance begins when its first chunk leaves, not when it was scheduled: a busy event loop fires
    // that timer late, and measuring from the schedule counted this process's own lateness as the sender's.
    let began = Number.NaN;
    const scheduled = performance.now();
    this.timers = [];
    for (let i = 0; i < chunks; i++) {
      this.timers.push(
        setTimeout(() => {
          if (i === 0) {
            began = performance.now();
            if (Number.isFinite(this.grid) && Math.abs(this.phase(began) - 10) <= 5) this.midFrame.add(name);
          }
          this.send({ event: 'media', streamSid: this.streamSid, media: { payload: chunkPayload } });
          if (i === chunks - 1) {
            this.send({ event: 'mark', streamSid: this.streamSid, mark: { name } });
            // The queue was empty when the utterance began (the last one ended a second before).
            this.expectedEnd.set(name, began + UTTERANCE_MS);
          }
        }, i * CHUNK_EVERY_MS),
      );
    }
    if (n % CLEAR_EVERY === 0) {
      this.timers.push(
        setTimeout(() => {
          const at = performance.now();
          this.send({ event: 'clear', streamSid: this.streamSid });
          this.clearedAt.set(name, at);
          this.silenceSince = at;
        }, CLEAR_AT_MS),
      );
    }
    const next = scheduled + CYCLE_MS;
    const toMidFrame = Number.isFinite(this.grid) ? (((10 - this.phase(next)) % 20) + 20) % 20 : 0;
    this.timers.push(setTimeout(() => this.speak(), CYCLE_MS + toMidFrame));
  }

  /**
   * The frame bot's utterance: the next 2 s of frames it answers with are the tone, then the mark (due once
   * the frame just sent has played: 20 ms); every third utterance is cleared 1.5 s in, the mark sent at once.
   */
  private speakFrames(): void {
    const n = ++this.utterance;
    const name = `u${n}`;
    this.toSay = UTTERANCE_FRAMES;
    this.saying = name;
    this.timers = [];
    if (n % CLEAR_EVERY === 0) {
      this.timers.push(
        setTimeout(() => {
          const at = performance.now();
          this.toSay = 0;
          this.send({ event: 'clear', streamSid: this.streamSid });
          this.send({ event: 'mark', streamSid: this.streamSid, mark: { name } });
          this.clearedAt.set(name, at);
          this.silenceSince = at;
        }, CLEAR_AT_MS),
      );
    }
    this.timers.push(setTimeout(() => this.speakFrames(), CYCLE_MS));
  }

  /** The frame bot's answer to a frame heard at `now`. */
  private answer(now: number): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (this.toSay === 0) {
      this.ws.send(this.frameMessages[toneFrames.length]!);
      return;
    }
    this.ws.send(this.frameMessages[this.toSay % toneFrames.length]!);
    if (--this.toSay === 0) {
      this.send({ event: 'mark', streamSid: this.streamSid, mark: { name: this.saying } });
      this.expectedEnd.set(this.saying, now + 20);
    }
  }

  /** Where `t` falls in the sender's 20 ms frame (0 at a boundary), as the bot sees the grid. */
  private phase(t: number): number {
    return (((t - this.grid) % 20) + 20) % 20;
  }

  private send(message: object): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }
}

// Silence after mixing and echo: every mu-law byte at (or next to) zero amplitude.
function silent(payload: string): boolean {
  const bytes = Buffer.from(payload, 'base64');
  for (const b of bytes) if ((b & 0x7f) < 0x7c) return false;
  return true;
}

const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
server.on('connection', (ws) => bots.add(new Bot(ws)));

const reply = (r: ServerReply): void => void process.send!(r);
process.on('disconnect', () => process.exit(0));
process.on('message', (command: ServerCommand) => {
  switch (command.type) {
    case 'listen':
      if (server.address()) reply({ type: 'listening', port: (server.address() as AddressInfo).port });
      else server.once('listening', () => reply({ type: 'listening', port: (server.address() as AddressInfo).port }));
      break;
    case 'started':
      sendDelayFrames = command.sendDelayFrames;
      botKind = command.bot ?? 'bursty';
      startedCount = 0;
      startWaiter = { count: command.count, resolve: () => reply({ type: 'started' }) };
      if (command.count === 0) startWaiter.resolve();
      break;
    case 'reset':
      for (const bot of bots) bot.reset();
      for (const s of [intervals, markDelay, markError, clearToEcho, clearToSilence]) s.reset();
      loopDelay.reset();
      mediaMessages = 0;
      cpuStart = process.cpuUsage();
      windowStart = performance.now();
      reply({ type: 'ok' });
      break;
    case 'report': {
      const cpu = process.cpuUsage(cpuStart);
      const drifts = [...bots].map((b) => Math.abs(b.drift));
      reply({
        type: 'report',
        connections: bots.size,
        mediaMessages,
        intervalMs: { p1: round(intervals.quantile(0.01)), ...intervals.summary() },
        driftMs: {
          meanAbs: round(drifts.reduce((a, b) => a + b, 0) / Math.max(1, drifts.length)),
          maxAbs: round(Math.max(0, ...drifts)),
        },
        markEchoDelayMs: markDelay.summary(),
        markEchoErrorMs: markError.summary(),
        clearToMarkEchoMs: clearToEcho.summary(),
        clearToSilenceMs: clearToSilence.summary(),
        serverEventLoopDelayMs: { p50: round(loopDelay.percentile(50) / 1e6), p99: round(loopDelay.percentile(99) / 1e6), max: round(loopDelay.max / 1e6) },
        serverCpuPercentOfOneCore: round(((cpu.user + cpu.system) / 1000 / (performance.now() - windowStart)) * 100),
      });
      break;
    }
    case 'dropAll':
      for (const bot of [...bots]) bot.stop();
      for (const ws of server.clients) ws.terminate();
      reply({ type: 'ok' });
      break;
  }
});
