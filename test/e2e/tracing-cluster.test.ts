/**
 * OpenTelemetry traces across processes of a cluster: the API and the media node in this process, a
 * `sentral worker` as a process of its own, both with an OTLP endpoint set, and a real OTLP/HTTP receiver
 * on loopback decoding the JSON they export. One call setup is one trace: the API's request span, the
 * worker's handling of the command it mailed (across NATS, W3C trace context in the message headers), the
 * media node's op the worker requested, the worker's handling of what the node mailed back (the leg
 * answered), and the webhook dispatcher's attempt to deliver an event the worker recorded (the trace context
 * stored with the event).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from '../../shared/tracing/tracing.js';
import { runSentral, type SentralProcess } from '../support/sentral-process.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver.js';
import { startCallsSystem, type CallsSystem, type Customer } from './calls-harness.js';
import { eventually } from '../support/eventually.js';

let receiver: OtlpReceiver;
let tracing: Tracing | null = null;
let sys: CallsSystem;
let customer: Customer;
let worker: SentralProcess | null = null;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  // This process plays the API (and media node, dispatcher): its spans are sentral-api's.
  tracing = await startTracing({ endpoint: receiver.url, serviceName: 'sentral-api' });
  sys = await startCallsSystem({ cluster: true, inProcessWorker: false });
  customer = await sys.customer({ balanceOre: 5_000 });
  worker = runSentral(['worker'], { ...sys.env, SENTRAL_NODE_ID: 'traced_worker', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, SENTRAL_LOG_LEVEL: 'debug' });
  // Every partition started: the call's command is handled at its first sending.
  await worker.printed(/(?:[\s\S]*?"msg":"partition started"){8}/);
}, 120_000);
afterAll(async () => {
  await worker?.stop('SIGKILL');
  await tracing?.stop();
  await sys?.close();
  await receiver?.close();
});

describe('traces across api, worker and media', () => {
  it('one call setup is one trace from the API request through the worker to the media node and back', async () => {
    const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, to: '+442079460008', from: customer.number, maxMinutes: 1 }, { 'idempotency-key': 'traced-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const callId: string = (res.body as { id: string }).id;
    const joined = await customer.nextEvent((e) => e.type === 'call.participant.joined' && e.data.callId === callId && e.data.kind === 'phone');
    // The attempt is recorded after its span ended: once it is listed, the span is in the exporter's buffer.
    await eventually(async () => {
      const attempts = await sys.request(customer.key, 'GET', `/v1/webhook-endpoints/${customer.endpointId}/attempts?limit=100`);
      return (attempts.body as { data: Array<{ eventId: string }> }).data.some((a) => a.eventId === joined.id);
    }, 10_000, 50);

    // Stopping sends what each process still buffers: the worker at its stop, this process at tracing's.
    expect(await worker!.stop('SIGTERM')).toBe(0);
    worker = null;
    await tracing!.stop();
    tracing = null;
    expect(receiver.rejected).toEqual([]);

    const request = receiver.spans.filter((s) => s.service === 'sentral-api' && s.name === 'POST /v1/calls');
    expect(request).toHaveLength(1);
    const trace = receiver.spans.filter((s) => s.traceId === request[0]!.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const parentOf = (s: ReceivedSpan): ReceivedSpan | undefined => byId.get(s.parentSpanId);

    // The worker's span of the command the API mailed: a child of the request, in another process.
    const created = trace.filter((s) => s.service === 'sentral-worker' && s.name.startsWith('call ') && s.attributes['sentral.call_id'] === callId && parentOf(s) === request[0]);
    expect(created.length).toBeGreaterThanOrEqual(1);
    // The media node's op, requested by the worker while it acted on a message of this call.
    const ops = trace.filter((s) => s.service === 'sentral-api' && s.name.startsWith('serve media.') && parentOf(s)?.service === 'sentral-worker');
    expect(ops.length).toBeGreaterThanOrEqual(1);
    // And the worker's handling of what the node mailed back (the leg ringing, answered), in the same trace.
    const reported = trace.filter((s) => s.service === 'sentral-worker' && parentOf(s)?.name.startsWith('serve media.')).map((s) => s.name);
    expect(reported).toEqual(expect.arrayContaining(['call leg.answered']));
    // The webhook of an event the worker recorded: the dispatcher's attempt (this process's) continues the
    // worker's span, read back from the event's row.
    const webhook = trace.filter((s) => s.name === 'webhook call.participant.joined' && s.attributes['sentral.event_id'] === joined.id);
    expect(webhook).toHaveLength(1);
    expect(parentOf(webhook[0]!)?.service).toBe('sentral-worker');
    expect(new Set(trace.map((s) => s.service))).toEqual(new Set(['sentral-api', 'sentral-worker']));
  });
});
