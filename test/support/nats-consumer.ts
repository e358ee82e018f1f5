import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { sanitizeName } from '../../shared/bus/subject.js';
import { serviceUrls } from './services.js';

/** What a JetStream consumer of a bus with `prefix` still holds: not yet delivered, and delivered but unacked. */
export async function natsConsumerBacklog(prefix: string, stream: string, durable: string, url: string = serviceUrls.nats): Promise<{ pending: number; ackPending: number; redelivered: number }> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.consumers.info(sanitizeName(`${prefix}_${stream}`), durable);
    return { pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered };
  } finally {
    await nc.close();
  }
}
