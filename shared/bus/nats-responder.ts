import { headers, type Msg, type MsgHdrs } from '@nats-io/transport-node';
import type { Logger } from '../log/log.js';
import { SpanKind, inSpan, incomingTrace, type TraceCarrier } from '../tracing/trace-context.js';

/** A responder's failure travels as this header on an empty reply. */
export const ERROR_HEADER = 'Sentral-Bus-Error';

/**
 * Answers one request with what `handler` makes of it; a handler that throws is answered with an empty
 * reply and ERROR_HEADER (the requester rejects with `handler_failed`). A request that carries a trace
 * context is handled in a span of its own, child of the requester's.
 */
export async function answerRequest(subject: string, msg: Msg, handler: (data: Uint8Array) => Promise<Uint8Array> | Uint8Array, log?: Logger): Promise<void> {
  try {
    const parent = incomingTrace((name) => msg.headers?.get(name) || undefined);
    msg.respond(parent ? await inSpan(`serve ${subject}`, { parent, kind: SpanKind.SERVER }, async () => handler(msg.data)) : await handler(msg.data));
  } catch (err) {
    log?.warn({ err, subject }, 'bus request handler failed');
    const h = headers();
    h.set(ERROR_HEADER, err instanceof Error ? err.name : 'Error');
    try {
      msg.respond(new Uint8Array(0), { headers: h });
    } catch (respondErr) {
      log?.warn({ err: respondErr, subject }, 'bus could not answer a request');
    }
  }
}

/** The trace context as NATS headers (none when tracing is off or no span is active). */
export function traceHeaders(trace: TraceCarrier | undefined): { headers: MsgHdrs } | Record<string, never> {
  if (!trace) return {};
  const h = headers();
  for (const [name, value] of Object.entries(trace)) h.set(name, value);
  return { headers: h };
}
