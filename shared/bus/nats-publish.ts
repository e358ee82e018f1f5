import type { MsgHdrs } from '@nats-io/transport-node';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { PublishAck } from './bus.js';
import { BusError } from './bus-error.js';
import { PUBLISH_ATTEMPT_TIMEOUT_MS, PUBLISH_PATIENCE_MS, PUBLISH_RETRY_PAUSE_MS } from './bus-defaults.js';
import { isNoResponders, toBusError } from './nats-errors.js';

/**
 * Publishes to the stream that takes `subject` (absolute), riding through the stream's leader election.
 * While a stream elects a leader (its leader's server died; nats-server's followers wait 4-9 s) a publish
 * is answered "no responders" at once, or gets no answer when it went to the server that died. One with a
 * message id may be sent again (the stream drops a second copy within its duplicate window), so it is tried
 * every PUBLISH_RETRY_PAUSE_MS for up to PUBLISH_PATIENCE_MS, and the new leader takes it the moment it is
 * elected instead of after the caller's own retry. One without an id is tried once, as before.
 */
export async function publishToStream(
  js: JetStreamClient,
  subject: string,
  relative: string,
  data: Uint8Array,
  options: { msgId?: string | undefined; headers?: MsgHdrs },
): Promise<PublishAck> {
  const { msgId, headers } = options;
  const deadline = Date.now() + PUBLISH_PATIENCE_MS;
  for (;;) {
    try {
      if (msgId === undefined) {
        const ack = await js.publish(subject, data, headers ? { headers } : {});
        return { seq: ack.seq, duplicate: ack.duplicate };
      }
      const timeout = Math.max(1, Math.min(PUBLISH_ATTEMPT_TIMEOUT_MS, deadline - Date.now()));
      const ack = await js.publish(subject, data, { msgID: msgId, timeout, ...(headers ? { headers } : {}) });
      return { seq: ack.seq, duplicate: ack.duplicate };
    } catch (err) {
      // JetStream answers "no responders" when no stream (or no stream leader) takes the subject.
      const failure = err instanceof Error && isNoResponders(err.cause)
        ? new BusError('no_responders', `no stream takes subject ${relative}`, { cause: err })
        : toBusError(err, `publish to ${relative}`);
      const electing = failure instanceof BusError && (failure.code === 'no_responders' || failure.code === 'unavailable');
      if (msgId === undefined || !electing || Date.now() + PUBLISH_RETRY_PAUSE_MS >= deadline) throw failure;
      await new Promise((resolve) => setTimeout(resolve, PUBLISH_RETRY_PAUSE_MS));
    }
  }
}
