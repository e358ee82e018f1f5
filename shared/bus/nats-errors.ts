import { errors } from '@nats-io/transport-node';
import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { BusError, type BusErrorCode } from './bus-error.js';

/** True when a request found nobody subscribed. */
export function isNoResponders(err: unknown): boolean {
  return err instanceof errors.NoRespondersError || (err instanceof errors.RequestError && err.isNoResponders());
}

/**
 * Maps a NATS client error to a BusError where a bus code fits (`conflict` names the code of a failed
 * expected-revision check); other errors (programming errors such as an invalid subject) pass unchanged.
 */
export function toBusError(err: unknown, what: string, conflict?: BusErrorCode): unknown {
  if (err instanceof BusError) return err;
  const reason = err instanceof Error ? err.message : String(err);
  const wrap = (code: BusErrorCode): BusError => new BusError(code, `${what}: ${reason}`, { cause: err });
  if (err instanceof JetStreamApiError) {
    const wrongSeq = err.code === JetStreamApiCodes.StreamWrongLastSequence || err.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown;
    if (wrongSeq && conflict) return wrap(conflict);
    if (err.code === JetStreamApiCodes.StreamNotFound || err.code === JetStreamApiCodes.ConsumerNotFound) return wrap('not_found');
    // Status 503, "JetStream system temporarily unavailable": a group the request needs is electing its leader.
    if (err.status === 503) return wrap('unavailable');
    return err;
  }
  if (err instanceof errors.ClosedConnectionError || err instanceof errors.DrainingConnectionError) return wrap('closed');
  if (
    err instanceof errors.TimeoutError ||
    err instanceof errors.RequestError ||
    err instanceof errors.ConnectionError ||
    (err instanceof Error && err.name === 'JetStreamNotEnabled')
  ) {
    return wrap('unavailable');
  }
  return err;
}
