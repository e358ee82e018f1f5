import type { JetStreamManager, MsgRequest } from '@nats-io/jetstream';
import type { ConsumerBacklog } from './bus.js';
import { toBusError } from './nats-errors.js';

/**
 * Each durable consumer's backlog on a JetStream stream: one consumer listing, then one message lookup
 * per consumer that has any (the first message of its filter after its ack floor is the oldest not acked,
 * on a workqueue stream as on a limits one).
 */
export async function natsBacklog(jsm: JetStreamManager, stream: string): Promise<ConsumerBacklog[]> {
  try {
    const infos = await jsm.consumers.list(stream).next();
    return await Promise.all(
      infos.map(async (info): Promise<ConsumerBacklog> => {
        const pending = info.num_pending + info.num_ack_pending;
        if (pending === 0) return { durable: info.name, pending, oldestStoredAt: null };
        // next_by_subj is in the server's API since 2.9; the client's type names only seq and last_by_subj.
        const query = { seq: info.ack_floor.stream_seq + 1, next_by_subj: info.config.filter_subject ?? '>' } as unknown as MsgRequest;
        const oldest = await jsm.streams.getMessage(stream, query);
        return { durable: info.name, pending, oldestStoredAt: oldest ? oldest.time.getTime() : null };
      }),
    );
  } catch (err) {
    throw toBusError(err, `backlog of ${stream}`);
  }
}
