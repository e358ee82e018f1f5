/**
 * Reads one WebSocket frame from a customer's stream server into what the stream should do with it, or into
 * the catalogued reason it is refused. Pure: the client sends the refusals as error messages (throttled).
 */
import { Compile } from 'typebox/compile';
import {
  CustomerClearMessage,
  CustomerMarkMessage,
  CustomerMediaMessage,
  MAX_CUSTOMER_MESSAGE_BYTES,
} from '../../protocol/stream/customer-messages.js';
import type { ErrorCode } from '../../shared/errors/catalogue.js';
import { findUnstorable } from '../../shared/json/storable-json.js';
import { readOrdinaryMedia, readOrdinaryMediaBytes } from './ordinary-media.js';

/** What a customer's frame asks for, or why it is refused. */
export type CustomerInput =
  | { kind: 'media'; audio: Buffer }
  | { kind: 'mark'; name: string }
  | { kind: 'clear' }
  | { kind: 'refused'; code: ErrorCode; message?: string };

const checkers = {
  media: Compile(CustomerMediaMessage),
  mark: Compile(CustomerMarkMessage),
  clear: Compile(CustomerClearMessage),
} as const;

/** Reads one frame (`isBinary` as the WebSocket reports it) of the stream `streamSid`. */
export function readCustomerMessage(data: Buffer, isBinary: boolean, streamSid: string): CustomerInput {
  return read(data, isBinary, streamSid, true);
}

/** The same without the fast path for ordinary media: every message through the general checks (the reference the fast path is held to). */
export function readCustomerMessageStrictly(data: Buffer, isBinary: boolean, streamSid: string): CustomerInput {
  return read(data, isBinary, streamSid, false);
}

function read(data: Buffer, isBinary: boolean, streamSid: string, fast: boolean): CustomerInput {
  if (isBinary) return refused('stream_binary_frame');
  if (data.length > MAX_CUSTOMER_MESSAGE_BYTES) return refused('stream_message_too_large');
  if (fast) {
    const audio = readOrdinaryMediaBytes(data, streamSid);
    if (audio !== undefined) return { kind: 'media', audio };
  }
  let message: unknown;
  try {
    message = JSON.parse(data.toString('utf8'));
  } catch {
    return refused('stream_invalid_json');
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return refused('stream_invalid_json');
  if (fast) {
    const audio = readOrdinaryMedia(message, streamSid);
    if (audio !== undefined) return { kind: 'media', audio };
  }
  const event = (message as { event?: unknown }).event;
  if (event !== 'media' && event !== 'mark' && event !== 'clear') {
    const shown = typeof event === 'string' ? `"${printable(event)}"` : 'missing';
    return refused('stream_unknown_event', `The event ${shown} is not one of media, mark or clear.`);
  }
  // Lone surrogates, NUL and deep nesting never reach the schema check, a mark echo or the call.
  const unstorable = findUnstorable(message);
  if (unstorable !== null) return refused('stream_invalid_message', `The message is not valid at ${unstorable.path || '/'}: ${unstorable.message}`);
  const checker = checkers[event];
  if (!checker.Check(message)) {
    const first = checker.Errors(message)[0];
    const where = first ? ` ${first.instancePath || '/'}: ${first.message}` : '';
    return refused('stream_invalid_message', `The ${event} message is not valid:${where}.`);
  }
  if ((message as { streamSid: string }).streamSid !== streamSid) return refused('stream_wrong_stream_sid');
  if (event === 'media') {
    const payload = (message as CustomerMediaMessage).media.payload;
    // Strict, canonical base64 (RFC 4648 §3.5): Buffer.from skips characters outside the alphabet silently and
    // takes the URL-safe one, so what it decoded must encode back to the very text. (Six times cheaper than a
    // regular expression over the 2 KB of a 200 ms chunk.)
    const audio = Buffer.from(payload, 'base64');
    if (payload.length === 0 || audio.toString('base64') !== payload) return refused('stream_invalid_payload');
    return { kind: 'media', audio };
  }
  if (event === 'mark') return { kind: 'mark', name: (message as CustomerMarkMessage).mark.name };
  return { kind: 'clear' };
}

function refused(code: ErrorCode, message?: string): CustomerInput {
  return message === undefined ? { kind: 'refused', code } : { kind: 'refused', code, message };
}

// Echoes at most 40 printable ASCII characters of a customer's text back to them.
function printable(text: string): string {
  return text.slice(0, 40).replace(/[^\x20-\x7e]/g, '?').replace(/"/g, "'");
}
