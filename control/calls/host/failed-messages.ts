/**
 * A partition's handling of mailbox messages that fail (the rules are message-failure.ts's): a transient
 * failure is tried again with a capped backoff while the sender hears 503 at once; a permanent one is
 * answered with a catalogue error, recorded in actor_failed_messages with its outcome (a retry gets the same
 * answer), the actor told (`actor.message.failed`, so a command becomes a failed command) and acked; a
 * message that is no mailbox entry of the partition is answered when it names a sender, recorded and
 * terminated. The partition worker only decides, commits and acts. A message that keeps failing is logged
 * with its stack the first time, then at most one line a minute (FailureLog), so a long outage does not
 * flood the log.
 */
import { Value } from 'typebox/value';
import type { BusMessage } from '../../../shared/bus/bus.js';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql } from '../../../shared/db/database.js';
import type { Logger } from '../../../shared/log/log.js';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors/catalogue.js';
import { ACTOR_MESSAGE_FAILED, MessageId, ReplySubject, type ActorReply } from '../../../protocol/calls/mailbox.js';
import { recordFailure, recordOutcome, type MessageOutcome } from './actor-store.js';
import { isStaleEpochError, withFence, type FenceTimeouts } from './fence.js';
import { MAX_MAILBOX_MESSAGE_BYTES, type MailboxEntry } from '../mailbox/call-mailbox.js';
import { classifyFailure, errorText, storableText, transientRetryDelay } from './message-failure.js';

/** What the failure handling needs of the partition's worker. */
export interface FailingPartition {
  /** Handles one message once: decide, commit, act; throws what failed. */
  process(entry: MailboxEntry): Promise<void>;
  /** Puts the call's actor back to its last committed snapshot; the kind of the actor then in memory, if any. */
  restoreCommitted(callId: string): string | undefined;
  /** Publishes a reply to its sender (never throws: the sender retries with the same id). */
  reply(subject: string, reply: ActorReply): Promise<void>;
  /** True once the worker is stopping: nothing is retried any more. */
  isStopped(): boolean;
}

/** What the failure handling needs besides the worker. */
export interface FailedMessagesDeps {
  sql: Sql;
  /** Event time (the failure's record). */
  clock: Clock;
  /** Real time: backoff waits and the throttled log. */
  leaseClock: Clock;
  log: Logger;
  partition: number;
  epoch: number;
  fenceTimeouts?: FenceTimeouts;
  /** Called when the database refused a write: a newer owner holds the partition. */
  onStale(): void;
}

const decoder = new TextDecoder();
// An unreadable message this large is not even parsed for its sender (the bus's own limit is far below).
const SALVAGE_LIMIT_BYTES = 16 * 1024 * 1024;

/** What the sender of a message that failed transiently hears at once (it retries with the same id). */
const TRANSIENT_REPLY = {
  status: errorCatalogue.actor_unavailable.status,
  body: { error: { code: 'actor_unavailable', message: "The call's store is briefly unavailable; retry with the same Idempotency-Key." } },
};

/** The failure handling of one partition's mailbox messages. */
export class FailedMessages {
  private readonly failures: FailureLog;
  /** Wakers of backoff waits, so that stop() ends them at once. */
  private readonly waits = new Set<() => void>();

  constructor(
    private readonly deps: FailedMessagesDeps,
    private readonly worker: FailingPartition,
  ) {
    this.failures = new FailureLog(deps.leaseClock, deps.log);
  }

  /** Ends every backoff wait at once (the worker is stopping). */
  wakeAll(): void {
    for (const wake of [...this.waits]) wake();
  }

  /** Processes a message: transient failures are tried again (capped backoff), a permanent one settles it as failed. */
  async process(entry: MailboxEntry, msg: BusMessage): Promise<void> {
    const key = `${entry.callId}/${entry.id}`;
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          await this.worker.process(entry);
          return;
        } catch (err) {
          if (this.worker.isStopped()) throw err;
          const failure = classifyFailure(err);
          if (!failure.transient) return await this.failForGood(msg, entry, err, failure.code);
          // A lost fence released the partition: the next owner takes the message.
          if (failure.cause === 'fence') throw err;
          const fields = { partition: this.deps.partition, callId: entry.callId, messageId: entry.id, type: entry.type, attempt, cause: failure.cause };
          this.failures.failed(key, err, fields, `mailbox message failed (${failure.cause}); retrying`);
          const paused = this.pause(transientRetryDelay(attempt));
          // A race is settled by the next try; a dependency away may take long, so the sender hears at once.
          if (attempt === 1 && entry.replyTo && failure.cause !== 'race') await this.worker.reply(entry.replyTo, { id: entry.id, ...TRANSIENT_REPLY });
          await paused;
          if (this.worker.isStopped()) throw err;
        }
      }
    } finally {
      this.failures.settled(key);
    }
  }

  /**
   * A message that is no mailbox entry of this partition: its sender, when it names one, is answered
   * (and the answer stored, so a retry gets it too), the failure recorded, and the message terminated.
   */
  async unreadable(msg: BusMessage, reason: string): Promise<void> {
    const code: ErrorCode = msg.data.byteLength > MAX_MAILBOX_MESSAGE_BYTES ? 'actor_message_too_large' : 'actor_message_invalid';
    const sender = reason === 'wrong partition' ? null : salvageSender(msg.data);
    this.deps.log.warn({ partition: this.deps.partition, seq: msg.seq, reason, bytes: msg.data.byteLength, callId: sender?.callId }, 'mailbox message dropped');
    const { status, message } = errorCatalogue[code];
    const reply = { status, body: { error: { code, message } } };
    const outcome: MessageOutcome | null = sender ? { reply, effects: [], at: this.deps.clock.now(), kind: '', status: null } : null;
    const named = { callId: sender?.callId ?? null, messageId: sender?.id ?? null, type: sender?.type ?? null };
    await this.record(msg, named, code, new Error(reason), outcome);
    if (sender?.replyTo) await this.worker.reply(sender.replyTo, { id: sender.id, ...reply });
    await msg.term();
  }

  /** Waits `ms` on the lease clock, or until the worker stops. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        timer.cancel();
        this.waits.delete(wake);
        resolve();
      };
      const timer = this.deps.leaseClock.setTimer(ms, wake);
      this.waits.add(wake);
    });
  }

  /**
   * A message that failed for good: the actor back at its last committed snapshot (nothing half-applied),
   * the failure and the error answer recorded, the actor told, the sender answered; the caller acks it.
   */
  private async failForGood(msg: BusMessage, entry: MailboxEntry, err: unknown, code: ErrorCode): Promise<void> {
    const { log, clock } = this.deps;
    const kind = this.worker.restoreCommitted(entry.callId);
    const at = entry.at ?? clock.now();
    const { status, message } = errorCatalogue[code];
    const reply = { status, body: { error: { code, message } } };
    const outcome: MessageOutcome = { reply, effects: [], at, kind: kind ?? '', status: kind === undefined ? null : 'active' };
    log.error({ err, partition: this.deps.partition, seq: msg.seq, callId: entry.callId, messageId: entry.id, type: entry.type, code }, 'mailbox message failed for good: answered with an error, recorded, acked');
    await this.record(msg, { callId: entry.callId, messageId: entry.id, type: entry.type }, code, err, outcome);
    // A command that could not be taken becomes a failed command of its call.
    if (kind !== undefined && entry.type !== ACTOR_MESSAGE_FAILED && Value.Check(MessageId, entry.payload.commandId)) {
      const told: MailboxEntry = {
        id: `${entry.id}-failed`,
        callId: entry.callId,
        type: ACTOR_MESSAGE_FAILED,
        payload: { messageId: entry.id, messageType: entry.type, commandId: entry.payload.commandId, code },
      };
      await this.worker.process(told).catch((cause: unknown) => {
        this.worker.restoreCommitted(entry.callId);
        log.error({ err: cause, callId: entry.callId, messageId: entry.id }, 'the actor could not be told that its message failed');
      });
    }
    if (entry.replyTo) await this.worker.reply(entry.replyTo, { id: entry.id, ...reply });
  }

  /** Writes the failure record (and the error outcome, so a retry gets the same answer); dependency failures are retried. */
  private async record(
    msg: BusMessage,
    message: { callId: string | null; messageId: string | null; type: string | null },
    code: ErrorCode,
    err: unknown,
    outcome: MessageOutcome | null,
  ): Promise<void> {
    const { sql, partition, epoch, clock } = this.deps;
    const failedAt = new Date(clock.now());
    const messageType = message.type === null ? null : storableText(message.type, 100);
    for (let attempt = 1; ; attempt++) {
      try {
        await sql.begin(async (tx) => {
          await withFence(tx, partition, epoch, this.deps.fenceTimeouts);
          if (outcome && message.callId !== null && message.messageId !== null) await recordOutcome(tx, message.callId, message.messageId, outcome, failedAt);
          await recordFailure(tx, { partition, streamSeq: msg.seq, deliveryCount: msg.deliveryCount, callId: message.callId, messageId: message.messageId, messageType, code, error: errorText(err), failedAt });
        });
        return;
      } catch (cause) {
        const failure = classifyFailure(cause);
        if (this.worker.isStopped() || (failure.transient && failure.cause === 'fence')) {
          if (isStaleEpochError(cause)) this.deps.onStale();
          throw cause;
        }
        if (!failure.transient) {
          this.deps.log.error({ err: cause, partition, seq: msg.seq }, 'a failed mailbox message could not be recorded');
          return;
        }
        this.failures.failed(`record/${msg.seq}`, cause, { partition, seq: msg.seq }, 'a failed mailbox message could not be recorded yet; retrying');
        await this.pause(transientRetryDelay(attempt));
      }
    }
  }
}

/** The sender of an unreadable message, when its envelope still names one this partition could answer. */
function salvageSender(data: Uint8Array): { id: string; callId: string; type: string; replyTo?: string } | null {
  if (data.byteLength > SALVAGE_LIMIT_BYTES) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(data));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { id, callId, type, replyTo } = parsed as Record<string, unknown>;
  if (!Value.Check(MessageId, id) || !Value.Check(MessageId, callId)) return null;
  return { id, callId, type: typeof type === 'string' ? storableText(type, 100) : 'unknown', ...(Value.Check(ReplySubject, replyTo) ? { replyTo } : {}) };
}

/** At most one line per failing message within this long (after its first warning). */
export const FAILURE_LOG_INTERVAL_MS = 60_000;

interface Seen {
  lastLineAt: number;
  tries: number;
  suppressed: number;
}

/** Throttled warnings for messages failing again and again. */
export class FailureLog {
  private readonly seen = new Map<string, Seen>();

  constructor(
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  /** Notes one failed try of message `key`; logs if this is its first or a minute has passed. */
  failed(key: string, err: unknown, fields: Record<string, unknown>, message: string): void {
    const now = this.clock.now();
    const seen = this.seen.get(key);
    if (!seen) {
      this.seen.set(key, { lastLineAt: now, tries: 1, suppressed: 0 });
      this.log.warn({ ...fields, err }, message);
      return;
    }
    seen.tries++;
    if (now - seen.lastLineAt < FAILURE_LOG_INTERVAL_MS) {
      seen.suppressed++;
      return;
    }
    const suppressed = seen.suppressed;
    seen.lastLineAt = now;
    seen.suppressed = 0;
    this.log.warn({ ...fields, tries: seen.tries, suppressed, error: err instanceof Error ? err.message : String(err) }, `${message} (still failing)`);
  }

  /** The message is done with (handled, failed for good, or handed on): forget it. */
  settled(key: string): void {
    this.seen.delete(key);
  }
}
