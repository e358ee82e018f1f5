import { connect, type NatsConnection } from '@nats-io/transport-node';

// Time between reconnect attempts while the server is away.
const RECONNECT_WAIT_MS = 250;

/**
 * Connects to NATS (`url`: one server or several, comma-separated) as the bus does (nats-bus.ts): reconnecting
 * forever, a short wait between attempts. Rejects if the first connection fails.
 */
export function connectNats(options: { url: string; name: string }): Promise<NatsConnection> {
  return connect({
    servers: options.url.split(',').map((s) => s.trim()),
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: RECONNECT_WAIT_MS,
    reconnectJitter: 100,
  });
}
