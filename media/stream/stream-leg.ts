/**
 * A stream participant as a leg of the call's session: 8 kHz, what it hears (the mix, or one participant
 * when the session's `listenTo` is set: listen mode single) goes to the customer's server as media, and what
 * the customer sends is played from the playout queue as this leg's voice. A listen-only stream
 * (`audio: listen`) starts with audioMode listen, so it is never heard. Under a test key the customer
 * hears a 1004 Hz test tone instead of the call, for at most 60 s.
 */
import { Value } from 'typebox/value';
import { encodeMulaw } from '../../shared/audio/g711.js';
import { LoopingClip } from '../audio/looping-clip.js';
import { testTone } from '../../shared/audio/tones.js';
import type { Clock } from '../../shared/clock/clock.js';
import type { Logger } from '../../shared/log/log.js';
import type { Resolver } from '../../shared/net/target-check.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { StreamEndReason } from '../../protocol/stream/stream-end-reason.js';
import { StreamLegSpec } from '../../protocol/stream/stream-leg-spec.js';
import { defaultModes, type G711Leg, type LegContext, type LegModes } from '../session/leg.js';
import type { StreamLegFactory } from '../node/media-engine.js';
import { StreamClient } from './stream-client.js';
import type { StreamClientLimits } from './stream-client-options.js';
import { FRAME_BYTES } from './playout-queue.js';

/** What the node gives every stream leg. */
export interface StreamLegDeps {
  clock: Clock;
  log: Logger;
  /** SENTRAL_ALLOW_INSECURE_TARGETS. */
  allowInsecureTargets: boolean;
  lookup?: Resolver;
  limits?: Partial<StreamClientLimits>;
}

/** A participant of kind stream: the session's view of a StreamClient. */
export class StreamLeg implements G711Leg {
  readonly kind = 'stream';
  readonly format = 'pcmu';
  readonly rate = 8000;
  readonly modes: LegModes = defaultModes();
  /** The connection to the customer's server (exposed for metrics and tests). */
  readonly client: StreamClient;
  private readonly toneBytes = new Uint8Array(FRAME_BYTES);
  private readonly tone: LoopingClip | null;
  private readonly toneFrame: Int16Array | null;

  constructor(
    readonly id: string,
    spec: StreamLegSpec,
    private readonly ctx: LegContext,
    deps: StreamLegDeps,
  ) {
    if (spec.audio === 'listen') this.modes.audioMode = 'listen';
    this.tone = spec.test ? new LoopingClip(testTone(8000, 1000)) : null;
    this.toneFrame = spec.test ? new Int16Array(FRAME_BYTES) : null;
    this.client = new StreamClient({
      spec,
      callId: ctx.callId,
      clock: deps.clock,
      log: deps.log,
      allowInsecureTargets: deps.allowInsecureTargets,
      ...(deps.lookup !== undefined ? { lookup: deps.lookup } : {}),
      ...(deps.limits !== undefined ? { limits: deps.limits } : {}),
      onEnd: (reason) => this.clientEnded(reason),
      onStatus: (status, detail) => this.ctx.report({ type: 'stream.status', legId: this.id, status, detail }),
      ...(ctx.tickDue !== undefined ? { afterRead: ctx.tickDue } : {}),
    });
  }

  /** Starts dialling the customer's server. */
  start(): void {
    this.client.start();
  }

  /** What the customer says this tick (mu-law from the playout queue), valid until the next pull. */
  pull(): Uint8Array | null {
    return this.client.pullAudio();
  }

  /** What the stream hears this tick (mu-law), sent at the next flush. */
  push(payload: Uint8Array): void {
    if (this.tone !== null && this.toneFrame !== null) {
      this.tone.read(this.toneFrame);
      encodeMulaw(this.toneFrame, this.toneBytes);
      this.client.prepareAudio(this.toneBytes);
    } else {
      this.client.prepareAudio(payload);
    }
  }

  flush(): void {
    this.client.flush();
  }

  hearDtmf(digit: string): void {
    this.client.sendDtmf(digit);
  }

  /**
   * Stops the stream. `reason` becomes stop.reason when it is a stream end reason; the engine's default for a
   * closed session ("session closed") means the call ended; anything else is `stopped`.
   */
  close(reason: string): void {
    const known = Value.Check(StreamEndReason, reason) ? reason : reason === 'session closed' ? 'call_ended' : 'stopped';
    this.client.stop(known);
  }

  private clientEnded(reason: StreamEndReason): void {
    if (reason === 'connect_failed') {
      this.ctx.report({ type: 'leg.failed', legId: this.id, reason });
      this.ctx.ended(reason, { reported: true });
    } else {
      this.ctx.ended(reason);
    }
  }
}

/**
 * Builds the stream leg of an addLeg operation whose `stream` field is `settings` (unchecked input from the
 * bus); throws SentralError `invalid_request` when the settings are not a StreamLegSpec. Add the leg to the
 * session, then call `start()`, so that an early end finds it there.
 */
export function createStreamLeg(legId: string, settings: unknown, ctx: LegContext, deps: StreamLegDeps): StreamLeg {
  if (!Value.Check(StreamLegSpec, settings)) {
    const first = Value.Errors(StreamLegSpec, settings)[0];
    throw new SentralError('invalid_request', {
      message: `The stream settings are not valid${first ? `: ${first.instancePath || '/'} ${first.message}` : ''}.`,
      param: `stream${first?.instancePath.replace(/\//g, '.') ?? ''}`,
    });
  }
  return new StreamLeg(legId, settings, ctx, deps);
}

/**
 * The media engine's stream leg factory: builds the leg and starts dialling. Safe before the engine adds the
 * leg to its session, because the first dial step (the target check) is asynchronous.
 */
export function streamLegFactory(deps: StreamLegDeps): StreamLegFactory {
  return ({ legId, settings, context }) => {
    const leg = createStreamLeg(legId, settings, context, deps);
    leg.start();
    return leg;
  };
}
