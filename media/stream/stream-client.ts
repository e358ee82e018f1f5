/**
 * The connection of one stream to the customer's WebSocket server (Twilio Media Streams format).
 *
 * The stream leg drives it once per 20 ms tick in two halves: at the deadline `flush` sends what was prepared
 * on the previous tick (the media message, and the marks whose audio has finished playing), then
 * `pullAudio` takes what the customer says (from the playout queue) and `prepareAudio` writes the next media
 * message from what the stream hears (160 bytes of mu-law). Nothing here blocks the tick: sends are
 * fire-and-forget, and while the socket's send buffer holds more than `maxBufferedBytes` media frames are
 * dropped and counted; after `unresponsiveFrames` dropped in a row the stream ends (server_unresponsive).
 *
 * Lifecycle: dial (the target is re-checked first; the upgrade carries `svc-stream`), then connected, start,
 * media every tick. A drop without a close frame redials after 0.5, 1, 2, 4, 8, 8… s for up to 60 s (when
 * `reconnect` is on) and sends connected and start again with `svc.resumed: true`; sequence and chunk
 * numbers continue. A close frame from the customer ends the stream (server_closed); the first dial failing
 * ends it too (connect_failed). After maxMinutes of stream time (counted in ticks; 60 s under a test key)
 * the stream sends stop and closes (max_minutes). Each end is reported once through `onEnd`.
 *
 * From the customer: media (any length, queued), mark (echoed after its audio), clear (drops the queue and
 * echoes pending marks). Anything else is answered with an error message (at most 5 a second) and dropped:
 * binary frames, frames over 64 KiB, non-JSON, unknown events, wrong shapes, a wrong streamSid, bad base64,
 * media on a listen-only stream, audio beyond the playout bound. Frames over 1 MiB break the WebSocket
 * protocol limit: the socket is closed (1009) and the stream ends as server_closed.
 */
import type { Socket } from 'node:net';
import WebSocket from 'ws';
import type { Logger } from '../../shared/log/log.js';
import type { Clock, Timer } from '../../shared/clock/clock.js';
import { errorCatalogue, type ErrorCode } from '../../shared/errors/catalogue.js';
import { resolveTarget, type CheckedTarget, type Resolver } from '../../shared/net/target-check.js';
import { pinnedLookup } from '../../shared/net/pinned-lookup.js';
import { signedStreamUrl, STREAM_SIGNATURE_HEADER, streamSignatureHeader } from '../../shared/signing/stream-signature.js';
import type { ServiceMessage, StartMessage } from '../../protocol/stream/service-messages.js';
import type { StreamLegSpec } from '../../protocol/stream/stream-leg-spec.js';
import type { StreamEndReason } from '../../protocol/stream/stream-end-reason.js';
import { ErrorThrottle } from './error-throttle.js';
import { FRAME_BYTES, PlayoutQueue } from './playout-queue.js';
import { readCustomerMessage } from './customer-message-reader.js';
import { IncomingFrames } from './incoming-frames.js';
import { MediaMessageWriter } from './media-message.js';

/** Ticks (20 ms frames) per minute. */
const FRAMES_PER_MINUTE = 3000;
/** A test-key stream lasts at most this many ticks (60 s). */
const TEST_MAX_FRAMES = 3000;
/** Frames above this size are a WebSocket protocol violation (ws closes with 1009). */
const MAX_WS_PAYLOAD = 1024 * 1024;
/** Customer bytes read before the socket pauses for one turn of the event loop. */
const READ_SHARE_BYTES = 64 * 1024;
/** Customer messages read before the socket pauses for one turn of the event loop. */
const READ_SHARE_MESSAGES = 256;

/** Tunable bounds of a stream client; the defaults are the documented behaviour. */
export interface StreamClientLimits {
  /** Waits before each redial after a drop; the last one repeats. */
  reconnectDelaysMs: readonly number[];
  /** How long after a drop redialling goes on before the stream gives up. */
  reconnectWindowMs: number;
  /** Send-buffer size above which media frames are dropped rather than queued. */
  maxBufferedBytes: number;
  /** Media frames dropped in a row (a full send buffer) before the stream ends as server_unresponsive. */
  unresponsiveFrames: number;
  /** How long a dial may take to complete the upgrade. */
  handshakeTimeoutMs: number;
  /** Bound of the playout queue in seconds of audio. */
  maxQueuedSeconds: number;
  /** Error messages sent per second at most. */
  errorsPerSecond: number;
}

/** The defaults: Twilio-like behaviour with the bounds a shared media node needs. */
export const DEFAULT_STREAM_LIMITS: StreamClientLimits = {
  reconnectDelaysMs: [500, 1000, 2000, 4000, 8000],
  reconnectWindowMs: 60_000,
  maxBufferedBytes: 64 * 1024,
  unresponsiveFrames: 500,
  handshakeTimeoutMs: 10_000,
  maxQueuedSeconds: 120,
  errorsPerSecond: 5,
};

/** Connection changes a stream reports (the leg turns them into stream.status events). */
export type StreamConnectionStatus = 'connected' | 'reconnecting' | 'resumed';

/** What a stream client needs. */
export interface StreamClientOptions {
  spec: StreamLegSpec;
  callId: string;
  clock: Clock;
  log: Logger;
  /** SENTRAL_ALLOW_INSECURE_TARGETS: loopback targets over ws:// on any port (development and tests). */
  allowInsecureTargets: boolean;
  /** DNS resolver for the target check (tests). */
  lookup?: Resolver;
  limits?: Partial<StreamClientLimits>;
  /** Called once when the stream ends, with why. */
  onEnd(reason: StreamEndReason): void;
  /** Called when the connection comes up, drops, or comes back. */
  onStatus?(status: StreamConnectionStatus, detail: Record<string, string | number | boolean>): void;
  /** Called after each message read from the customer (the node's tick runs then if it is due). */
  afterRead?(): void;
}

/** Counters of a stream, for metrics and tests. */
export interface StreamClientStats {
  framesSent: number;
  /** Media frames not sent: the socket was down or its send buffer full. */
  framesDropped: number;
  errorsSent: number;
  errorsSuppressed: number;
  reconnects: number;
  /** Bytes of customer audio dropped at the playout bound. */
  audioBytesDropped: number;
}

type State = 'idle' | 'dialling' | 'open' | 'waiting' | 'ended';

/** One stream's WebSocket connection to the customer's server. */
export class StreamClient {
  readonly stats: StreamClientStats = {
    framesSent: 0,
    framesDropped: 0,
    errorsSent: 0,
    errorsSuppressed: 0,
    reconnects: 0,
    audioBytesDropped: 0,
  };

  private readonly spec: StreamLegSpec;
  private readonly limits: StreamClientLimits;
  private readonly queue: PlayoutQueue;
  private readonly throttle: ErrorThrottle;
  private readonly maxFrames: number;
  private state: State = 'idle';
  private socket: WebSocket | null = null;
  /** The socket's connection, which media frames are written to directly (set on the upgrade). */
  private wire: Socket | null = null;
  private everOpened = false;
  private sequence = 0;
  private chunk = 0;
  private ticks = 0;
  private droppedInRow = 0;
  private droppedAt = 0;
  private attempt = 0;
  private timer: Timer | null = null;
  /** Mark echoes due while the socket was down; sent after the next start. */
  private unsentEchoes: string[] = [];
  private readBytes = 0;
  private readMessages = 0;
  private readonly media: MediaMessageWriter;
  /** Whether the writer's latest media message waits for the next flush, and the sequence number it was written with. */
  private prepared = false;
  private preparedSequence = 0;
  /** Marks whose audio finished playing on this tick's pull: echoed at the next flush, with the frames. */
  private dueEchoes: string[] = [];
  private pulling = false;
  /** The stream reached its maxMinutes on the prepared frame: it ends after that frame's flush. */
  private pendingEnd = false;

  constructor(private readonly options: StreamClientOptions) {
    this.spec = options.spec;
    this.limits = { ...DEFAULT_STREAM_LIMITS, ...options.limits };
    this.queue = new PlayoutQueue({ maxQueuedSeconds: this.limits.maxQueuedSeconds, onMark: (name) => this.markDone(name) });
    this.throttle = new ErrorThrottle(options.clock, this.limits.errorsPerSecond);
    const frames = this.spec.maxMinutes * FRAMES_PER_MINUTE;
    this.maxFrames = this.spec.test ? Math.min(frames, TEST_MAX_FRAMES) : frames;
    this.media = new MediaMessageWriter(this.spec.streamId, FRAME_BYTES);
  }

  /** The stream id (`streamSid`). */
  get streamId(): string {
    return this.spec.streamId;
  }

  /** True once the stream has ended (for whatever reason). */
  get ended(): boolean {
    return this.state === 'ended';
  }

  /** True while the socket is open and the start message has been sent. */
  get connected(): boolean {
    return this.state === 'open';
  }

  /** Bytes of customer audio waiting to be played. */
  get queuedBytes(): number {
    return this.queue.queuedBytes;
  }

  /** Dials the customer's server. */
  start(): void {
    if (this.state !== 'idle') return;
    void this.dial();
  }

  /**
   * One tick of what the stream hears: 160 bytes of mu-law (read at once, not kept), sent at the next `flush`.
   * Counts stream time, so it must be called on every tick, connected or not.
   */
  prepareAudio(frame: Uint8Array): void {
    if (this.state === 'ended') return;
    const tick = this.ticks++;
    // Written now (the frame is read here and not kept), so the deadline only sends; renumbered at the flush
    // if another message took its number.
    this.preparedSequence = this.sequence + 1;
    this.media.write(this.preparedSequence, this.chunk + 1, tick * 20, frame.length > FRAME_BYTES ? frame.subarray(0, FRAME_BYTES) : frame);
    this.prepared = true;
    if (this.ticks >= this.maxFrames) this.pendingEnd = true;
  }

  /** The deadline: sends the marks that came due on the previous tick, then the media message prepared on it. */
  flush(): void {
    if (this.state === 'ended') return;
    if (this.dueEchoes.length > 0) {
      const echoes = this.dueEchoes;
      this.dueEchoes = [];
      for (const name of echoes) this.echoMark(name);
    }
    if (this.prepared) {
      this.sendPrepared();
      this.prepared = false;
    }
    // sendPrepared may have ended the stream (unresponsive) on this very tick.
    if (!this.ended && this.pendingEnd) this.finish('max_minutes');
  }

  /** One tick of what the customer says (160 bytes of mu-law), or null when nothing is queued. */
  pullAudio(): Uint8Array | null {
    this.pulling = true;
    try {
      return this.queue.pull();
    } finally {
      this.pulling = false;
    }
  }

  /** Forwards a keypad digit pressed in the call. */
  sendDtmf(digit: string): void {
    if (this.state !== 'open') return;
    this.send({
      event: 'dtmf',
      sequenceNumber: this.nextSequence(),
      streamSid: this.spec.streamId,
      dtmf: { track: 'inbound_track', digit },
    });
  }

  /** Ends the stream from our side: stop is sent and the socket closed. No effect once ended. */
  stop(reason: StreamEndReason): void {
    this.finish(reason);
  }

  private async dial(): Promise<void> {
    this.state = 'dialling';
    let target: CheckedTarget;
    try {
      target = await resolveTarget(this.spec.url, { kind: 'stream', allowInsecure: this.options.allowInsecureTargets, lookup: this.options.lookup });
    } catch (err) {
      if (this.state !== 'dialling') return;
      this.options.log.warn({ streamId: this.spec.streamId, err }, 'stream target refused');
      this.dialFailed();
      return;
    }
    if (this.state !== 'dialling') return;
    const url = signedStreamUrl(this.spec.url);
    const signature = streamSignatureHeader({
      streamId: this.spec.streamId,
      url: this.spec.url,
      secrets: this.spec.secrets,
      now: this.options.clock.now(),
      ...(this.spec.ed25519PrivateKey !== undefined ? { ed25519PrivateKey: this.spec.ed25519PrivateKey } : {}),
    });
    const socket = new WebSocket(url, {
      headers: { [STREAM_SIGNATURE_HEADER]: signature },
      handshakeTimeout: this.limits.handshakeTimeoutMs,
      maxPayload: MAX_WS_PAYLOAD,
      perMessageDeflate: false,
      followRedirects: false,
      // Dialled at the checked address (SNI and Host keep the name): DNS cannot change it after the check.
      lookup: pinnedLookup(target),
      // Invalid UTF-8 gets an error message like any other bad frame instead of closing the socket.
      skipUTF8Validation: true,
    });
    this.socket = socket;
    let protocolError = false;
    socket.on('upgrade', (res) => {
      if (socket === this.socket) this.wire = res.socket;
    });
    socket.on('open', () => this.opened(socket));
    socket.on('message', (data, isBinary) => this.received(socket, data, isBinary));
    socket.on('error', (err) => {
      // Before open this is a failed dial (reported by close); after open only the receiver emits errors.
      if (socket.readyState !== WebSocket.CONNECTING) protocolError = true;
      this.options.log.debug({ streamId: this.spec.streamId, err }, 'stream socket error');
    });
    socket.on('close', (code) => this.closed(socket, code, protocolError));
  }

  private opened(socket: WebSocket): void {
    if (socket !== this.socket || this.state !== 'dialling') {
      socket.terminate();
      return;
    }
    const resumed = this.everOpened;
    this.everOpened = true;
    this.state = 'open';
    this.attempt = 0;
    this.droppedInRow = 0;
    if (this.wire !== null) this.readTextFramesFirst(socket, this.wire);
    this.send({ event: 'connected', protocol: 'Call', version: '1.0.0' });
    this.send(this.startMessage(resumed));
    const echoes = this.unsentEchoes;
    this.unsentEchoes = [];
    for (const name of echoes) this.echoMark(name);
    if (resumed) this.stats.reconnects++;
    this.options.onStatus?.(resumed ? 'resumed' : 'connected', resumed ? { reconnects: this.stats.reconnects } : {});
  }

  /**
   * Puts the fast path for whole text frames (incoming-frames.ts) in front of `ws`'s reading of the
   * connection: `ws`'s own listener, the connection's only one once it is open, gets everything else and
   * takes the connection back for good at the first frame it must judge, or when the connection closes.
   * With any other listener there, `ws` reads alone.
   */
  private readTextFramesFirst(socket: WebSocket, wire: Socket): void {
    const listeners = wire.listeners('data');
    if (listeners.length !== 1) return;
    const wsRead = listeners[0] as (chunk: Buffer) => void;
    const read = (chunk: Buffer): void => frames.push(chunk);
    const frames = new IncomingFrames({
      text: (data) => this.received(socket, data, false),
      other: (bytes) => wsRead.call(wire, bytes),
      handOver: (rest) => {
        wire.removeListener('data', read);
        wire.on('data', wsRead);
        if (rest.length > 0) wsRead.call(wire, rest);
      },
    });
    wire.removeListener('data', wsRead);
    wire.on('data', read);
    // Before ws's own close handling, which reads what the connection still holds straight into its receiver.
    wire.prependOnceListener('close', () => frames.handOver());
  }

  private closed(socket: WebSocket, code: number, protocolError: boolean): void {
    if (socket !== this.socket || this.state === 'ended') return;
    this.socket = null;
    this.wire = null;
    if (this.state === 'dialling') {
      this.dialFailed();
      return;
    }
    // 1006: the connection went away without a close frame (a drop); anything else was a close.
    if (code !== 1006 || protocolError) {
      this.finish('server_closed');
      return;
    }
    if (!this.spec.reconnect) {
      this.finish('reconnect_gave_up');
      return;
    }
    this.droppedAt = this.options.clock.now();
    this.attempt = 0;
    this.options.onStatus?.('reconnecting', {});
    this.scheduleRedial();
  }

  private dialFailed(): void {
    if (!this.everOpened) {
      this.finish('connect_failed');
      return;
    }
    this.scheduleRedial();
  }

  private scheduleRedial(): void {
    const delays = this.limits.reconnectDelaysMs;
    const delay = delays[Math.min(this.attempt, delays.length - 1)] ?? 1000;
    if (this.options.clock.now() + delay - this.droppedAt > this.limits.reconnectWindowMs) {
      this.finish('reconnect_gave_up');
      return;
    }
    this.attempt++;
    this.state = 'waiting';
    this.timer = this.options.clock.setTimer(delay, () => {
      this.timer = null;
      if (this.state === 'waiting') void this.dial();
    });
  }

  private received(socket: WebSocket, data: WebSocket.RawData, isBinary: boolean): void {
    if (socket !== this.socket || this.state !== 'open') return;
    try {
      const buffer = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      this.takeReadShare(socket, buffer.length);
      const input = readCustomerMessage(buffer, isBinary, this.spec.streamId);
      switch (input.kind) {
        case 'media': {
          if (this.spec.audio === 'listen') {
            this.refuse('stream_listen_only');
            break;
          }
          const dropped = this.queue.push(input.audio);
          if (dropped > 0) {
            this.stats.audioBytesDropped += dropped;
            this.refuse(
              'stream_playout_overflow',
              `The playout buffer holds ${this.limits.maxQueuedSeconds} s of audio; ${dropped} bytes were dropped.`,
            );
          }
          break;
        }
        case 'mark':
          if (!this.queue.mark(input.name)) {
            this.refuse('stream_playout_overflow', 'Too many marks are waiting for their audio; this mark was dropped.');
          }
          break;
        case 'clear':
          this.queue.clear();
          break;
        case 'refused':
          this.refuse(input.code, input.message);
          break;
      }
    } catch (err) {
      // A bug here must not take down the node's other streams.
      this.options.log.error({ streamId: this.spec.streamId, err }, 'stream message handling failed');
    }
    this.options.afterRead?.();
  }

  /**
   * Reads a flood a share at a time: after READ_SHARE_MESSAGES messages or READ_SHARE_BYTES the socket pauses
   * until the next turn of the event loop, so the tick and the other streams run in between (ws still hands
   * over the rest of the chunk it is reading, at most 64 KiB).
   */
  private takeReadShare(socket: WebSocket, bytes: number): void {
    this.readBytes += bytes;
    this.readMessages++;
    if (socket.isPaused || (this.readBytes < READ_SHARE_BYTES && this.readMessages < READ_SHARE_MESSAGES)) return;
    socket.pause();
    setImmediate(() => {
      this.readBytes = 0;
      this.readMessages = 0;
      socket.resume();
    });
  }

  private refuse(code: ErrorCode, message: string = errorCatalogue[code].message): void {
    if (this.state !== 'open') return;
    const admitted = this.throttle.admit();
    if (!admitted.send) {
      this.stats.errorsSuppressed++;
      return;
    }
    this.stats.errorsSent++;
    this.send({
      event: 'error',
      sequenceNumber: this.nextSequence(),
      streamSid: this.spec.streamId,
      error: admitted.suppressed > 0 ? { code, message, suppressed: admitted.suppressed } : { code, message },
    });
  }

  private sendPrepared(): void {
    const socket = this.socket;
    const wire = this.wire;
    if (this.state !== 'open' || socket === null || wire === null) {
      this.dropFrame(false);
      return;
    }
    if (socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.dropFrame(true);
      return;
    }
    if (this.preparedSequence !== this.sequence + 1) this.media.renumber(this.sequence + 1, this.chunk + 1);
    this.sequence++;
    this.chunk++;
    if (socket.readyState === WebSocket.OPEN) {
      // A text frame, as Twilio sends it, framed in the message's own buffer and written to the connection
      // directly: ws puts nothing of its own between (without compression its sender never queues), and its
      // bufferedAmount counts what the connection holds. A frame the connection could not send at once is
      // still its to send, so the next message is written into a new buffer.
      wire.write(this.media.framed());
      if (wire.writableLength > 0) this.media.release();
    }
    this.stats.framesSent++;
    this.droppedInRow = 0;
  }

  // The playout queue's callback: a mark found by the tick's pull waits for the next flush; one echoed by a
  // clear (outside the tick) goes at once.
  private markDone(name: string): void {
    if (this.pulling) this.dueEchoes.push(name);
    else this.echoMark(name);
  }

  private echoMark(name: string): void {
    if (this.state === 'ended') return;
    if (this.state !== 'open') {
      this.unsentEchoes.push(name);
      return;
    }
    this.send({ event: 'mark', sequenceNumber: this.nextSequence(), streamSid: this.spec.streamId, mark: { name } });
  }

  private dropFrame(bufferFull: boolean): void {
    this.stats.framesDropped++;
    if (!bufferFull) return;
    this.droppedInRow++;
    if (this.droppedInRow >= this.limits.unresponsiveFrames) this.finish('server_unresponsive');
  }

  private finish(reason: StreamEndReason): void {
    if (this.state === 'ended') return;
    const wasOpen = this.state === 'open';
    this.state = 'ended';
    this.timer?.cancel();
    this.timer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket !== null) {
      if (wasOpen && reason !== 'server_unresponsive' && socket.readyState === WebSocket.OPEN) {
        this.sendOn(socket, {
          event: 'stop',
          sequenceNumber: this.nextSequence(),
          streamSid: this.spec.streamId,
          stop: { accountSid: this.spec.accountSid, callSid: this.options.callId, reason },
        });
        socket.close(1000, reason);
      } else {
        socket.terminate();
      }
    }
    this.unsentEchoes = [];
    this.dueEchoes = [];
    this.options.log.info({ streamId: this.spec.streamId, reason, ...this.stats }, 'stream ended');
    this.options.onEnd(reason);
  }

  private startMessage(resumed: boolean): StartMessage {
    const { spec } = this;
    return {
      event: 'start',
      sequenceNumber: this.nextSequence(),
      streamSid: spec.streamId,
      start: {
        streamSid: spec.streamId,
        accountSid: spec.accountSid,
        callSid: this.options.callId,
        tracks: ['inbound'],
        customParameters: { ...spec.customParameters, from_number: spec.from ?? '', to_number: spec.to ?? '' },
        mediaFormat: { encoding: 'audio/x-mulaw', sampleRate: 8000, channels: 1 },
        svc: { callId: this.options.callId, from: spec.from, to: spec.to, resumed },
      },
    };
  }

  private nextSequence(): string {
    return String(++this.sequence);
  }

  private send(message: ServiceMessage): void {
    if (this.socket !== null) this.sendOn(this.socket, message);
  }

  private sendOn(socket: WebSocket, message: ServiceMessage): void {
    if (socket.readyState !== WebSocket.OPEN) return;
    socket.send(JSON.stringify(message));
  }
}
