import { Type, type Static } from 'typebox';

const Ms = Type.Integer({ minimum: 0, maximum: 3_600_000 });

/**
 * One step of a simulated phone's script. Steps run in order on the media tick (20 ms frames), so
 * their timing is exact; after the last step the phone stays on the line, listening, until hung up.
 */
export const SimStep = Type.Union([
  /** Rings for `ms`, then answers. */
  Type.Object({ step: Type.Literal('answerAfter'), ms: Ms }),
  /** The line is busy (ends the script). */
  Type.Object({ step: Type.Literal('busy') }),
  /** Rings and never answers (ends the script). */
  Type.Object({ step: Type.Literal('noAnswer') }),
  /** Speaks text (real speech). */
  Type.Object({ step: Type.Literal('say'), text: Type.String({ minLength: 1, maxLength: 2000 }), voice: Type.Optional(Type.String({ maxLength: 64 })) }),
  /** Presses keys as DTMF tones. */
  Type.Object({
    step: Type.Literal('dtmf'),
    digits: Type.String({ pattern: '^[0-9*#A-D]{1,64}$' }),
    toneMs: Type.Optional(Type.Integer({ minimum: 40, maximum: 1000 })),
    gapMs: Type.Optional(Type.Integer({ minimum: 40, maximum: 5000 })),
  }),
  /** Plays a pure tone (an answering machine's beep). */
  Type.Object({ step: Type.Literal('tone'), hz: Type.Integer({ minimum: 50, maximum: 3900 }), ms: Ms }),
  /** Stays silent for `ms`. */
  Type.Object({ step: Type.Literal('wait'), ms: Ms }),
  /** Waits until it hears audio (a caller waiting for the waiting tone, a greeting). */
  Type.Object({ step: Type.Literal('waitForAudio') }),
  /** Waits until it has heard audio and then `silenceMs` of silence. */
  Type.Object({ step: Type.Literal('waitForSilence'), silenceMs: Type.Optional(Ms) }),
  /** Repeats what it hears until hung up (ends the script). */
  Type.Object({ step: Type.Literal('echo') }),
  /** Hangs up. */
  Type.Object({ step: Type.Literal('hangup') }),
]);
/** One step of a simulated phone's script. */
export type SimStep = Static<typeof SimStep>;

/** A simulated phone's whole script. */
export const SimScript = Type.Array(SimStep, { minItems: 1, maxItems: 100 });
/** A simulated phone's whole script. */
export type SimScript = Static<typeof SimScript>;
