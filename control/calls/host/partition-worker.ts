/**
 * One owned partition: its live call actors, their armed timers and the mailbox consumer. Every mailbox
 * message is handled as "decide, commit, then act":
 *
 * 1. decide: send the event to the in-memory XState actor and collect what it emitted;
 * 2. commit: one fenced transaction writes the snapshot, timer changes, the message's outcome, and runs
 *    onCommit (events, money) — if it fails, the in-memory actor goes back to its last committed snapshot;
 * 3. act: publish the reply, run the other effects, then ack the message.
 *
 * A failure is handled by failed-messages.ts (classified by message-failure.ts): either transient (a
 * dependency away, the fence lost), retried with a
 * capped backoff while the sender is told 503 at once, or permanent (data the database refuses, an
 * oversize or unreadable message, a bug): answered with a catalogue error, recorded in
 * actor_failed_messages with its outcome, the actor told (`actor.message.failed`, so a command becomes a
 * failed command), acked — and the partition moves on. No message holds its partition for longer than
 * one attempt unless every message would fail the same way.
 *
 * A crash anywhere replays from the last commit: an uncommitted message is redelivered and decided again;
 * a committed one is found in actor_messages and answered from its stored outcome. A commit that failed
 * because the database went away (its connection closed, e.g. the primary died and a standby was promoted)
 * may have been written or not: the call's actor is then read again from the database before its next
 * message, never assumed to be at either snapshot.
 *
 * What is deduplicated, and what is not:
 * - The machine sees a message id (per call) at most once per commit, and onCommit runs once for it: the
 *   processed id is written in the same transaction as the snapshot. Outcomes are kept 24 hours.
 * - The reply may be published more than once (same content, `replayed: true` on repeats).
 * - The effect runner runs at least once per committed message: again after a crash between commit and
 *   ack, on a redelivery, or on a retry of the same id. Effect ids are stable (`${messageId}:${index}`),
 *   so receivers drop duplicates by id.
 * - A timer firing is one message per (timer, deadline); a firing of a timer cancelled or set again
 *   since it was published is dropped.
 */
import { createActor, type AnyActor, type AnyStateMachine, type EventObject } from 'xstate';
import { Value } from 'typebox/value';
import type { Bus, BusMessage, Subscription } from '../../../shared/bus/bus.js';
import type { Clock, Timer } from '../../../shared/clock/clock.js';
import type { Sql, Tx } from '../../../shared/db/database.js';
import type { Logger } from '../../../shared/log/log.js';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors/catalogue.js';
import { dependencyOutage } from '../../../shared/errors/dependency-outage.js';
import { MAILBOX_STREAM, mailboxSubject, partitionConsumer, partitionFilterSubject, partitionOf } from '../../../protocol/bus/bus-names.js';
import {
  ACTOR_CREATE,
  ACTOR_REPLAY,
  ActorCreatePayload,
  ActorReplayPayload,
  type ActorMessage,
  type ActorReply,
} from '../../../protocol/calls/mailbox.js';
import {
  actorStatus,
  deleteCallTimers,
  deleteTimer,
  insertSnapshot,
  loadActor,
  loadLiveActors,
  loadTimers,
  messageOutcome,
  recordOutcome,
  saveSnapshot,
  upsertTimer,
  type ActorStatus,
  type MessageOutcome,
} from './actor-store.js';
import { DurableTimers } from './durable-timers.js';
import { InvalidEffectError, sortEffects, type EffectContext, type EffectRunner, type OnCommit, type SortedEffects } from './effect.js';
import { FailedMessages } from './failed-messages.js';
import { isStaleEpochError, withFence, type FenceTimeouts } from './fence.js';
import { readMailboxEntry, type MailboxEntry } from './mailbox-entry.js';
import { CreationRaceError } from './message-failure.js';

/** The machines a host can run, by kind (the `kind` of `actor.create`). */
export type MachineRegistry = Readonly<Record<string, AnyStateMachine>>;

/**
 * Test-only fault injection: runs inside each message's commit transaction after the host's own writes;
 * what it throws fails that commit (a transient or a permanent failure, as classified).
 */
export type CommitFault = (tx: Tx, message: { id: string; callId: string; type: string }) => Promise<void>;

/** What a partition worker needs. */
export interface PartitionWorkerDeps {
  sql: Sql;
  bus: Bus;
  /** Event time and durable timers. */
  clock: Clock;
  /** Real time on the bus's terms (ack-wait keep-alive). */
  leaseClock: Clock;
  log: Logger;
  machines: MachineRegistry;
  onCommit: OnCommit;
  effectRunner: EffectRunner;
  partition: number;
  partitions: number;
  epoch: number;
  ackWaitMs: number;
  /** Called when the database refused a write: a newer owner holds the partition. */
  onStale(): void;
  /** PostgreSQL's limits on each fenced transaction (none: the embedded PGlite). */
  fenceTimeouts?: FenceTimeouts;
  /** Test-only: see CommitFault. */
  commitFault?: CommitFault;
}

/** A call actor in memory, with its last committed snapshot. */
interface LiveActor {
  kind: string;
  actor: AnyActor;
  committed: unknown;
  /** What the actor emitted since it was last cleared. */
  emitted: Array<{ type: string }>;
  failure: unknown;
}

/** The decided result of one message, before it is committed. */
interface Decision {
  callId: string;
  at: number;
  outcome: MessageOutcome;
  /** Present when the actor changed (a transition to commit). */
  change?: {
    live: LiveActor;
    created: boolean;
    snapshot: unknown;
    status: ActorStatus;
    effects: SortedEffects;
  };
}

const encoder = new TextEncoder();

/** Runs the actors of one owned partition. */
export class PartitionWorker {
  private readonly actors = new Map<string, LiveActor>();
  private readonly timers: DurableTimers;
  private subscription: Subscription | undefined;
  private started: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;
  private stopped = false;
  private readonly failed: FailedMessages;
  /** Calls whose last commit has an unknown outcome: their actor is read from the database before it is used again. */
  private readonly unsure = new Set<string>();

  constructor(private readonly deps: PartitionWorkerDeps) {
    this.timers = new DurableTimers(deps.clock, deps.log, (message) => this.mail(message));
    this.failed = new FailedMessages(deps, {
      process: (entry) => this.process(entry),
      restoreCommitted: (callId) => this.restoreCommitted(callId),
      reply: (subject, reply) => this.reply(subject, reply),
      isStopped: () => this.stopped,
    });
  }

  /** The partition's number. */
  get partition(): number {
    return this.deps.partition;
  }

  /** Number of live actors in memory. */
  get liveActors(): number {
    return this.actors.size;
  }

  /** Restores the partition's live actors, re-arms their timers, then consumes the mailbox. */
  start(): Promise<void> {
    this.started ??= this.restoreAndConsume();
    return this.started;
  }

  /** Stops at once: actors and timers now, then the consumer (its unacked messages go back to the stream). */
  stop(): Promise<void> {
    if (this.stopping) return this.stopping;
    this.stopped = true;
    this.timers.close();
    this.failed.wakeAll();
    for (const live of this.actors.values()) live.actor.stop();
    this.actors.clear();
    this.stopping = (async () => {
      await this.started?.catch(() => undefined);
      await this.subscription?.stop().catch((err: unknown) => this.deps.log.warn({ err, partition: this.partition }, 'mailbox consumer did not stop cleanly'));
    })();
    return this.stopping;
  }

  private async restoreAndConsume(): Promise<void> {
    const { sql, partition, log, machines } = this.deps;
    const stored = await loadLiveActors(sql, partition);
    if (this.stopped) return;
    for (const { callId, kind, snapshot } of stored) {
      const machine = Object.hasOwn(machines, kind) ? machines[kind] : undefined;
      if (!machine) {
        log.error({ callId, kind, partition }, 'no machine of this kind is registered; the actor stays unloaded');
        continue;
      }
      const live = this.spawn(kind, machine, { snapshot });
      if (live.failure !== undefined) {
        log.error({ err: live.failure, callId, partition }, 'actor could not be restored from its snapshot');
        continue;
      }
      live.committed = snapshot;
      this.actors.set(callId, live);
    }
    const timers = await loadTimers(sql, partition);
    if (this.stopped) return;
    for (const timer of timers) if (this.actors.has(timer.callId)) this.timers.arm(timer);
    const subscription = await this.deps.bus.consume(
      { stream: MAILBOX_STREAM.name, durable: partitionConsumer(partition), filterSubject: partitionFilterSubject(partition), ackWaitMs: this.deps.ackWaitMs, maxInFlight: 1 },
      (msg) => this.handle(msg),
    );
    if (this.stopped) await subscription.stop();
    else this.subscription = subscription;
    log.debug({ partition, epoch: this.deps.epoch, actors: this.actors.size, timers: this.timers.size }, 'partition started');
  }

  private async handle(msg: BusMessage): Promise<void> {
    // Thrown, the message is nak'd and goes to whoever owns the partition next.
    if (this.stopped) throw new Error(`partition ${this.partition} is stopped`);
    const entry = readMailboxEntry(msg.data);
    if (typeof entry === 'string' || partitionOf(entry.callId, this.deps.partitions) !== this.partition) {
      await this.failed.unreadable(msg, typeof entry === 'string' ? entry : 'wrong partition');
      return;
    }
    const keepAlive = this.keepAlive(msg);
    try {
      await this.failed.process(entry, msg);
    } finally {
      keepAlive.cancel();
    }
    await msg.ack();
  }

  /** Resets the message's ack wait while a slow effect runner is still at work. */
  private keepAlive(msg: BusMessage): Timer {
    const interval = Math.max(100, Math.floor(this.deps.ackWaitMs / 2));
    let timer: Timer;
    const tick = (): void => {
      msg.working().catch(() => undefined);
      timer = this.deps.leaseClock.setTimer(interval, tick);
    };
    timer = this.deps.leaseClock.setTimer(interval, tick);
    return { cancel: () => timer.cancel() };
  }

  private async process(entry: MailboxEntry): Promise<void> {
    const { sql } = this.deps;
    if (entry.type === ACTOR_REPLAY) return this.replay(entry);
    if (this.unsure.has(entry.callId)) await this.reload(entry.callId);
    const prior = await messageOutcome(sql, entry.callId, entry.id);
    if (prior) return this.act(entry, prior, this.contextOf(entry.callId, entry.id, prior), true);
    // A firing of a timer that was cancelled or set again since: the machine must not see it.
    if (entry.timer && !this.timers.isCurrent(entry.callId, entry.timer.timerId, entry.timer.fireAt)) return;
    const at = entry.at ?? this.deps.clock.now();
    const decision = await this.decide(entry, at);
    await this.commit(entry, decision);
    this.apply(entry, decision);
    await this.act(entry, decision.outcome, this.contextOf(entry.callId, entry.id, decision.outcome, decision.change?.snapshot), false);
  }

  private async decide(entry: MailboxEntry, at: number): Promise<Decision> {
    const { callId } = entry;
    const live = this.actors.get(callId);
    if (entry.type === ACTOR_CREATE) {
      if (!Value.Check(ActorCreatePayload, entry.payload)) return this.refuse(entry, at, 'invalid_request', 'actor.create needs a kind and an input');
      const { kind, input } = entry.payload as ActorCreatePayload;
      if (live || (await actorStatus(this.deps.sql, callId)) !== null) return this.answer(entry, at, kind, { status: 200, body: { callId, created: false } });
      const machine = Object.hasOwn(this.deps.machines, kind) ? this.deps.machines[kind] : undefined;
      if (!machine) return this.refuse(entry, at, 'invalid_request', `no machine of kind ${kind}`);
      if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
        return this.refuse(entry, at, 'invalid_request', 'actor.create input must be an object');
      }
      const created = this.spawn(kind, machine, { input: { ...(input as object | undefined), callId, at } });
      return this.transition(entry, at, created, true, { status: 201, body: { callId, created: true } });
    }
    if (!live) {
      const status = await actorStatus(this.deps.sql, callId);
      return status === null ? this.refuse(entry, at, 'actor_not_found') : this.refuse(entry, at, 'actor_ended');
    }
    live.emitted = [];
    live.actor.send({ ...entry.payload, type: entry.type, at } as EventObject);
    return this.transition(entry, at, live, false, { status: 202, body: null });
  }

  /** The decision after the actor took the event; a failed machine leaves the actor as it was. */
  private transition(entry: MailboxEntry, at: number, live: LiveActor, created: boolean, defaultReply: MessageOutcome['reply']): Decision {
    const failed = (err: unknown): Decision => {
      this.deps.log.error({ err, callId: entry.callId, type: entry.type, messageId: entry.id }, 'machine failed on a message; the actor keeps its last state');
      this.rollback(entry.callId, live, created);
      return this.refuse(entry, at, 'internal_error');
    };
    if (live.failure !== undefined) return failed(live.failure);
    let effects: SortedEffects;
    try {
      effects = sortEffects(entry.id, live.emitted);
    } catch (err) {
      if (err instanceof InvalidEffectError) return failed(err);
      throw err;
    }
    live.emitted = [];
    const snapshot = live.actor.getPersistedSnapshot();
    const status = (live.actor.getSnapshot() as { status: string }).status === 'done' ? 'done' : 'active';
    return {
      callId: entry.callId,
      at,
      outcome: { reply: effects.reply ?? defaultReply, effects: effects.others, at, kind: live.kind, status },
      change: { live, created, snapshot, status, effects },
    };
  }

  private answer(entry: MailboxEntry, at: number, kind: string, reply: MessageOutcome['reply']): Decision {
    const live = this.actors.get(entry.callId);
    return { callId: entry.callId, at, outcome: { reply, effects: [], at, kind: live?.kind ?? kind, status: live ? 'active' : null } };
  }

  private refuse(entry: MailboxEntry, at: number, code: ErrorCode, message?: string): Decision {
    const { status, message: fallback } = errorCatalogue[code];
    return this.answer(entry, at, '', { status, body: { error: { code, message: message ?? fallback } } });
  }

  private async commit(entry: MailboxEntry, decision: Decision): Promise<void> {
    const { sql, partition, epoch, onCommit, clock } = this.deps;
    const { callId, change } = decision;
    const at = new Date(clock.now());
    try {
      await sql.begin(async (tx) => {
        await withFence(tx, partition, epoch, this.deps.fenceTimeouts);
        if (change) {
          const row = { callId, kind: change.live.kind, partition, epoch, status: change.status, snapshot: change.snapshot, at };
          // The call got a snapshot since decide saw none (e.g. marked as never started): redelivered, the
          // message meets it and is answered as for an existing actor.
          if (!change.created) await saveSnapshot(tx, row);
          else if (!(await insertSnapshot(tx, row))) throw new CreationRaceError(callId);
          if (entry.timer) await deleteTimer(tx, callId, entry.timer.timerId, entry.timer.fireAt);
          if (change.status !== 'active') await deleteCallTimers(tx, callId);
          else {
            for (const op of change.effects.timerOps) {
              if (op.op === 'set') await upsertTimer(tx, partition, { callId, ...op.timer });
              else await deleteTimer(tx, callId, op.timerId);
            }
          }
        }
        await recordOutcome(tx, callId, entry.id, decision.outcome, at);
        if (change) await onCommit(tx, change.effects.others, this.contextOf(callId, entry.id, decision.outcome, change.snapshot));
        if (this.deps.commitFault) await this.deps.commitFault(tx, { id: entry.id, callId, type: entry.type });
      });
    } catch (err) {
      if (change) this.rollback(callId, change.live, change.created);
      if (change && dependencyOutage(err) === 'database') this.unsure.add(callId);
      if (isStaleEpochError(err)) this.deps.onStale();
      throw err;
    }
  }

  /** After the commit: the in-memory actors and armed timers follow what was written. */
  private apply(entry: MailboxEntry, decision: Decision): void {
    const change = decision.change;
    if (!change) return;
    const { callId } = decision;
    if (this.stopped) {
      if (change.created) change.live.actor.stop();
      return;
    }
    change.live.committed = change.snapshot;
    if (change.created) this.actors.set(callId, change.live);
    if (entry.timer) this.timers.cancel(callId, entry.timer.timerId);
    if (change.status !== 'active') {
      change.live.actor.stop();
      this.actors.delete(callId);
      this.timers.cancelCall(callId);
      return;
    }
    for (const op of change.effects.timerOps) {
      if (op.op === 'set') this.timers.arm({ callId, ...op.timer });
      else this.timers.cancel(callId, op.timerId);
    }
  }

  /** Publishes the reply and runs the effects of a committed (or replayed) message. */
  private async act(entry: MailboxEntry, outcome: MessageOutcome, context: EffectContext, replayed: boolean): Promise<void> {
    if (entry.replyTo) await this.reply(entry.replyTo, { id: entry.id, ...outcome.reply, ...(replayed ? { replayed } : {}) });
    if (outcome.effects.length === 0) return;
    try {
      await this.deps.effectRunner(outcome.effects, context);
    } catch (err) {
      // Committed already: a failing effect is the receiver's to retry or report, never a reason to redo the transition.
      this.deps.log.error({ err, callId: entry.callId, messageId: entry.id }, 'effect runner failed');
    }
  }

  /** Answers `actor.replay`: the stored reply of an earlier message, without changing anything. */
  private async replay(entry: MailboxEntry): Promise<void> {
    if (!entry.replyTo || !Value.Check(ActorReplayPayload, entry.payload)) return;
    const { messageId } = entry.payload as ActorReplayPayload;
    const outcome = await messageOutcome(this.deps.sql, entry.callId, messageId);
    const { status, message } = errorCatalogue.actor_message_unknown;
    const reply = outcome?.reply ?? { status, body: { error: { code: 'actor_message_unknown', message } } };
    await this.reply(entry.replyTo, { id: messageId, ...reply, replayed: outcome !== null });
  }

  private async reply(subject: string, reply: ActorReply): Promise<void> {
    try {
      await this.deps.bus.notify(subject, encoder.encode(JSON.stringify(reply)));
    } catch (err) {
      // The sender retries with the same id and gets the stored reply.
      this.deps.log.warn({ err, subject }, 'reply not sent');
    }
  }

  private contextOf(callId: string, messageId: string, outcome: MessageOutcome, snapshot?: unknown): EffectContext {
    return {
      callId,
      kind: outcome.kind,
      partition: this.partition,
      epoch: this.deps.epoch,
      messageId,
      at: outcome.at,
      status: outcome.status ?? 'done',
      snapshot: snapshot ?? this.actors.get(callId)?.committed ?? null,
    };
  }

  /** Puts the call's actor, if in memory, back to its last committed snapshot; the kind of the actor then in memory. */
  private restoreCommitted(callId: string): string | undefined {
    const live = this.actors.get(callId);
    if (live) this.rollback(callId, live, false);
    return this.actors.get(callId)?.kind;
  }

  /** Replaces the call's actor and timers in memory with what the database holds (after a commit of unknown outcome). */
  private async reload(callId: string): Promise<void> {
    const stored = await loadActor(this.deps.sql, callId);
    if (this.stopped) return;
    this.actors.get(callId)?.actor.stop();
    this.actors.delete(callId);
    this.timers.cancelCall(callId);
    const machine = stored && Object.hasOwn(this.deps.machines, stored.kind) ? this.deps.machines[stored.kind] : undefined;
    if (stored?.status === 'active' && machine) {
      const live = this.spawn(stored.kind, machine, { snapshot: stored.snapshot });
      live.committed = stored.snapshot;
      if (live.failure === undefined) this.actors.set(callId, live);
      for (const timer of stored.timers) if (live.failure === undefined) this.timers.arm(timer);
    }
    this.unsure.delete(callId);
  }

  /** Puts an actor back to its last committed snapshot (or forgets one never committed). */
  private rollback(callId: string, live: LiveActor, created: boolean): void {
    live.actor.stop();
    if (created || this.stopped) return;
    const machine = this.deps.machines[live.kind] as AnyStateMachine;
    const restored = this.spawn(live.kind, machine, { snapshot: live.committed });
    restored.committed = live.committed;
    this.actors.set(callId, restored);
  }

  private spawn(kind: string, machine: AnyStateMachine, options: { snapshot: unknown } | { input: unknown }): LiveActor {
    const live: LiveActor = { kind, actor: undefined as unknown as AnyActor, committed: undefined, emitted: [], failure: undefined };
    const actor = createActor(machine, options as Parameters<typeof createActor<AnyStateMachine>>[1]);
    actor.on('*', (emitted: { type: string }) => {
      live.emitted.push(emitted);
    });
    // Observing errors keeps XState from rethrowing them out of band; the host reads them from here.
    actor.subscribe({ error: (err: unknown) => void (live.failure = err) });
    live.actor = actor;
    actor.start();
    if ('snapshot' in options) live.emitted = [];
    return live;
  }

  /** Publishes a timer firing into the call's mailbox (msgId = firing id: one per setting). */
  private async mail(message: ActorMessage): Promise<void> {
    const subject = mailboxSubject(message.callId, this.deps.partitions);
    await this.deps.bus.publish(subject, encoder.encode(JSON.stringify(message)), { msgId: message.id });
  }
}
