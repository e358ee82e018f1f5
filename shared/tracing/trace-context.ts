/**
 * Trace context across processes: W3C `traceparent` (and `tracestate`) carried in NATS message headers and
 * HTTP headers, and spans started from them. Every function here returns at once when tracing is off.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, propagation, trace, type Attributes, type Context } from '@opentelemetry/api';
import { activeTracer } from './tracing.js';

export { SpanKind };

/** The trace context fields a message carries (header name to value). */
export type TraceCarrier = Record<string, string>;

/** The active span's context as headers to send along; undefined when tracing is off or no span is active. */
export function outgoingTrace(): TraceCarrier | undefined {
  if (!activeTracer()) return undefined;
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** The trace context named by `get` (a header lookup); undefined when tracing is off or it names none. */
export function incomingTrace(get: (name: string) => string | undefined): TraceCarrier | undefined {
  if (!activeTracer()) return undefined;
  const traceparent = get('traceparent');
  if (!traceparent) return undefined;
  const tracestate = get('tracestate');
  return tracestate ? { traceparent, tracestate } : { traceparent };
}

/**
 * Runs `fn` in a span named `name`, child of `parent` (a carried context) or of the active span; `fn` gets
 * the span's context to run later work in (runInTrace). The span ends when `fn` settles, marked as an error
 * if it threw. Off: `fn(undefined)`.
 */
export function inSpan<T>(
  name: string,
  options: { parent?: TraceCarrier | undefined; kind?: SpanKind; attributes?: Attributes },
  fn: (ctx: Context | undefined) => Promise<T>,
): Promise<T> {
  const tracer = activeTracer();
  if (!tracer) return fn(undefined);
  const parent = options.parent ? propagation.extract(ROOT_CONTEXT, options.parent) : context.active();
  const span = tracer.startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, ...(options.attributes ? { attributes: options.attributes } : {}) }, parent);
  const ctx = trace.setSpan(parent, span);
  return context.with(ctx, () => fn(ctx)).then(
    (value) => {
      span.end();
      return value;
    },
    (err: unknown) => {
      span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.message : String(err) });
      span.end();
      throw err;
    },
  );
}

/** A span its starter ends (one that spans callbacks, such as an HTTP request's hooks). */
export interface OpenSpan {
  /** The span's context, to run the work it covers in (runInTrace). */
  context: Context;
  end(attributes: Attributes, failed: boolean): void;
}

/** Starts a span child of `parent` (or of the active span); null when tracing is off. */
export function startSpan(name: string, options: { parent?: TraceCarrier | undefined; kind: SpanKind; attributes?: Attributes }): OpenSpan | null {
  const tracer = activeTracer();
  if (!tracer) return null;
  const parent = options.parent ? propagation.extract(ROOT_CONTEXT, options.parent) : context.active();
  const span = tracer.startSpan(name, { kind: options.kind, ...(options.attributes ? { attributes: options.attributes } : {}) }, parent);
  return {
    context: trace.setSpan(parent, span),
    end(attributes, failed) {
      span.setAttributes(attributes);
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}

/** Runs `fn` with `ctx` (from inSpan) as the active context, so what it sends carries that trace. */
export function runInTrace<T>(ctx: Context | undefined, fn: () => T): T {
  return ctx ? context.with(ctx, fn) : fn();
}

/**
 * The span each traced message is handled in, remembered by the message's object, so that work done for
 * it later (a reply, effects) runs in its trace. Keys are held weakly.
 */
export class MessageTraces<K extends object> {
  private readonly contexts = new WeakMap<K, Context>();

  /**
   * Runs `handle` under a span child of `carried` (the message's trace), or as is when it carries none. The
   * span is not made active around `handle`: a queue it feeds may handle other messages in the same run,
   * so only what runs through run() is in the span.
   */
  handle<T>(key: K, carried: TraceCarrier | undefined, name: string, attributes: Attributes, handle: () => Promise<T>): Promise<T> {
    const span = carried ? startSpan(name, { parent: carried, kind: SpanKind.CONSUMER, attributes }) : null;
    if (!span) return handle();
    this.contexts.set(key, span.context);
    return handle().then(
      (value) => {
        span.end({}, false);
        return value;
      },
      (err: unknown) => {
        span.end({}, true);
        throw err;
      },
    );
  }

  /** Runs `fn` in the span of `key`'s message (as is when it has none). */
  run<T>(key: K, fn: () => T): T {
    return runInTrace(this.contexts.get(key), fn);
  }

  /** The trace context of `key`'s span, to store with what its handling writes; undefined when it has none. */
  carrier(key: K): TraceCarrier | undefined {
    const ctx = this.contexts.get(key);
    return ctx ? runInTrace(ctx, outgoingTrace) : undefined;
  }
}
