import type { NatsConnection, Subscription as NatsSub } from '@nats-io/transport-node';
import type { Subscription } from './bus.js';

/** A core NATS subscription as a bus Subscription. */
export function natsSubscription(nc: NatsConnection, sub: NatsSub): Subscription {
  return {
    async stop() {
      if (sub.isClosed() || nc.isClosed()) return;
      sub.unsubscribe();
    },
  };
}
