/**
 * How a committed call's media ops reach its media node: a request per op on the node's control subject,
 * tried again with the same op id (the node drops repeats), and a node that left an op unanswered is not
 * tried again for a while, so a dead node does not hold up its partition's other calls for every op of
 * every call it carried, unless its registry entry is written again meanwhile (that proves its bus
 * connection back: a node cut off by a partition takes its new calls at once when the path heals). The
 * node publishes each op's outcome into the call's mailbox itself; the one outcome it cannot publish, that
 * it never answered, is mailed from here (media_unreachable).
 */
import type { ActorMessage } from '../../../protocol/calls/mailbox.js';
import type { MediaOp, MediaOpAnswer } from '../../../protocol/media/media-op.js';
import { mailboxSubject, mediaControlSubject } from '../../../protocol/bus/bus-names.js';
import type { Bus } from '../../../shared/bus/bus.js';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Logger } from '../../../shared/log/log.js';
import { MediaNodePicker } from '../requests/media-node-picker.js';
import { errorText } from './message-failure.js';

/** What the sender needs. */
export interface MediaOpSenderDeps {
  bus: Bus;
  clock: Clock;
  log: Logger;
  partitions: number;
  /** How long one media op request waits for the node's answer (default 3 s). */
  opTimeoutMs?: number;
  /** Attempts per op before it counts as unanswered (default 3; the node drops repeats by op id). */
  opAttempts?: number;
  /** After a node left an op unanswered, its further ops count as unanswered without a try for this long (default 15 s). */
  nodeDownMs?: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Sends the media ops of committed call transitions to their nodes. */
export class MediaOpSender {
  /** Nodes that just failed to answer: until when (monotonic ms), and their registry heartbeat then (0: none). */
  private readonly unreachable = new Map<string, { until: number; beat: number }>();
  private readonly registry: MediaNodePicker;
  private readonly timeoutMs: number;
  private readonly attempts: number;
  private readonly downForMs: number;

  constructor(private readonly deps: MediaOpSenderDeps) {
    this.timeoutMs = deps.opTimeoutMs ?? 3000;
    this.attempts = deps.opAttempts ?? 3;
    this.downForMs = deps.nodeDownMs ?? 15_000;
    this.registry = new MediaNodePicker(deps.bus, deps.clock);
  }

  /** Carries out one op of call `callId` on node `nodeId`. */
  async carryOut(callId: string, nodeId: string, op: MediaOp): Promise<void> {
    const answer = await this.send(nodeId, op);
    // An op that carries out a command (ack) is left to the command's deadline: it may have been carried out.
    if (answer === null && op.ack !== true) await this.reportUnreachable(callId, op.opId);
    // A node that could not read the op cannot tell the call: a version mismatch or a bug, for operators.
    else if (answer !== null && !answer.ok && answer.error.code === 'invalid_request') this.deps.log.error({ nodeId, op: op.op, opId: op.opId, error: answer.error }, 'media node could not read an op');
  }

  /** Sends one op to its node, retrying the same op id; null when the node never answered. */
  private async send(nodeId: string, op: MediaOp): Promise<MediaOpAnswer | null> {
    const { bus, clock, log } = this.deps;
    if (!(await this.worthTrying(nodeId))) return null;
    const data = encoder.encode(JSON.stringify(op));
    for (let attempt = 1; attempt <= this.attempts; attempt++) {
      try {
        const answer = JSON.parse(decoder.decode(await bus.request(mediaControlSubject(nodeId), data, { timeoutMs: this.timeoutMs }))) as MediaOpAnswer;
        this.unreachable.delete(nodeId);
        return answer;
      } catch (err) {
        // A node that is gone (restarted, drained) is expected: one line for the op, with the reason, no stack.
        if (attempt === this.attempts) log.warn({ reason: errorText(err, 200), nodeId, opId: op.opId, op: op.op, attempts: attempt }, 'media node did not answer an op');
      }
    }
    const until = clock.monotonic() + this.downForMs;
    this.unreachable.set(nodeId, { until, beat: (await this.heartbeat(nodeId)) ?? 0 });
    return null;
  }

  /** The node's heartbeat in the registry, null when it has none (or the registry cannot be read). */
  private async heartbeat(nodeId: string): Promise<number | null> {
    return (await this.registry.node(nodeId).catch(() => null))?.heartbeatAt ?? null;
  }

  /** False while the node is marked unreachable and its registry entry has not been written since the mark. */
  private async worthTrying(nodeId: string): Promise<boolean> {
    const mark = this.unreachable.get(nodeId);
    if (!mark || mark.until <= this.deps.clock.monotonic()) return true;
    const beat = await this.heartbeat(nodeId);
    if (beat === null || beat <= mark.beat) return false;
    this.unreachable.delete(nodeId);
    return true;
  }

  /** Mails media_unreachable for an op the node never answered (the message id is the op's, so a rerun is dropped as a duplicate). */
  private async reportUnreachable(callId: string, opId: string): Promise<void> {
    const message: ActorMessage = {
      id: `opresult-${opId}`,
      callId,
      type: 'media.op.result',
      payload: { opId, ok: false, code: 'media_unreachable' },
      at: this.deps.clock.now(),
    };
    await this.deps.bus.publish(mailboxSubject(callId, this.deps.partitions), encoder.encode(JSON.stringify(message)), { msgId: message.id });
  }
}
