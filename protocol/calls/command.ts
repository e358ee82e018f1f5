import { Type, type Static } from 'typebox';
import { Voice } from '../speech/voice.js';

/** What a command does. */
export const CommandAction = Type.Union([
  Type.Literal('say'),
  Type.Literal('play'),
  Type.Literal('gather'),
  Type.Literal('media.stop'),
  Type.Literal('recording.start'),
  Type.Literal('transcription.start'),
]);
/** What a command does. */
export type CommandAction = Static<typeof CommandAction>;

/** issued, then exactly one of completed, failed, uncertain (the media node stopped answering before telling). */
export const CommandState = Type.Union([
  Type.Literal('issued'),
  Type.Literal('completed'),
  Type.Literal('failed'),
  Type.Literal('uncertain'),
]);
/** State of a command. */
export type CommandState = Static<typeof CommandState>;

/** The result of a gather (also the data of call.gather.completed). */
export const GatherResult = Type.Object({
  outcome: Type.Union([Type.Literal('digits'), Type.Literal('speech'), Type.Literal('timeout'), Type.Literal('stopped')]),
  digits: Type.String(),
  /** What the caller said (outcome speech); null otherwise. */
  transcript: Type.Union([Type.String(), Type.Null()]),
  choice: Type.Union([Type.String(), Type.Null()]),
  /** How sure the recognizer is of the transcript (and of the choice), 0 to 1 (outcome speech); null otherwise. */
  confidence: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
});
/** The result of a gather. */
export type GatherResult = Static<typeof GatherResult>;

/** A command as the API returns it. */
export const Command = Type.Object(
  {
    object: Type.Literal('command'),
    id: Type.String(),
    callId: Type.String(),
    action: CommandAction,
    state: CommandState,
    /** Why it failed or is uncertain; null otherwise. */
    reason: Type.Union([Type.String(), Type.Null()]),
    issuedAt: Type.String(),
    finishedAt: Type.Union([Type.String(), Type.Null()]),
    /** Gather only: the result once completed. */
    result: Type.Union([GatherResult, Type.Null()]),
  },
  { title: 'Command' },
);
/** A command as the API returns it. */
export type Command = Static<typeof Command>;

const Text = Type.String({ minLength: 1, maxLength: 4000 });
const ParticipantRef = Type.String({ minLength: 1, maxLength: 64 });
const ClipId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });

/** POST /v1/calls/:id/say: reads text to everyone, or to one participant with `participantId`. */
export const SayRequest = Type.Object(
  { text: Text, voice: Type.Optional(Voice), participantId: Type.Optional(ParticipantRef), repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })) },
  { additionalProperties: false },
);
/** Say request body. */
export type SayRequest = Static<typeof SayRequest>;

/** POST /v1/calls/:id/play: plays a stored clip, optionally repeated. */
export const PlayRequest = Type.Object(
  { audioClipId: ClipId, participantId: Type.Optional(ParticipantRef), repeat: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })) },
  { additionalProperties: false },
);
/** Play request body. */
export type PlayRequest = Static<typeof PlayRequest>;

/** A word or short phrase that selects a choice when said (its letters and digits count; punctuation is ignored). */
export const GatherPhrase = Type.String({ minLength: 1, maxLength: 100 });

/**
 * One answer of a gather menu: chosen when the caller presses exactly `digits`, or (input speech) says one
 * of `phrases`. A choice has digits, phrases or both.
 */
export const GatherChoice = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    digits: Type.Optional(Type.String({ pattern: '^[0-9*#]{1,20}$' })),
    phrases: Type.Optional(Type.Array(GatherPhrase, { minItems: 1, maxItems: 10 })),
  },
  { additionalProperties: false },
);
/** One answer of a gather menu. */
export type GatherChoice = Static<typeof GatherChoice>;

/** What a gather listens for. */
export const GatherInput = Type.Union([Type.Literal('dtmf'), Type.Literal('speech')]);

/**
 * POST /v1/calls/:id/gather: reads a question (text or clip) and listens for keys, speech (`input`) or
 * both. It ends when a choice matches, `numDigits` keys came, `finishOnKey` was pressed, an utterance was
 * recognized (outcome speech), `timeoutSeconds` passed without a key or speech, or media/stop is called.
 * The caller speaking or pressing a key during the question stops it (barge-in).
 */
export const GatherRequest = Type.Object(
  {
    text: Type.Optional(Text),
    audioClipId: Type.Optional(ClipId),
    voice: Type.Optional(Voice),
    /** dtmf (default), speech, or both. */
    input: Type.Optional(Type.Array(GatherInput, { minItems: 1, maxItems: 2, uniqueItems: true })),
    numDigits: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
    finishOnKey: Type.Optional(Type.Union([Type.Literal('#'), Type.Literal('*'), Type.Literal('')])),
    timeoutSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 60 })),
    choices: Type.Optional(Type.Array(GatherChoice, { maxItems: 20 })),
  },
  { additionalProperties: false },
);
/** Gather request body. */
export type GatherRequest = Static<typeof GatherRequest>;
