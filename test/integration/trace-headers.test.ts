/**
 * W3C trace context on real NATS: off (no OTLP endpoint), a message carries no trace headers; on, a publish made in a span carries its traceparent to the consumer, and a request's served
 * span is the requester's child.
 */
import { trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import type { BusMessage } from '../../shared/bus/bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import { startTracing } from '../../shared/tracing/tracing.js';
import { SpanKind, inSpan, outgoingTrace } from '../../shared/tracing/trace-context.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { startOtlpReceiver } from '../support/otlp-receiver.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';

/** Publishes one message (in whatever span is active) and resolves with it as the consumer gets it. */
async function roundTrip(prefix: string, publish: (send: () => Promise<unknown>) => Promise<unknown>): Promise<BusMessage> {
  const bus = await createNatsBus({ url: serviceUrls.nats, prefix, name: 'trace-headers-test' });
  try {
    await bus.ensureStream({ name: 'tr', subjects: ['tr.>'], retention: 'workqueue' });
    let got!: (m: BusMessage) => void;
    const delivered = new Promise<BusMessage>((resolve) => (got = resolve));
    const sub = await bus.consume({ stream: 'tr', durable: 'd', filterSubject: 'tr.>' }, async (m) => {
      await m.ack();
      got(m);
    });
    await publish(() => bus.publish('tr.x', new Uint8Array([1])));
    const message = await delivered;
    await sub.stop();
    return message;
  } finally {
    await bus.close();
    await deleteNatsPrefix(prefix);
  }
}

describe('trace context in NATS headers', () => {
  it('off: a publish in a span adds no header', async () => {
    expect(outgoingTrace()).toBeUndefined();
    const message = await roundTrip(uniquePrefix('trace'), (send) => inSpan('ignored', {}, send));
    expect(message.trace).toBeUndefined();
  });

  it('on: the consumer gets the publishing span\'s traceparent, and a served request is a child span of its requester', async () => {
    const receiver = await startOtlpReceiver();
    const tracing = await startTracing({ endpoint: receiver.url, serviceName: 'trace-headers-test' });
    try {
      let sentIn = '';
      const message = await roundTrip(uniquePrefix('trace'), (send) =>
        inSpan('publisher', { kind: SpanKind.PRODUCER }, async () => {
          sentIn = trace.getActiveSpan()!.spanContext().spanId;
          return send();
        }),
      );
      const [, traceId, parentId] = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(message.trace?.traceparent ?? '') ?? [];
      expect(parentId).toBe(sentIn);

      const prefix = uniquePrefix('trace');
      const bus = await createNatsBus({ url: serviceUrls.nats, prefix, name: 'trace-headers-test' });
      try {
        const served = await bus.serve('svc.a', (data) => data);
        await inSpan('requester', { kind: SpanKind.CLIENT }, () => bus.request('svc.a', new Uint8Array([2]), { timeoutMs: 5_000 }));
        await served.stop();
      } finally {
        await bus.close();
        await deleteNatsPrefix(prefix);
      }
      await tracing.stop();
      expect(receiver.rejected).toEqual([]);
      expect(receiver.spans.find((s) => s.name === 'publisher')).toMatchObject({ traceId, spanId: sentIn, service: 'trace-headers-test' });
      const requester = receiver.spans.find((s) => s.name === 'requester')!;
      expect(receiver.spans.find((s) => s.name === 'serve svc.a')).toMatchObject({ traceId: requester.traceId, parentSpanId: requester.spanId, kind: 2 });
    } finally {
      await tracing.stop();
      await receiver.close();
    }
  });
});
