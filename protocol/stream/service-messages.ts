/**
 * Messages sentral sends to the customer's WebSocket server, in the Twilio Media Streams format.
 *
 * Order on every connection: connected, start, then media every 20 ms, dtmf when a key is pressed, mark when
 * the audio queued before a customer's mark has been played, error when the customer sent something invalid,
 * and stop before sentral closes. Every message but connected has `sequenceNumber` (a decimal string counting
 * from "1" per stream; it continues across reconnects) and `streamSid`.
 *
 * sentral's additions to the Twilio shapes: `start.customParameters.from_number` / `to_number` (the call's
 * numbers, "" when the call has none), `start.svc` (call id, numbers, and `resumed: true` on the start that
 * follows a reconnect), `stop.reason`, and the `error` message.
 */
import { Type, type Static } from 'typebox';
import { StreamEndReason } from './stream-end-reason.js';

const SequenceNumber = Type.String({ pattern: '^[1-9][0-9]*$' });
const StreamSid = Type.String({ minLength: 1 });

/** First message on every connection. */
export const ConnectedMessage = Type.Object({
  event: Type.Literal('connected'),
  protocol: Type.Literal('Call'),
  version: Type.Literal('1.0.0'),
});
/** First message on every connection. */
export type ConnectedMessage = Static<typeof ConnectedMessage>;

/** The audio format of every media payload, both ways. */
export const MediaFormat = Type.Object({
  encoding: Type.Literal('audio/x-mulaw'),
  sampleRate: Type.Literal(8000),
  channels: Type.Literal(1),
});

/** sentral's own description of the call a stream belongs to. */
export const StartSvc = Type.Object({
  callId: Type.String(),
  /** The call's caller number, null when the call has none (an app-only call). */
  from: Type.Union([Type.String(), Type.Null()]),
  /** The call's called number, null when the call has none. */
  to: Type.Union([Type.String(), Type.Null()]),
  /** True on the start sent after a reconnect; sequence numbers and chunk numbers continue. */
  resumed: Type.Boolean(),
});

/** Second message on every connection: who the stream belongs to and the audio format. */
export const StartMessage = Type.Object({
  event: Type.Literal('start'),
  sequenceNumber: SequenceNumber,
  streamSid: StreamSid,
  start: Type.Object({
    streamSid: StreamSid,
    accountSid: Type.String(),
    callSid: Type.String(),
    tracks: Type.Tuple([Type.Literal('inbound')]),
    /** The stream request's customParameters plus from_number and to_number (which win over the request's). */
    customParameters: Type.Record(Type.String(), Type.String()),
    mediaFormat: MediaFormat,
    svc: StartSvc,
  }),
});
/** Second message on every connection. */
export type StartMessage = Static<typeof StartMessage>;

/** 20 ms of what the stream hears: 160 bytes of mu-law, base64. */
export const MediaMessage = Type.Object({
  event: Type.Literal('media'),
  sequenceNumber: SequenceNumber,
  streamSid: StreamSid,
  media: Type.Object({
    track: Type.Literal('inbound'),
    /** Counts media messages from "1" per stream. */
    chunk: SequenceNumber,
    /** Milliseconds of stream time (20 ms per tick since the stream started) at the start of this chunk. */
    timestamp: Type.String({ pattern: '^[0-9]+$' }),
    payload: Type.String(),
  }),
});
/** 20 ms of what the stream hears. */
export type MediaMessage = Static<typeof MediaMessage>;

/** A keypad digit pressed by a participant of the call. */
export const DtmfMessage = Type.Object({
  event: Type.Literal('dtmf'),
  sequenceNumber: SequenceNumber,
  streamSid: StreamSid,
  dtmf: Type.Object({ track: Type.Literal('inbound_track'), digit: Type.String({ pattern: '^[0-9*#A-D]$' }) }),
});
/** A keypad digit pressed by a participant of the call. */
export type DtmfMessage = Static<typeof DtmfMessage>;

/** The echo of a customer's mark: all audio the customer sent before it has been played (or cleared). */
export const MarkMessage = Type.Object({
  event: Type.Literal('mark'),
  sequenceNumber: SequenceNumber,
  streamSid: StreamSid,
  mark: Type.Object({ name: Type.String() }),
});
/** The echo of a customer's mark. */
export type MarkMessage = Static<typeof MarkMessage>;

/** Last message before sentral closes the socket. */
export const StopMessage = Type.Object({
  event: Type.Literal('stop'),
  sequenceNumber: SequenceNumber,
  streamSid: StreamSid,
  stop: Type.Object({ accountSid: Type.String(), callSid: Type.String(), reason: StreamEndReason }),
});
/** Last message before sentral closes the socket. */
export type StopMessage = Static<typeof StopMessage>;

/**
 * The answer to a message sentral could not accept; the stream keeps going. At most 5 are sent per second
 * per stream: `suppressed` counts the errors left unsent since the previous error message.
 */
export const ErrorMessage = Type.Object({
  event: Type.Literal('error'),
  sequenceNumber: SequenceNumber,
  streamSid: StreamSid,
  error: Type.Object({
    code: Type.String(),
    message: Type.String(),
    suppressed: Type.Optional(Type.Integer({ minimum: 1 })),
  }),
});
/** The answer to a message sentral could not accept. */
export type ErrorMessage = Static<typeof ErrorMessage>;

/** Every message sentral sends on a stream. */
export const ServiceMessage = Type.Union([
  ConnectedMessage,
  StartMessage,
  MediaMessage,
  DtmfMessage,
  MarkMessage,
  StopMessage,
  ErrorMessage,
]);
/** Every message sentral sends on a stream. */
export type ServiceMessage = Static<typeof ServiceMessage>;
