import { Type, type Static } from 'typebox';
import { MAX_CUSTOM_PARAMETERS } from '../stream/stream-leg-spec.js';
import { StreamEndReason } from '../stream/stream-end-reason.js';

/** Most minutes a stream may run (the interface's limit). */
export const STREAM_MAX_MINUTES = 60;

/** POST /v1/calls/:id/streams, and the `stream` field of the call creation request. */
export const StreamStartRequest = Type.Object(
  {
    endpointId: Type.String({ minLength: 1, maxLength: 64, pattern: '^(ep|whe)_[0-9a-zA-Z]+$' }),
    audio: Type.Optional(Type.Union([Type.Literal('talk'), Type.Literal('listen')], { default: 'talk' })),
    listen: Type.Optional(
      Type.Object(
        {
          mode: Type.Union([Type.Literal('single'), Type.Literal('mixed')]),
          participantId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        },
        { additionalProperties: false },
      ),
    ),
    customParameters: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: 256 }), Type.String({ maxLength: 1024 }), { maxProperties: MAX_CUSTOM_PARAMETERS }),
    ),
    maxMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: STREAM_MAX_MINUTES })),
    reconnect: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
/** Stream start request. */
export type StreamStartRequest = Static<typeof StreamStartRequest>;

/** State of a stream: connecting, streaming, reconnecting (after a drop without a close), stopped. */
export const StreamState = Type.Union([
  Type.Literal('connecting'),
  Type.Literal('streaming'),
  Type.Literal('reconnecting'),
  Type.Literal('stopped'),
]);
/** State of a stream. */
export type StreamState = Static<typeof StreamState>;

/** A stream as the API returns it (it is also a participant of kind stream with the same id). */
export const Stream = Type.Object(
  {
    object: Type.Literal('stream'),
    id: Type.String(),
    callId: Type.String(),
    state: StreamState,
    audio: Type.Union([Type.Literal('talk'), Type.Literal('listen')]),
    listenParticipantId: Type.Union([Type.String(), Type.Null()]),
    maxMinutes: Type.Integer(),
    startedAt: Type.Union([Type.String(), Type.Null()]),
    endedAt: Type.Union([Type.String(), Type.Null()]),
    endReason: Type.Union([StreamEndReason, Type.Null()]),
  },
  { title: 'Stream' },
);
/** A stream as the API returns it. */
export type Stream = Static<typeof Stream>;
