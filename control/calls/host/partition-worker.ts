/**
 * One owned partition: its live call actors, their armed timers and the mailbox consumer. Mailbox
 * messages are handled in batches as "decide, commit, then act":
 *
 * 1. decide: send each message's event to its in-memory XState actor, in mailbox order, and collect what
 *    it emitted (message-decider.ts; a later message of the batch sees what an earlier one did);
 * 2. commit: one fenced transaction writes the batch's snapshots, timers, outcomes and onCommit's effects
 *    (group-commit.ts); if it fails, the batch's actors go back to their last committed snapshots;
 * 3. act: publish each reply, start the other effects (EffectChains, effect.ts), ack each message once they ran.
 *
 * A batch is what waited while the partition was busy (up to MAX_BATCH): a lone message goes at once. A
 * batch ends before a message it cannot decide with the others (a replay, a repeated id, a timer firing of
 * a call the batch changed). A batch that fails is handled again one message at a time, so one message
 * that cannot be committed (or a machine that fails) poisons nothing but itself.
 *
 * A failure is handled by failed-messages.ts: a transient one is retried with a capped backoff while the
 * sender is told 503 at once; a permanent one is answered with an error, recorded, told to the actor, acked.
 *
 * A crash anywhere replays from the last commit: an uncommitted message is redelivered and decided again;
 * a committed one is found in actor_messages and answered from its stored outcome. A commit that failed
 * because the database went away (its connection closed, e.g. the primary died and a standby was promoted)
 * may have been written or not: the batch's actors are then read again from the database before their next
 * message, never assumed to be at either snapshot.
 *
 * What is deduplicated, and what is not: docs/actors.md (Commit, then act; What is deduplicated).
 */
import { Compile } from 'typebox/compile';
import type { Bus, BusMessage, Subscription } from '../../../shared/bus/bus.js';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import type { Logger } from '../../../shared/log/log.js';
import { errorCatalogue } from '../../../shared/errors/catalogue.js';
import { dependencyOutage } from '../../../shared/errors/dependency-outage.js';
import { MAILBOX_STREAM, mailboxSubject, partitionConsumer, partitionFilterSubject, partitionOf } from '../../../protocol/bus/bus-names.js';
import { ACTOR_REPLAY, ActorReplayPayload, type ActorMessage, type ActorReply } from '../../../protocol/calls/mailbox.js';
import { actorStatuses, loadActor, loadLiveActors, loadTimers, messageOutcome, messageOutcomes, type MessageOutcome } from './actor-store.js';
import type { Decision, Step } from './decision.js';
import { DurableTimers } from './durable-timers.js';
import { LiveActors, type MachineRegistry } from './live-actors.js';
import { EffectChains, type EffectContext, type EffectRunner, type OnCommit } from './effect.js';
import { FailedMessages } from './failed-messages.js';
import { isStaleEpochError, type FenceTimeouts } from './fence.js';
import { commitDecisions, type CommitFault } from './group-commit.js';
import { MessageTraces } from '../../../shared/tracing/trace-context.js';
import type { DurationObserver } from '../../../shared/metrics/latency-metrics.js';
import { readMailboxEntry, type MailboxEntry } from '../mailbox/call-mailbox.js';
import { MailboxQueue, type QueuedMessage } from './mailbox-queue.js';
import { BatchView, MessageDecider } from './message-decider.js';

// Compiled once: the check runs for every actor.replay (Value.Check walks the schema each time).
const isActorReplayPayload = Compile(ActorReplayPayload);

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
  /** Told how long each commit took (metrics). */
  commitDurations?: Record<'committed' | 'failed', DurationObserver>;
}

/** Most mailbox messages a partition has delivered at once, and commits in one transaction. */
export const MAX_BATCH = 64;

const encoder = new TextEncoder();

/** Runs the actors of one owned partition. */
export class PartitionWorker {
  private readonly actors: LiveActors;
  private readonly timers: DurableTimers;
  private subscription: Subscription | undefined;
  private started: Promise<void> | undefined;
  private stopping: Promise<void> | undefined;
  private stopped = false;
  private readonly failed: FailedMessages;
  private readonly queue: MailboxQueue;
  private readonly effects = new EffectChains();
  /** Calls whose last commit has an unknown outcome: their actor is read from the database before it is used again. */
  private readonly unsure = new Set<string>();
  private readonly traces = new MessageTraces<MailboxEntry>();
  private readonly decider: MessageDecider;

  constructor(private readonly deps: PartitionWorkerDeps) {
    this.actors = new LiveActors(deps.machines);
    this.decider = new MessageDecider(this.actors, deps.log, () => this.stopped);
    this.queue = new MailboxQueue(() => this.drain(), deps.leaseClock, deps.ackWaitMs);
    this.timers = new DurableTimers(deps.clock, deps.log, (message) => this.mail(message));
    this.failed = new FailedMessages(deps, {
      process: async (entry) => void (await this.processBatch([entry])),
      restoreCommitted: (callId) => this.actors.restoreCommitted(callId, this.stopped),
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
    this.queue.failAll(new Error(`partition ${this.partition} is stopped`));
    this.actors.stopAll();
    this.stopping = (async () => {
      await this.started?.catch(() => undefined);
      await this.subscription?.stop().catch((err: unknown) => this.deps.log.warn({ err, partition: this.partition }, 'mailbox consumer did not stop cleanly'));
    })();
    return this.stopping;
  }

  private async restoreAndConsume(): Promise<void> {
    const { sql, partition, log } = this.deps;
    const stored = await loadLiveActors(sql, partition);
    if (this.stopped) return;
    this.actors.restore(stored, log, partition);
    const timers = await loadTimers(sql, partition);
    if (this.stopped) return;
    for (const timer of timers) if (this.actors.has(timer.callId)) this.timers.arm(timer);
    // Unconfirmed acks: a message delivered again after its commit is answered from its recorded outcome
    // (processBatch's priors), with the same effect ids, so a lost ack costs a redelivery, not a second transition.
    const subscription = await this.deps.bus.consume(
      { stream: MAILBOX_STREAM.name, durable: partitionConsumer(partition), filterSubject: partitionFilterSubject(partition), ackWaitMs: this.deps.ackWaitMs, maxInFlight: MAX_BATCH, unconfirmedAcks: true },
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
    // Traced, the message is handled in a span of the sender's trace; its reply and effects run in it (act).
    await this.traces.handle(entry, msg.trace, `call ${entry.type}`, { 'sentral.call_id': entry.callId }, () => this.queue.add(entry, msg));
    await msg.ack();
  }

  /** Handles the next batch of waiting messages; one that failed as a batch, one message at a time. */
  private async drain(): Promise<void> {
    if (this.stopped) return this.queue.failAll(new Error(`partition ${this.partition} is stopped`));
    const items = this.queue.take(MAX_BATCH);
    if (items.length === 1) return this.handleAlone(items[0]!);
    let handled: number;
    try {
      handled = await this.processBatch(items.map((item) => item.entry));
    } catch (err) {
      if (this.stopped || isStaleEpochError(err)) return items.forEach((item) => item.fail(err));
      this.deps.log.debug({ err, partition: this.partition, messages: items.length }, 'a batch failed; handling its messages one at a time');
      for (const item of items) await this.handleAlone(item);
      return;
    }
    for (const item of items.slice(0, handled)) this.doneAfterEffects(item);
    this.queue.putBack(items.slice(handled));
  }

  /** Settles a handled message (acks it) once its call's effects so far have run; the partition goes on meanwhile. */
  private doneAfterEffects(item: QueuedMessage): void {
    void this.effects.settled(item.entry.callId).then(() => item.done());
  }

  /** Handles one message through the failure handling (retries, or settled as failed). */
  private async handleAlone(item: QueuedMessage): Promise<void> {
    if (this.stopped) return item.fail(new Error(`partition ${this.partition} is stopped`));
    try {
      await this.failed.process(item.entry, item.msg);
      this.doneAfterEffects(item);
    } catch (err) {
      item.fail(err);
    }
  }

  /**
   * Decides, commits and acts on a batch of messages (from the first); returns how many it handled, a
   * prefix of `entries` (at least one). Throws what failed, having rolled the batch's actors back.
   */
  private async processBatch(entries: readonly MailboxEntry[]): Promise<number> {
    const { sql, clock } = this.deps;
    if (entries[0]!.type === ACTOR_REPLAY) {
      await this.replay(entries[0]!);
      return 1;
    }
    for (const callId of new Set(entries.map((e) => e.callId))) if (this.unsure.has(callId)) await this.reload(callId);
    const priors = await messageOutcomes(sql, entries);
    const unknown = entries.filter((e) => !priors.has(keyOf(e)) && !this.actors.has(e.callId)).map((e) => e.callId);
    const view = new BatchView(this.actors, await actorStatuses(sql, unknown));
    // Stopped meanwhile (the lease was lost): the actors left memory without ending, and a refusal committed
    // now (actor_ended, actor_not_found) would be the messages' stored answer for good. The next owner answers.
    if (this.stopped) throw new Error(`partition ${this.partition} stopped while reading messages`);
    const steps: Step[] = [];
    const decisions: Decision[] = [];
    const seen = new Set<string>();
    try {
      for (const entry of entries) {
        const key = keyOf(entry);
        if (steps.length > 0 && (entry.type === ACTOR_REPLAY || seen.has(key) || (entry.timer && view.changed(entry.callId)))) break;
        seen.add(key);
        const prior = priors.get(key);
        // A firing of a timer that was cancelled or set again since: the machine must not see it.
        if (prior || (entry.timer && !this.timers.isCurrent(entry.callId, entry.timer.timerId, entry.timer.fireAt))) {
          steps.push(prior ? { entry, prior } : { entry });
          continue;
        }
        const decision = this.decider.decide(entry, entry.at ?? clock.now(), view, entries.length === 1);
        view.record(decision);
        steps.push({ entry, decision });
        decisions.push(decision);
      }
      if (decisions.length > 0) {
        await commitDecisions(this.deps, decisions, new Date(clock.now()), {
          contextOf: (d) => this.contextOf(d.callId, d.entry.id, d.outcome, d.change?.snapshot),
          traceOf: (d) => this.traces.carrier(d.entry),
        });
      }
    } catch (err) {
      for (const [callId, { live, created }] of view.touched) this.actors.rollback(callId, live, created || this.stopped);
      if (dependencyOutage(err) === 'database') for (const d of decisions) if (d.change) this.unsure.add(d.callId);
      if (isStaleEpochError(err)) this.deps.onStale();
      throw err;
    }
    for (const decision of decisions) this.actors.follow(decision, this.timers, this.stopped);
    for (const { entry, prior, decision } of steps) {
      if (prior) await this.act(entry, prior, this.contextOf(entry.callId, entry.id, prior), true);
      else if (decision) await this.act(entry, decision.outcome, this.contextOf(entry.callId, entry.id, decision.outcome, decision.change?.snapshot), false);
    }
    return steps.length;
  }

  /** Publishes the reply, then starts the effects of a committed (or replayed) message (EffectChains). */
  private async act(entry: MailboxEntry, outcome: MessageOutcome, context: EffectContext, replayed: boolean): Promise<void> {
    return this.traces.run(entry, () => this.actNow(entry, outcome, context, replayed));
  }

  private async actNow(entry: MailboxEntry, outcome: MessageOutcome, context: EffectContext, replayed: boolean): Promise<void> {
    if (entry.replyTo) await this.reply(entry.replyTo, { id: entry.id, ...outcome.reply, ...(replayed ? { replayed } : {}) });
    if (outcome.effects.length === 0) return;
    this.effects.after(entry.callId, () =>
      this.deps.effectRunner(outcome.effects, context).catch((err: unknown) => {
        // Committed already: a failing effect is the receiver's to retry or report, never a reason to redo the transition.
        this.deps.log.error({ err, callId: entry.callId, messageId: entry.id }, 'effect runner failed');
      }),
    );
  }

  /** Answers `actor.replay`: the stored reply of an earlier message, without changing anything. */
  private async replay(entry: MailboxEntry): Promise<void> {
    if (!entry.replyTo || !isActorReplayPayload.Check(entry.payload)) return;
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

  /** Replaces the call's actor and timers in memory with what the database holds (after a commit of unknown outcome). */
  private async reload(callId: string): Promise<void> {
    const stored = await loadActor(this.deps.sql, callId);
    if (this.stopped) return;
    this.timers.cancelCall(callId);
    if (this.actors.reload(callId, stored)) for (const timer of stored!.timers) this.timers.arm(timer);
    this.unsure.delete(callId);
  }

  /** Publishes a timer firing into the call's mailbox (msgId = firing id: one per setting). */
  private async mail(message: ActorMessage): Promise<void> {
    const subject = mailboxSubject(message.callId, this.deps.partitions);
    await this.deps.bus.publish(subject, encoder.encode(JSON.stringify(message)), { msgId: message.id });
  }
}

/** A message's key: its id within its call. */
function keyOf(entry: { callId: string; id: string }): string {
  return `${entry.callId}/${entry.id}`;
}
