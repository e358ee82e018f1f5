/**
 * Shared set-up of the stream tests: a leg context that records what the leg reports, a stream spec, and a
 * frame driver that runs the leg's pull/push as the node's tick would.
 */
import { newId } from '../../shared/ids/ids.js';
import { decodeMulaw, encodeMulaw } from '../../shared/audio/g711.js';
import { createLogger } from '../../shared/log/log.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { generateSecret } from '../../shared/signing/standard-webhooks.js';
import type { MediaEventBody } from '../../protocol/media/media-event.js';
import type { StreamLegSpec } from '../../protocol/stream/stream-leg-spec.js';
import type { LegContext } from '../../media/session/leg.js';
import { createStreamLeg, type StreamLeg } from '../../media/stream/stream-leg.js';
import type { StreamClientLimits } from '../../media/stream/stream-client-options.js';
import { CustomerServer } from './stream-customer-server.js';

/** What a leg told its session. */
export class RecordingContext {
  readonly callId = 'call_test';
  readonly reports: MediaEventBody[] = [];
  readonly ended: Promise<{ reason: string; reported: boolean }>;
  private endedWith!: (value: { reason: string; reported: boolean }) => void;
  private waiters: { match: (b: MediaEventBody) => boolean; resolve: (b: MediaEventBody) => void }[] = [];

  constructor() {
    this.ended = new Promise((resolve) => (this.endedWith = resolve));
  }

  report = (body: MediaEventBody): void => {
    this.reports.push(body);
    this.waiters = this.waiters.filter((w) => (w.match(body) ? (w.resolve(body), false) : true));
  };

  end = (reason: string, options?: { reported?: boolean }): void => {
    this.endedWith({ reason, reported: options?.reported ?? false });
  };

  get asContext(): LegContext {
    return { callId: this.callId, report: this.report, ended: this.end };
  }

  /** The first stream.status report with `status` (already made or to come). */
  status(status: string): Promise<MediaEventBody> {
    const match = (b: MediaEventBody): boolean => b.type === 'stream.status' && b.status === status;
    const found = this.reports.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.waiters.push({ match, resolve }));
  }
}

/** One stream test's world: a manual clock, a customer server and a way to open legs to it. */
export class StreamWorld {
  readonly clock = new ManualClock(Date.UTC(2026, 0, 1, 12));
  readonly secret = generateSecret();
  readonly log = createLogger({ level: 'silent' });
  server!: CustomerServer;

  async start(options: { refuse?: boolean } = {}): Promise<this> {
    this.server = await CustomerServer.start({ secret: this.secret, now: () => this.clock.now(), ...options });
    return this;
  }

  /** A stream spec for the world's server. */
  spec(overrides: Partial<StreamLegSpec> = {}): StreamLegSpec {
    return {
      streamId: newId('str', this.clock),
      url: this.server.url,
      secrets: [this.secret],
      accountSid: 'co_test',
      from: '+4791234567',
      to: '+4722334455',
      customParameters: { agent: 'sales', from_number: 'spoofed' },
      audio: 'talk',
      maxMinutes: 60,
      reconnect: true,
      test: false,
      ...overrides,
    };
  }

  /** Creates and starts a stream leg. */
  open(overrides: Partial<StreamLegSpec> = {}, limits: Partial<StreamClientLimits> = {}): { leg: StreamLeg; ctx: RecordingContext } {
    const ctx = new RecordingContext();
    const leg = createStreamLeg('part_stream', this.spec(overrides), ctx.asContext, {
      clock: this.clock,
      log: this.log,
      allowInsecureTargets: true,
      limits,
    });
    leg.start();
    return { leg, ctx };
  }

  async stop(): Promise<void> {
    if (this.server.listening) await this.server.close();
  }
}

/** A 160-sample frame of what the stream hears. */
export function heardFrame(seed = 1): Int16Array {
  return Int16Array.from({ length: 160 }, (_, i) => ((i * 37 + seed * 101) % 2000) - 1000);
}

/**
 * One tick of the node for a stream, pull, push, then the flush that sends what push prepared (the node
 * flushes at the next deadline): returns what the customer said as PCM, or null.
 */
export function tick(leg: StreamLeg, heard: Int16Array = heardFrame()): Int16Array | null {
  const said = leg.pull();
  const payload = new Uint8Array(heard.length);
  encodeMulaw(heard, payload);
  leg.push(payload);
  leg.flush();
  return said === null ? null : pcmOf(said);
}

/** Linear PCM of mu-law bytes, to compare with what a leg says. */
export function pcmOf(mulaw: Uint8Array): Int16Array {
  const out = new Int16Array(mulaw.length);
  decodeMulaw(mulaw, out);
  return out;
}

/** mu-law bytes 0..254 counting from `start` (0xff is silence, so audio never looks like padding). */
export function audioBytes(length: number, start = 0): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (start + i) % 255);
}

/**
 * Waits until `condition` holds, yielding to the event loop between checks; for the few waits that have no
 * event to await (a refused dial on loopback). Fails after `limitMs` of real time.
 */
export async function until(condition: () => boolean, limitMs = 5000): Promise<void> {
  const start = performance.now();
  while (!condition()) {
    if (performance.now() - start > limitMs) throw new Error('condition not met in time');
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
