/**
 * What arrives in a call's mailbox, read into one shape. Two kinds of message share the mailbox:
 * actor messages (protocol/calls/mailbox.ts: API actions, timer firings, actor creation) and media
 * events (protocol/media/media-event.ts: flat objects with `source: 'media'` and `eventId`).
 */
import { Compile } from 'typebox/compile';
import { ActorMessage, MessageId, type TimerFiring } from '../../../protocol/calls/mailbox.js';

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
