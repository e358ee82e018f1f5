/**
 * Where the actors' replies to this process's messages arrive: one subscription per bus on
 * `reply.<inbox>.*`, made on the first send, instead of one per message. A subscription of its own per
 * message cost three bus writes and a round trip each time (subscribe, the flush that confirms it,
 * unsubscribe); the inbox's name is random per process, so no other process's replies reach it.
 */
import { randomBytes } from 'node:crypto';
import { Compile } from 'typebox/compile';
import type { Bus, Subscription } from '../../../shared/bus/bus.js';
import { replySubject } from '../../../protocol/bus/bus-names.js';
import { ActorReply } from '../../../protocol/calls/mailbox.js';

const isActorReply = Compile(ActorReply);
const decoder = new TextDecoder();

/** The replies of one bus's senders. */
export class ReplyInbox {
  private readonly name = randomBytes(9).toString('base64url');
  /** Who waits for the reply to each message id (a message sent again while its first send waits has two). */
  private readonly waiting = new Map<string, Set<(reply: ActorReply) => void>>();
  private subscribed: Promise<Subscription> | null = null;

  constructor(private readonly bus: Bus) {}

  /** The subject the reply to `messageId` is to be published on. */
  subjectFor(messageId: string): string {
    return replySubject(messageId, this.name);
  }

  /**
   * Calls `settle` with the reply to `messageId` when it arrives, until the returned function is called.
   * Resolves once the inbox's subscription is in place (at once after the first time).
   */
  async await(messageId: string, settle: (reply: ActorReply) => void): Promise<() => void> {
    let settlers = this.waiting.get(messageId);
    if (!settlers) this.waiting.set(messageId, (settlers = new Set()));
    settlers.add(settle);
    const stop = (): void => {
      settlers.delete(settle);
      if (settlers.size === 0 && this.waiting.get(messageId) === settlers) this.waiting.delete(messageId);
    };
    try {
      await (this.subscribed ??= this.subscribe());
    } catch (err) {
      stop();
      throw err;
    }
    return stop;
  }

  private subscribe(): Promise<Subscription> {
    const made = this.bus.subscribe(this.subjectFor('*'), (_subject, data) => {
      let reply: unknown;
      try {
        reply = JSON.parse(decoder.decode(data));
      } catch {
        return; // Not an answer: ignore it.
      }
      if (!isActorReply.Check(reply)) return;
      for (const settle of this.waiting.get(reply.id) ?? []) settle(reply);
    });
    // A subscription that could not be made (the bus away) is tried again by the next send.
    made.catch(() => {
      if (this.subscribed === made) this.subscribed = null;
    });
    return made;
  }
}

const inboxes = new WeakMap<Bus, ReplyInbox>();

/** The reply inbox of `bus` in this process. */
export function replyInbox(bus: Bus): ReplyInbox {
  let inbox = inboxes.get(bus);
  if (!inbox) inboxes.set(bus, (inbox = new ReplyInbox(bus)));
  return inbox;
}
