import { Value } from 'typebox/value';
import type { Bus, Subscription } from '../../shared/bus/bus.js';
import type { Clock } from '../../shared/clock/clock.js';
import { mediaControlSubject } from '../../protocol/bus/bus-names.js';
import { MediaOp, type MediaOpAnswer } from '../../protocol/media/media-op.js';
import type { MediaEngine } from './media-engine.js';
import type { MediaMetrics } from './media-metrics.js';

/**
 * Answers control operations on `media.<nodeId>`: JSON in, JSON answer out. A repeated opId gets the
 * first answer and does nothing again; a malformed request gets an invalid_request answer.
 */
export async function serveControl(deps: {
  bus: Bus;
  clock: Clock;
  nodeId: string;
  engine: MediaEngine;
  metrics: MediaMetrics;
}): Promise<Subscription> {
  const memory = new OpMemory<MediaOpAnswer>(deps.clock);
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return deps.bus.serve(mediaControlSubject(deps.nodeId), async (data) => {
    let request: unknown;
    try {
      request = JSON.parse(decoder.decode(data));
    } catch {
      return encoder.encode(JSON.stringify(invalid('The request is not valid JSON.')));
    }
    if (!Value.Check(MediaOp, request)) {
      const first = Value.Errors(MediaOp, request)[0];
      deps.metrics.ops.inc({ op: 'unknown', outcome: 'invalid' });
      return encoder.encode(JSON.stringify(invalid(first ? `${first.instancePath || '/'} ${first.message}` : 'Not a media operation.')));
    }
    const op = request;
    const answer = await memory.answer(op.opId, () => deps.engine.handle(op));
    deps.metrics.ops.inc({ op: op.op, outcome: answer.ok ? 'ok' : answer.error.code });
    return encoder.encode(JSON.stringify(answer));
  });
}

function invalid(message: string): MediaOpAnswer {
  return { ok: false, error: { code: 'invalid_request', message } };
}

/**
 * Remembers the answer of each operation id for a bounded time (and count), so a repeated request,
 * even one arriving while the first is still being answered, gets the first answer and does nothing.
 */
class OpMemory<T> {
  // Map keeps insertion order: the oldest entries are at the front.
  private readonly entries = new Map<string, { at: number; answer: Promise<T> }>();

  constructor(
    private readonly clock: Clock,
    private readonly keepMs: number = 10 * 60_000,
    private readonly maxEntries: number = 100_000,
  ) {}

  /** The remembered answer of `opId`, or the answer `run` gives (remembered from now on). */
  answer(opId: string, run: () => Promise<T>): Promise<T> {
    this.evict();
    const known = this.entries.get(opId);
    if (known) return known.answer;
    const answer = run();
    this.entries.set(opId, { at: this.clock.now(), answer });
    return answer;
  }

  /** Operation ids remembered now. */
  get size(): number {
    return this.entries.size;
  }

  private evict(): void {
    const oldest = this.clock.now() - this.keepMs;
    for (const [id, entry] of this.entries) {
      if (entry.at >= oldest && this.entries.size < this.maxEntries) break;
      this.entries.delete(id);
    }
  }
}
