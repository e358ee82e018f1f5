import { connect, type NatsConnection } from '@nats-io/transport-node';

// Time between reconnect attempts while the server is away.
const RECONNECT_WAIT_MS = 250;

/**
 * How often the client pings its server, and how many pings may go unanswered before it drops the connection
 * and moves to another server of the cluster. A server whose host died (or whose path is black-holed) closes
 * nothing: with the client's defaults (2 minutes, 2) its connections stayed on it for 4-6 minutes; with these,
 * about 8 s.
 */
const PING_INTERVAL_MS = 2_000;
const MAX_PINGS_OUT = 3;

/**
 * Connects to NATS (`url`: one server or several, comma-separated) as every part of sentral does: reconnecting
 * forever, a short wait between attempts, a dead server noticed within seconds. Rejects if the first
 * connection fails.
 */
export function connectNats(options: { url: string; name: string }): Promise<NatsConnection> {
  return connect({
    servers: options.url.split(',').map((s) => s.trim()),
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: RECONNECT_WAIT_MS,
    reconnectJitter: 100,
    pingInterval: PING_INTERVAL_MS,
    maxPingOut: MAX_PINGS_OUT,
  });
}
