import type { Clock } from '../../shared/clock/clock.js';
import type { Logger } from '../../shared/log/log.js';
import type { Resolver } from '../../shared/net/target-check.js';
import type { StreamEndReason } from '../../protocol/stream/stream-end-reason.js';
import type { StreamLegSpec } from '../../protocol/stream/stream-leg-spec.js';

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
