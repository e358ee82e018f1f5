/** Codes of bus failures that callers act on. */
export type BusErrorCode =
  | 'kv_key_exists'
  | 'kv_wrong_revision'
  | 'request_timeout'
  | 'no_responders'
  | 'unavailable'
  | 'closed'
  | 'handler_failed'
  | 'not_found'
  | 'invalid_key'
  /** The NATS cluster cannot place as many replicas as SENTRAL_NATS_REPLICAS asks for. */
  | 'replicas_unavailable';

/** A typed bus failure; adapters map their own errors onto these codes. */
export class BusError extends Error {
  constructor(
    readonly code: BusErrorCode,
    message: string = code,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BusError';
  }
}

/** True when `err` is a BusError with the given code. */
export function isBusError(err: unknown, code?: BusErrorCode): err is BusError {
  return err instanceof BusError && (code === undefined || err.code === code);
}
