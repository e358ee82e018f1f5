/**
 * The glue between the actor host and the rest of the system: what a committed call transition's effects
 * do. Inside the transaction (onCommit): events go to the event log with their webhook deliveries, money
 * moves in the ledger, a ready recording is filed, transcript segments and a ready transcript are filed, and
 * the call's read model follows the new state. After the commit (effect runner): media operations go
 * to the call's media node, which publishes their outcomes into the call's mailbox itself (media.op.result,
 * like every other media event); dispatchers are woken; a stream that ended gives back its slot of the
 * company's concurrent streams; an inbound call's routing gets its reservation (mailed back to the call).
 */
import type { CallEffect } from '../../../protocol/calls/call-actor.js';
import type { ActorMessage } from '../../../protocol/calls/mailbox.js';
import type { MediaOp, MediaOpAnswer } from '../../../protocol/media/media-op.js';
import type { Bus } from '../../../shared/bus/bus.js';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql, Tx } from '../../../shared/db/database.js';
import type { HotStore } from '../../../shared/kv/hot-store.js';
import type { Logger } from '../../../shared/log/log.js';
import { mailboxSubject, mediaControlSubject } from '../../../protocol/bus/bus-names.js';
import { capture, release } from '../../billing/ledger.js';
import type { ActorEffect, EffectContext, EffectRunner, OnCommit } from './effect.js';
import { recordEvent, wakeDispatcher } from '../../events/event-log.js';
import { fileRecording } from '../store/call-records.js';
import { saveCallView } from '../store/call-views.js';
import type { CallContext } from '../machines/call-context.js';
import { fileTranscript, fileTranscriptSegments } from '../store/call-transcripts.js';
import { reserveRouting } from '../requests/inbound-calls.js';
import { releaseStreamSlot } from '../store/stream-slots.js';

/** What the hooks need. */
export interface CallEffectDeps {
  bus: Bus;
  clock: Clock;
  log: Logger;
  hot: HotStore;
  partitions: number;
  /** Reserves an inbound call's routing (effect inbound.reserveRouting); without it the routing cannot run. */
  sql?: Sql;
  /** How long one media op request waits for the node's answer (default 3 s). */
  opTimeoutMs?: number;
  /** Attempts per op before it counts as unanswered (default 3; the node drops repeats by op id). */
  opAttempts?: number;
  /** After a node left an op unanswered, its further ops count as unanswered without a try for this long (default 15 s). */
  nodeDownMs?: number;
}

/** The actor host's hooks for call actors. */
export interface CallEffectHooks {
  onCommit: OnCommit;
  effectRunner: EffectRunner;
}

type Emitted<T extends CallEffect['type']> = Extract<CallEffect, { type: T }> & { id: string };

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Builds onCommit and the effect runner of the call actors. */
export function callEffectHooks(deps: CallEffectDeps): CallEffectHooks {
  const { bus, clock, log } = deps;
  const timeoutMs = deps.opTimeoutMs ?? 3000;
  const attempts = deps.opAttempts ?? 3;

  const onCommit: OnCommit = async (tx: Tx, effects: ActorEffect[], context: EffectContext) => {
    for (const effect of effects) {
      switch (effect.type) {
        case 'event.record': {
          const e = effect as Emitted<'event.record'>;
          await recordEvent(tx, clock, {
            companyId: e.companyId,
            profileId: e.profileId,
            mode: e.mode,
            type: e.eventType,
            data: e.data,
            objectId: e.objectId,
            occurredAtMs: e.occurredAtMs,
          });
          break;
        }
        case 'recording.file': {
          const e = effect as Emitted<'recording.file'>;
          await fileRecording(tx, clock, e.callId, e);
          break;
        }
        case 'transcript.fileReady': {
          const e = effect as Emitted<'transcript.fileReady'>;
          await fileTranscript(tx, clock, e.callId, e);
          break;
        }
        case 'transcript.file': {
          const e = effect as Emitted<'transcript.file'>;
          await fileTranscriptSegments(tx, e.callId, e.source, e.segments);
          break;
        }
        case 'ledger.capture': {
          const e = effect as Emitted<'ledger.capture'>;
          await capture(tx, clock, { reservationId: e.reservationId, amountOre: e.amountOre });
          break;
        }
        case 'ledger.release':
          await release(tx, clock, { reservationId: (effect as Emitted<'ledger.release'>).reservationId });
          break;
        default:
          break;
      }
    }
    // The one place a call's snapshot is looked into: the call machine's own context, turned into its read model.
    const ctx = context.kind === 'call' ? (context.snapshot as { context?: CallContext } | null)?.context : undefined;
    if (ctx !== undefined) await saveCallView(tx, ctx, context.status !== 'active', clock.now());
  };

  // Nodes that just failed to answer, until when: their ops are not tried again meanwhile, so a dead node
  // does not hold up its partition's other calls for every op of every call it carried.
  const unreachableUntil = new Map<string, number>();
  const downForMs = deps.nodeDownMs ?? 15_000;

  /** Sends one op to its node, retrying the same op id; null when the node never answered. */
  const send = async (nodeId: string, op: MediaOp): Promise<MediaOpAnswer | null> => {
    if ((unreachableUntil.get(nodeId) ?? 0) > clock.monotonic()) return null;
    const data = encoder.encode(JSON.stringify(op));
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const answer = JSON.parse(decoder.decode(await bus.request(mediaControlSubject(nodeId), data, { timeoutMs }))) as MediaOpAnswer;
        unreachableUntil.delete(nodeId);
        return answer;
      } catch (err) {
        log.warn({ err, nodeId, opId: op.opId, op: op.op, attempt }, 'media node did not answer an op');
      }
    }
    unreachableUntil.set(nodeId, clock.monotonic() + downForMs);
    return null;
  };

  /**
   * Mails media_unreachable for an op the node never answered: the one outcome the node cannot publish
   * (the message id is the op's, so a rerun is dropped as a duplicate).
   */
  const report = async (callId: string, opId: string, ok: boolean, code: string | undefined): Promise<void> => {
    const message: ActorMessage = {
      id: `opresult-${opId}`,
      callId,
      type: 'media.op.result',
      payload: { opId, ok, ...(code === undefined ? {} : { code }) },
      at: clock.now(),
    };
    await bus.publish(mailboxSubject(callId, deps.partitions), encoder.encode(JSON.stringify(message)), { msgId: message.id });
  };

  const effectRunner: EffectRunner = async (effects: ActorEffect[], context: EffectContext) => {
    let recorded = false;
    for (const effect of effects) {
      if (effect.type === 'media.op') {
        const { nodeId, op } = effect as Emitted<'media.op'>;
        const answer = await send(nodeId, op);
        // An op that carries out a command (ack) is left to the command's deadline: it may have been carried out.
        if (answer === null && op.ack !== true) await report(context.callId, op.opId, false, 'media_unreachable');
        // A node that could not read the op cannot tell the call: a version mismatch or a bug, for operators.
        else if (answer !== null && !answer.ok && answer.error.code === 'invalid_request') log.error({ nodeId, op: op.op, opId: op.opId, error: answer.error }, 'media node could not read an op');
      } else if (effect.type === 'inbound.reserveRouting') {
        if (!deps.sql) throw new Error('inbound.reserveRouting needs the database');
        await reserveRouting({ sql: deps.sql, clock, bus, partitions: deps.partitions }, effect as Emitted<'inbound.reserveRouting'>);
      } else if (effect.type === 'stream.releaseSlot') {
        const e = effect as Emitted<'stream.releaseSlot'>;
        await releaseStreamSlot(deps.hot, e.companyId, e.streamId).catch((err: unknown) => log.warn({ err, callId: context.callId }, 'stream slot not given back'));
      } else if (effect.type === 'event.record') {
        recorded = true;
      }
    }
    if (recorded) await wakeDispatcher(bus).catch((err: unknown) => log.warn({ err }, 'dispatcher wake-up not sent'));
  };

  return { onCommit, effectRunner };
}
