import type { StreamSpec } from './bus.js';

/** Ack wait of a consumer that does not name one. */
export const DEFAULT_ACK_WAIT_MS = 30_000;

/** Window within which a repeated msgId is a duplicate, when a stream does not name one. */
export const DEFAULT_DUPLICATE_WINDOW_MS = 120_000;

/**
 * Redelivery delay of a message whose handler threw: short enough to retry soon, long enough that a
 * failing handler does not spin.
 */
export const HANDLER_FAILURE_NAK_DELAY_MS = 1_000;

/**
 * Deliveries of one message after which a consumer gives up on it (the backstop against a message that
 * fails every time: it is never delivered again, and the messages behind it move on). The actor host
 * settles every message it can read within one delivery, so only crashes and handovers count here.
 */
export const MAX_DELIVERIES = 20;

/**
 * How long one pull request of a consumer waits at the server. On a cluster a pull request lives on the
 * consumer's leader: when that leader dies the request dies with it; the bus pulls again as soon as the new
 * leader is announced (nats-consumer.ts), the client by itself after two missed heartbeats (half this each);
 * after a reconnect it retries within about this long. The
 * client's default of 30 s made a consumer deaf for 15-45 s after a node loss.
 */
export const PULL_EXPIRES_MS = 4_000;

/**
 * How long a publish with a message id keeps trying while its stream has no leader (nats-publish.ts): as
 * long as the client's own publish timeout, so no caller waits longer than with a single try.
 */
export const PUBLISH_PATIENCE_MS = 5_000;

/** Pause between those tries: the new leader takes the message within this of its election. */
export const PUBLISH_RETRY_PAUSE_MS = 100;

/** How long one of those tries waits for its answer (one sent to a server that just died never gets one). */
export const PUBLISH_ATTEMPT_TIMEOUT_MS = 1_500;

/** How long `ping()` waits for the round trip before it rejects. */
export const PING_TIMEOUT_MS = 2_000;

/** The duplicate window of a stream: as asked (default 2 minutes), never longer than its max age (JetStream's rule). */
export function duplicateWindow(spec: StreamSpec): number {
  const window = spec.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS;
  return spec.maxAgeMs && spec.maxAgeMs > 0 ? Math.min(window, spec.maxAgeMs) : window;
}
