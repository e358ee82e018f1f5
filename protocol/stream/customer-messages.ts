/**
 * Messages the customer's server sends on a stream (Twilio Media Streams shapes). Each is one JSON text frame
 * of at most 64 KiB; unknown fields are ignored, unknown events are answered with an error message.
 */
import { Type, type Static } from 'typebox';

/** Largest text frame sentral reads from a customer; larger frames are answered with an error and dropped. */
export const MAX_CUSTOMER_MESSAGE_BYTES = 64 * 1024;

/** Longest mark name sentral accepts. */
export const MAX_MARK_NAME_LENGTH = 256;

const StreamSid = Type.String();

/** Audio to play into the call: base64 of raw mu-law at 8 kHz, any length (re-framed into 20 ms). */
export const CustomerMediaMessage = Type.Object({
  event: Type.Literal('media'),
  streamSid: StreamSid,
  media: Type.Object({ payload: Type.String() }),
});
/** Audio to play into the call. */
export type CustomerMediaMessage = Static<typeof CustomerMediaMessage>;

/** A mark after the audio sent so far; sentral echoes it once that audio has been played. */
export const CustomerMarkMessage = Type.Object({
  event: Type.Literal('mark'),
  streamSid: StreamSid,
  mark: Type.Object({ name: Type.String({ maxLength: MAX_MARK_NAME_LENGTH }) }),
});
/** A mark after the audio sent so far. */
export type CustomerMarkMessage = Static<typeof CustomerMarkMessage>;

/** Drops all queued audio (barge-in) and echoes the pending marks at once. */
export const CustomerClearMessage = Type.Object({ event: Type.Literal('clear'), streamSid: StreamSid });
/** Drops all queued audio. */
export type CustomerClearMessage = Static<typeof CustomerClearMessage>;

/** Every message a customer's server may send on a stream. */
export const CustomerMessage = Type.Union([CustomerMediaMessage, CustomerMarkMessage, CustomerClearMessage]);
/** Every message a customer's server may send on a stream. */
export type CustomerMessage = Static<typeof CustomerMessage>;
