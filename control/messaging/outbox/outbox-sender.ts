import type { Services } from '../../../shared/services/services.js';
import { MESSAGING_OUTBOX_WAKE_SUBJECT } from '../../../protocol/bus/bus-names.js';
import { startClaimLoop, type HeldSlots } from '../../../shared/work/claim-loop.js';
import { wakeDispatcher } from '../../events/event-log.js';
import { createBatcher } from '../../../shared/work/batcher.js';
import { retryThroughOutage } from '../../../shared/work/outage-retry.js';
import type { CarrierReports, ChannelCarriers, SubmitOutcome } from '../message-channel.js';
import type { ChannelRegistry } from '../channels/channel-registry.js';
import type { MessageRow } from '../message-row.js';
import type { MessageEvent } from '../message-machine.js';
import { applyMessageEvents, type MessageEventFor } from '../message-moves.js';
import { claimDueMessages, nextMessageDueAt, ownClaimed } from '../message-outbox.js';
import { CommitUnknownError } from '../../../shared/db/commit-unknown.js';

// Most answers recorded in one transaction.
const ANSWER_BATCH_MAX = 128;

/** Options of the outbox sender (tests shorten the waits). */
export interface OutboxSenderOptions {
  /** Messages handed to carriers at once (default 64: an SMPP window or two). */
  concurrency?: number;
  /** How long a hand-off may take before its message's outcome counts as unknown (default SENTRAL_MESSAGING_LEASE_SECONDS). */
  leaseMs?: number;
  /** The safety poll (default 5 s). */
  pollIntervalMs?: number;
}

/** A running outbox sender. */
export interface OutboxSender {
  /** Looks for due messages now. */
  wake(): void;
  /** The lease a message claimed for this sender is given (its claim's `leaseUntilMs` is now plus this). */
  readonly leaseMs: number;
  /**
   * Holds up to `max` of the sender's free places for messages another part claims for it in its own
   * transaction (message-outbox claimMessages); `fill` hands them over once that transaction committed.
   */
  hold(max: number): Promise<HeldSlots<MessageRow>>;
  /** Resolves when nothing is being claimed or handed over (tests). */
  whenIdle(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Sends due outbound messages of every registered channel: claims them (message-outbox claimDueMessages:
 * moved to `sending` and committed first), hands each to its channel's carrier for its mode, and records
 * the answer through the channel's transitions. The loop is the shared claim loop (wake on
 * MESSAGING_OUTBOX_WAKE_SUBJECT, a timer at the next due time, a slow poll).
 */
export async function startOutboxSender(
  services: Services,
  registry: ChannelRegistry,
  carriers: ReadonlyMap<string, ChannelCarriers>,
  reports: CarrierReports,
  options: OutboxSenderOptions = {},
): Promise<OutboxSender> {
  const { sql, clock, log, bus } = services;
  const leaseMs = options.leaseMs ?? services.config.messagingLeaseMs;
  const names = [...registry.channels.keys()];
  // The carriers' answers that come in together are recorded in one transaction.
  const answers = createBatcher<MessageEventFor, MessageRow | null>(async (batch) => {
    const moved = await sql.begin((tx) => applyMessageEvents(tx, clock, batch));
    await wakeDispatcher(bus).catch(() => undefined);
    return moved;
  }, { maxBatch: ANSWER_BATCH_MAX });

  async function send(message: MessageRow): Promise<void> {
    const channel = registry.get(message.channel);
    const set = carriers.get(message.channel)!;
    const carrier = message.mode === 'live' ? set.live : set.test;
    let outcome: SubmitOutcome;
    try {
      outcome = await carrier.submit(message);
    } catch (err) {
      // A carrier that throws has not said whether it took the message: never hand it over again.
      log.error({ err, messageId: message.id }, 'a carrier failed while taking a message');
      outcome = { kind: 'unknown', desc: 'The carrier failed while taking the message.' };
    }
    // The carrier has answered: its answer is kept trying through a database outage, within the message's lease.
    const event = eventOf(outcome, clock.now());
    await retryThroughOutage(clock, clock.now() + leaseMs, () => answers.submit({ channel, messageId: message.id, event }));
    if (outcome.kind === 'submitted' && outcome.delivered) {
      await Promise.all(outcome.carrierRefs.map((ref) => reports.receipt(channel.name, ref, 'delivered', null)));
    }
  }

  const concurrency = options.concurrency ?? 64;
  const loop = await startClaimLoop<MessageRow>({
    name: 'messaging outbox',
    clock,
    log,
    bus,
    wakeSubject: MESSAGING_OUTBOX_WAKE_SUBJECT,
    concurrency,
    // Under load a claim takes a batch, not one message per finished hand-over (the dispatcher's reason).
    minClaim: Math.ceil(concurrency / 4),
    pollIntervalMs: options.pollIntervalMs ?? 5_000,
    async claim(room, _now, held) {
      let claimed: MessageRow[];
      try {
        claimed = await claimDueMessages(sql, clock, registry.channels, { room, held, leaseMs });
      } catch (err) {
        if (!(err instanceof CommitUnknownError)) throw err;
        // The claim's answer was lost with the database (a primary's crash), not necessarily the claim: landed,
        // it holds its messages in `sending` until their lease ends them as outcome_unknown though no carrier
        // ever saw them. Read once the database is back (within half the lease), those it holds are sent.
        const moved = (err as CommitUnknownError<MessageRow[]>).value;
        claimed = await retryThroughOutage(clock, clock.now() + leaseMs / 2, () => ownClaimed(sql, moved));
        log.warn({ messages: moved.length, held: claimed.length }, 'an outbox claim\'s commit went unanswered: the messages it holds are sent');
      }
      if (claimed.length > 0) await wakeDispatcher(bus).catch(() => undefined);
      return claimed;
    },
    idOf: (message) => message.id,
    run: send,
    nextDueAt: () => nextMessageDueAt(sql, names),
  });
  return { wake: () => loop.wake(), leaseMs, hold: (max) => loop.hold(max), whenIdle: () => loop.whenIdle(), stop: () => loop.stop() };
}

function eventOf(outcome: SubmitOutcome, now: number): MessageEvent {
  switch (outcome.kind) {
    case 'submitted':
      return { type: 'submitted', carrierRefs: outcome.carrierRefs, ...(outcome.variant === undefined ? {} : { variant: outcome.variant }) };
    case 'refused':
      return { type: 'refused', code: outcome.code, desc: outcome.desc };
    case 'retry':
      return { type: 'retry', atMs: now + outcome.afterMs, desc: outcome.desc };
    case 'unknown':
      return { type: 'unknownOutcome', desc: outcome.desc };
  }
}
