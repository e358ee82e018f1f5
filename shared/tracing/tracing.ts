/**
 * OpenTelemetry traces, off unless an OTLP endpoint is configured (OTEL_EXPORTER_OTLP_ENDPOINT). On, the
 * process registers a tracer provider that batches spans to `<endpoint>/v1/traces` over OTLP/HTTP (JSON),
 * with AsyncLocalStorage carrying the active span and W3C trace context as the propagation format. Off,
 * none of the SDK is loaded and every tracing call in sentral is one boolean check (trace-context.ts).
 */
import { context, propagation, trace, type Tracer } from '@opentelemetry/api';

/** What startTracing needs. */
export interface TracingOptions {
  /** OTLP/HTTP base URL (the collector's port 4318); spans go to `<endpoint>/v1/traces`. */
  endpoint: string;
  /** service.name of this process's spans (OTEL_SERVICE_NAME, else `sentral-<role>`). */
  serviceName: string;
}

/** Tracing started in this process. */
export interface Tracing {
  /** Sends the spans still buffered, then stops (at the process's stop; again: the same stop). */
  stop(): Promise<void>;
}

let tracer: Tracer | null = null;

/** The tracer of this process while tracing is on; null while it is off (the check every hot path makes). */
export function activeTracer(): Tracer | null {
  return tracer;
}

/** Turns tracing on for this process (stop it before starting it again). */
export async function startTracing(options: TracingOptions): Promise<Tracing> {
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const exporter = new OTLPTraceExporter({ url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  provider.register();
  tracer = trace.getTracer('sentral');
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= (async () => {
        tracer = null;
        await provider.shutdown();
        trace.disable();
        context.disable();
        propagation.disable();
      })();
      return stopped;
    },
  };
}
