/**
 * The glue between the actor host and the rest of the system: what a committed call transition's effects
 * do. Inside the transaction (onCommit): events go to the event log with their webhook deliveries, money
 * moves in the ledger, a ready recording is filed, transcript segments and a ready transcript are filed, and
 * the call's read model follows the new state. After the commit (effect runner): media operations go
 * to the call's media node (media-op-sender.ts), which publishes their outcomes into the call's mailbox itself (media.op.result,
 * like every other media event); dispatchers are woken; a stream that ended gives back its slot of the
 * company's concurrent streams; an inbound call's routing gets its reservation (mailed back to the call).
 */
import type { CallEffect } from '../../../protocol/calls/call-actor.js';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql, Tx } from '../../../shared/db/database.js';
import type { HotStore } from '../../../shared/kv/hot-store.js';
import { capture, release } from '../../billing/ledger.js';
import type { ActorEffect, EffectContext, EffectRunner, OnCommit, Transition } from './effect.js';
import { recordEvents, wakeDispatcher, type NewEvent } from '../../events/event-log.js';
import { fileRecording } from '../store/call-records.js';
import { saveCallViews } from '../store/call-views.js';
import type { CallContext } from '../context/call-context.js';
import { fileTranscript, fileTranscriptSegments } from '../store/call-transcripts.js';
import { reserveRouting } from '../requests/inbound-calls.js';
import { MediaOpSender, type MediaOpSenderDeps } from './media-op-sender.js';
import { releaseStreamSlot } from '../store/stream-slots.js';

/** What the hooks need. */
export interface CallEffectDeps extends MediaOpSenderDeps {
  hot: HotStore;
  /** Reserves an inbound call's routing (effect inbound.reserveRouting); without it the routing cannot run. */
  sql?: Sql;
}

/** The actor host's hooks for call actors. */
export interface CallEffectHooks {
  onCommit: OnCommit;
  effectRunner: EffectRunner;
}

type Emitted<T extends CallEffect['type']> = Extract<CallEffect, { type: T }> & { id: string };

/** Writes one effect of a committed transition inside its transaction (events are recorded per batch; the rest run after the commit). */
async function commitEffect(tx: Tx, clock: Clock, effect: ActorEffect): Promise<void> {
  switch (effect.type) {
    case 'recording.file': {
      const e = effect as Emitted<'recording.file'>;
      await fileRecording(tx, clock, e.callId, e);
      return;
    }
    case 'transcript.fileReady': {
      const e = effect as Emitted<'transcript.fileReady'>;
      await fileTranscript(tx, clock, e.callId, e);
      return;
    }
    case 'transcript.file': {
      const e = effect as Emitted<'transcript.file'>;
      await fileTranscriptSegments(tx, e.callId, e.source, e.segments);
      return;
    }
    case 'ledger.capture': {
      const e = effect as Emitted<'ledger.capture'>;
      await capture(tx, clock, { reservationId: e.reservationId, amountOre: e.amountOre });
      return;
    }
    case 'ledger.release':
      await release(tx, clock, { reservationId: (effect as Emitted<'ledger.release'>).reservationId });
  }
}

/** Builds onCommit and the effect runner of the call actors. */
export function callEffectHooks(deps: CallEffectDeps): CallEffectHooks {
  const { bus, clock, log } = deps;
  const media = new MediaOpSender(deps);

  const onCommit: OnCommit = async (tx: Tx, transitions: readonly Transition[]) => {
    const events: NewEvent[] = [];
    const others: ActorEffect[] = [];
    // Each call's read model once per batch, from its last transition.
    const views = new Map<string, { ctx: CallContext; done: boolean }>();
    for (const { effects, context, trace } of transitions) {
      for (const effect of effects) {
        if (effect.type !== 'event.record') others.push(effect);
        else {
          const e = effect as Emitted<'event.record'>;
          events.push({ companyId: e.companyId, profileId: e.profileId, mode: e.mode, type: e.eventType, data: e.data, objectId: e.objectId, occurredAtMs: e.occurredAtMs, trace });
        }
      }
      // The one place a call's snapshot is looked into: the call machine's own context, turned into its read model.
      if (context.kind !== 'call') continue;
      const ctx = (context.snapshot as { context?: CallContext } | null)?.context;
      if (ctx !== undefined) views.set(context.callId, { ctx, done: context.status !== 'active' });
      else views.delete(context.callId);
    }
    // Three independent chains sent together (pipelined on the transaction's connection): the effects in
    // their order (money moves one after the other), the events, the read models.
    await Promise.all([
      (async () => {
        for (const effect of others) await commitEffect(tx, clock, effect);
      })(),
      recordEvents(tx, clock, events),
      saveCallViews(tx, [...views.values()], clock.now()),
    ]);
  };

  const effectRunner: EffectRunner = async (effects: ActorEffect[], context: EffectContext) => {
    let recorded = false;
    for (const effect of effects) {
      if (effect.type === 'media.op') {
        const { nodeId, op } = effect as Emitted<'media.op'>;
        await media.carryOut(context.callId, nodeId, op);
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
