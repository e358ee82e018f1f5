/**
 * Sending a message to a call's actor and awaiting its answer (what the API does for call actions).
 *
 * The message goes into the call's mailbox with msgId = message id, and the answer comes back on the
 * core bus subject `reply.<id>`, published by the owner after the transition committed. A retry with the
 * same id is safe: within the mailbox's duplicate window the bus drops the second publish, and the
 * sender then asks the actor (`actor.replay`, behind the original in the same queue) for the stored
 * reply; after the window the owner finds the id among the processed messages and answers from there.
 */
import { Compile } from 'typebox/compile';
import type { Bus } from '../../../shared/bus/bus.js';
import type { Clock } from '../../../shared/clock/clock.js';
import { realClock } from '../../../shared/clock/real-clock.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { mailboxSubject, replySubject } from '../../../protocol/bus/bus-names.js';
import { randomBytes } from 'node:crypto';
import { ACTOR_REPLAY, ActorReply, MessageId, type ActorMessage } from '../../../protocol/calls/mailbox.js';
import { MAX_MAILBOX_MESSAGE_BYTES } from './mailbox-entry.js';

// Compiled once: the checks run for every mailbox message (Value.Check walks the schema each time).
const isMessageId = Compile(MessageId);
const isActorReply = Compile(ActorReply);

/** A message for an actor, before it is addressed. */
export interface OutgoingMessage {
  /** Unique per action (derive it from the idempotency key so a retry reuses it); `[A-Za-z0-9_-]{1,128}`. */
  id: string;
  type: string;
  payload?: Record<string, unknown>;
}

/** Options of sendToActor. */
export interface SendOptions {
  /** How long to wait for the answer. */
  timeoutMs: number;
  /** The cluster's partition count. */
  partitions: number;
  clock?: Clock;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Mails `message` to the actor of `callId` and resolves with its reply; rejects with SentralError
 * `actor_unavailable` when no answer comes within the timeout (retry with the same id), and with
 * `actor_message_too_large` before publishing a message the actor would refuse for its size.
 */
export async function sendToActor(bus: Bus, callId: string, message: OutgoingMessage, options: SendOptions): Promise<ActorReply> {
  if (!isMessageId.Check(message.id)) throw new Error(`message id ${JSON.stringify(message.id)} is not [A-Za-z0-9_-]{1,128}`);
  const replyTo = replySubject(message.id);
  const envelope: ActorMessage = { id: message.id, callId, type: message.type, payload: message.payload ?? {}, replyTo };
  const encoded = encoder.encode(JSON.stringify(envelope));
  if (encoded.byteLength > MAX_MAILBOX_MESSAGE_BYTES) {
    throw new SentralError('actor_message_too_large', {
      message: `The request makes a call message of ${encoded.byteLength} bytes; the limit is ${MAX_MAILBOX_MESSAGE_BYTES}. Nothing was changed.`,
    });
  }
  const clock = options.clock ?? realClock;
  const subject = mailboxSubject(callId, options.partitions);
  let settle: (reply: ActorReply) => void = () => {};
  const answered = new Promise<ActorReply>((resolve) => (settle = resolve));
  const subscription = await bus.subscribe(replyTo, (_subject, data) => {
    try {
      const reply: unknown = JSON.parse(decoder.decode(data));
      if (isActorReply.Check(reply) && reply.id === message.id) settle(reply);
    } catch {
      // Not an answer of ours: ignore it.
    }
  });
  let timer: { cancel(): void } | undefined;
  try {
    const timedOut = new Promise<never>((_, reject) => {
      timer = clock.setTimer(options.timeoutMs, () =>
        reject(new SentralError('actor_unavailable', { retryAfterSeconds: 1, message: `call ${callId} did not answer within ${options.timeoutMs} ms` })),
      );
    });
    const ack = await Promise.race([bus.publish(subject, encoded, { msgId: message.id }), timedOut]);
    if (ack.duplicate) {
      const ask: ActorMessage = {
        id: `${message.id}-replay-${randomBytes(6).toString('hex')}`,
        callId,
        type: ACTOR_REPLAY,
        payload: { messageId: message.id },
        replyTo,
      };
      await Promise.race([bus.publish(subject, encoder.encode(JSON.stringify(ask)), { msgId: ask.id }), timedOut]);
    }
    return await Promise.race([answered, timedOut]);
  } finally {
    timer?.cancel();
    await subscription.stop();
  }
}
