/**
 * A call's mailbox, as both sides see it. The sender (the API's routes and requests/) asks the call's
 * actor: mails it a message and awaits its answer; the owner of the call's partition (host/) reads each message into one
 * entry. Both keep to one size limit, so a sender refuses before publishing what the actor would drop.
 *
 * Asking (askActor): a request's action becomes a message whose id derives from its Idempotency-Key (so a
 * retry never acts twice), and the actor's answer becomes a body or a catalogued error.
 *
 * Sending: the message goes into the call's mailbox with msgId = message id, and the answer comes back on
 * the core bus subject `reply.<inbox>.<id>` (the sending process's inbox, reply-inbox.ts), published by the
 * owner after the transition committed. A retry with
 * the same id is safe: within the mailbox's duplicate window the bus drops the second publish, and the
 * sender then asks the actor (`actor.replay`, behind the original in the same queue) for the stored reply;
 * after the window the owner finds the id among the processed messages and answers from there.
 *
 * Reading: two kinds of message share the mailbox: actor messages (protocol/calls/mailbox.ts: API actions,
 * timer firings, actor creation) and media events (protocol/media/media-event.ts: flat objects with
 * `source: 'media'` and `eventId`).
 */
import { randomBytes } from 'node:crypto';
import { Compile } from 'typebox/compile';
import type { Bus } from '../../../shared/bus/bus.js';
import type { Clock } from '../../../shared/clock/clock.js';
import { realClock } from '../../../shared/clock/real-clock.js';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors/catalogue.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { newId } from '../../../shared/ids/ids.js';
import { mailboxSubject } from '../../../protocol/bus/bus-names.js';
import { replyInbox } from './reply-inbox.js';
import type { ReplyBody } from '../../../protocol/calls/call-actor.js';
import { ACTOR_REPLAY, ActorMessage, ActorReply, MessageId, type TimerFiring } from '../../../protocol/calls/mailbox.js';
import { idempotentId, type KeyPrincipal } from '../../accounts/principal.js';

// Compiled once: the checks run for every mailbox message (Value.Check walks the schema each time).
const isActorMessage = Compile(ActorMessage);
const isMessageId = Compile(MessageId);

/** One mailbox message, whatever its origin. */
export interface MailboxEntry {
  id: string;
  callId: string;
  type: string;
  /** Event fields besides `type` and `at`. */
  payload: Record<string, unknown>;
  replyTo?: string;
  at?: number;
  timer?: TimerFiring;
}

// Media event envelope fields that are not part of what the machine is told.
const MEDIA_ENVELOPE = new Set(['eventId', 'source', 'callId', 'type', 'at']);
/** The largest mailbox message a call's actor takes (senders refuse larger ones before publishing). */
export const MAX_MAILBOX_MESSAGE_BYTES = 256 * 1024;
const decoder = new TextDecoder('utf-8', { fatal: true });

/** Reads a mailbox message; returns a reason string when it is not one (it is then dropped). */
export function readMailboxEntry(data: Uint8Array): MailboxEntry | string {
  if (data.byteLength > MAX_MAILBOX_MESSAGE_BYTES) return `message of ${data.byteLength} bytes is over the limit`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decoder.decode(data));
  } catch {
    return 'not UTF-8 JSON';
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'not a JSON object';
  const object = parsed as Record<string, unknown>;
  if (object.source === 'media') return readMediaEvent(object);
  if (!isActorMessage.Check(parsed)) return 'not an actor message';
  const message = parsed as ActorMessage;
  if ('type' in (message.payload ?? {}) || 'at' in (message.payload ?? {})) return 'payload must not carry type or at';
  return {
    id: message.id,
    callId: message.callId,
    type: message.type,
    payload: message.payload ?? {},
    ...(message.replyTo !== undefined ? { replyTo: message.replyTo } : {}),
    ...(message.at !== undefined ? { at: message.at } : {}),
    ...(message.timer !== undefined ? { timer: message.timer } : {}),
  };
}

function readMediaEvent(object: Record<string, unknown>): MailboxEntry | string {
  const { eventId, callId, type, at } = object;
  if (typeof eventId !== 'string' || eventId === '' || eventId.length > 200) return 'media event without an eventId';
  if (typeof callId !== 'string' || !isMessageId.Check(callId)) return 'media event without a valid callId';
  if (typeof type !== 'string' || type === '' || type.length > 100) return 'media event without a type';
  if (typeof at !== 'number' || !Number.isSafeInteger(at)) return 'media event without an integer at';
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) if (!MEDIA_ENVELOPE.has(key)) payload[key] = value;
  return { id: eventId, callId, type, payload, at };
}

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

/**
 * Mails `message` to the actor of `callId` and resolves with its reply; rejects with SentralError
 * `actor_unavailable` when no answer comes within the timeout (retry with the same id), and with
 * `actor_message_too_large` before publishing a message the actor would refuse for its size.
 */
export async function sendToActor(bus: Bus, callId: string, message: OutgoingMessage, options: SendOptions): Promise<ActorReply> {
  if (!isMessageId.Check(message.id)) throw new Error(`message id ${JSON.stringify(message.id)} is not [A-Za-z0-9_-]{1,128}`);
  const inbox = replyInbox(bus);
  const replyTo = inbox.subjectFor(message.id);
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
  const stopWaiting = await inbox.await(message.id, settle);
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
    stopWaiting();
  }
}

/**
 * How long the API waits for a call's actor to answer before it says 503 actor_unavailable with
 * Retry-After (the same Idempotency-Key then gets the stored result: the message is applied once). Under
 * half the lease TTL, so a request to a partition being taken over is answered within 5 s instead of
 * waiting the takeover out (docs/reliability.md).
 */
export const ACTOR_TIMEOUT_MS = 4_000;

/** What askActor needs. */
export interface ActorClient {
  bus: Bus;
  clock: Clock;
  partitions: number;
}

/** The mailbox message id of a request: derived from its Idempotency-Key, or new when it has none. */
export function messageIdFor(caller: KeyPrincipal, idempotencyKey: string | null, purpose: string): string {
  return idempotencyKey === null ? newId('msg') : idempotentId('msg', caller, idempotencyKey, purpose);
}

/** Sends `type` to the call's actor and returns its answer; an error answer is thrown as a SentralError. */
export async function askActor(
  client: ActorClient,
  callId: string,
  message: { id: string; type: string; payload?: Record<string, unknown> },
): Promise<{ status: number; body: ReplyBody }> {
  const reply = await sendToActor(client.bus, callId, message, { timeoutMs: ACTOR_TIMEOUT_MS, partitions: client.partitions, clock: client.clock });
  const body = reply.body as ReplyBody;
  if (reply.status >= 400 || (typeof body === 'object' && body !== null && 'error' in body)) throw replyError(reply.status, body);
  return { status: reply.status, body };
}

function replyError(status: number, body: unknown): SentralError {
  const error = (body as { error?: { code?: unknown; message?: unknown; param?: unknown } } | null)?.error;
  const given = typeof error?.code === 'string' && Object.hasOwn(errorCatalogue, error.code) ? (error.code as ErrorCode) : status >= 500 ? 'internal_error' : 'conflict';
  // A finished actor and a call in its last moments are the same thing to a customer: the call has ended.
  const code = given === 'actor_ended' ? 'call_ended' : given;
  return new SentralError(code, {
    ...(typeof error?.message === 'string' && code === given ? { message: error.message } : {}),
    ...(typeof error?.param === 'string' ? { param: error.param } : {}),
    ...(code === 'actor_unavailable' ? { retryAfterSeconds: 1 } : {}),
  });
}
