import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { serviceUrls } from './services.js';

/** Deletes the streams, KV buckets and object stores a NATS bus with `prefix` made. */
export async function deleteNatsPrefix(prefix: string, url: string = serviceUrls.nats): Promise<void> {
  const nc = await connect({ servers: url });
  try {
    const jsm = await jetstreamManager(nc);
    for await (const name of jsm.streams.names()) {
      if (name.startsWith(`${prefix}_`) || name.startsWith(`KV_${prefix}_`) || name.startsWith(`OBJ_${prefix}_`)) await jsm.streams.delete(name);
    }
  } finally {
    await nc.close();
  }
}
