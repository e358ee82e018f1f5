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
import type { Timer } from '../../shared/clock/clock.js';
import { errorCatalogue, type ErrorCode } from '../../shared/errors/catalogue.js';
import { resolveTarget, type CheckedTarget } from '../../shared/net/target-check.js';
import type { ServiceMessage } from '../../protocol/stream/service-messages.js';
import type { StreamLegSpec } from '../../protocol/stream/stream-leg-spec.js';
import type { StreamEndReason } from '../../protocol/stream/stream-end-reason.js';
import { ErrorThrottle } from './error-throttle.js';
import { FRAME_BYTES, PlayoutQueue } from './playout-queue.js';
import { readCustomerMessage } from './customer-message-reader.js';
import { CustomerInputHandler } from './customer-input.js';
import { MediaMessageWriter } from './media-message.js';
import { openCustomerSocket, readTextFramesFirst, ReadShare } from './customer-socket.js';
import { RedialPolicy } from './redial-policy.js';
import { OutgoingMessages } from './outgoing-messages.js';
import { DEFAULT_STREAM_LIMITS, type StreamClientLimits, type StreamClientOptions, type StreamClientStats } from './stream-client-options.js';

/** Ticks (20 ms frames) per minute. */
const FRAMES_PER_MINUTE = 3000;
/** A test-key stream lasts at most this many ticks (60 s). */
const TEST_MAX_FRAMES = 3000;

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
  private readonly input: CustomerInputHandler;
  private readonly maxFrames: number;
  private state: State = 'idle';
  private socket: WebSocket | null = null;
  /** The socket's connection, which media frames are written to directly (set on the upgrade). */
  private wire: Socket | null = null;
  private everOpened = false;
  private readonly outgoing: OutgoingMessages;
  private ticks = 0;
  private droppedInRow = 0;
  private readonly redial: RedialPolicy;
  private timer: Timer | null = null;
  /** Mark echoes due while the socket was down; sent after the next start. */
  private unsentEchoes: string[] = [];
  private readonly readShare = new ReadShare();
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
    this.input = new CustomerInputHandler(this.queue, {
      listenOnly: this.spec.audio === 'listen',
      maxQueuedSeconds: this.limits.maxQueuedSeconds,
      stats: this.stats,
      refuse: (code, message) => this.refuse(code, message),
    });
    this.redial = new RedialPolicy(this.limits.reconnectDelaysMs, this.limits.reconnectWindowMs);
    const frames = this.spec.maxMinutes * FRAMES_PER_MINUTE;
    this.maxFrames = this.spec.test ? Math.min(frames, TEST_MAX_FRAMES) : frames;
    this.outgoing = new OutgoingMessages(this.spec, options.callId);
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
    this.preparedSequence = this.outgoing.nextSequence;
    this.media.write(this.preparedSequence, this.outgoing.nextChunk, tick * 20, frame.length > FRAME_BYTES ? frame.subarray(0, FRAME_BYTES) : frame);
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
    this.send(this.outgoing.dtmf(digit));
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
    const socket = openCustomerSocket(this.spec, target, this.options.clock.now(), this.limits.handshakeTimeoutMs);
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
    this.redial.connected();
    this.droppedInRow = 0;
    if (this.wire !== null) readTextFramesFirst(this.wire, (data) => this.received(socket, data, false));
    this.send(this.outgoing.connected());
    this.send(this.outgoing.start(resumed));
    const echoes = this.unsentEchoes;
    this.unsentEchoes = [];
    for (const name of echoes) this.echoMark(name);
    if (resumed) this.stats.reconnects++;
    this.options.onStatus?.(resumed ? 'resumed' : 'connected', resumed ? { reconnects: this.stats.reconnects } : {});
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
    this.redial.dropped(this.options.clock.now());
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
    const delay = this.redial.nextDelay(this.options.clock.now());
    if (delay === null) {
      this.finish('reconnect_gave_up');
      return;
    }
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
      this.readShare.take(socket, buffer.length);
      this.input.handle(readCustomerMessage(buffer, isBinary, this.spec.streamId));
    } catch (err) {
      // A bug here must not take down the node's other streams.
      this.options.log.error({ streamId: this.spec.streamId, err }, 'stream message handling failed');
    }
    this.options.afterRead?.();
  }

  private refuse(code: ErrorCode, message: string = errorCatalogue[code].message): void {
    if (this.state !== 'open') return;
    const admitted = this.throttle.admit();
    if (!admitted.send) {
      this.stats.errorsSuppressed++;
      return;
    }
    this.stats.errorsSent++;
    this.send(this.outgoing.error(admitted.suppressed > 0 ? { code, message, suppressed: admitted.suppressed } : { code, message }));
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
    const outgoing = this.outgoing;
    if (this.preparedSequence !== outgoing.nextSequence) this.media.renumber(outgoing.nextSequence, outgoing.nextChunk);
    outgoing.takeMediaNumbers();
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
    this.send(this.outgoing.mark(name));
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
        this.sendOn(socket, this.outgoing.stop(reason));
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

  private send(message: ServiceMessage): void {
    if (this.socket !== null) this.sendOn(this.socket, message);
  }

  private sendOn(socket: WebSocket, message: ServiceMessage): void {
    if (socket.readyState !== WebSocket.OPEN) return;
    socket.send(JSON.stringify(message));
  }
}
