import type { SimScript } from './sim-script.js';

/**
 * The prefix of the simulated network's numbers: Ofcom's London range kept for drama (020 7946 0000–0999),
 * valid in the numbering plan, so live keys dial it as they would a real phone, yet never a subscriber.
 */
export const SIM_PREFIX = '+442079460';

// The network's range until 2026-11 (+44 7700 900xxx, valid in no numbering plan): test keys that still
// dial it reach the same phones (documented as deprecated in docs/media.md).
const FORMER_SIM_PREFIX = '+447700900';

/** The number as the simulated network knows it: the former range maps onto the current one, last digits kept. */
export function simNumber(number: string): string {
  return number.startsWith(FORMER_SIM_PREFIX) && number.length === FORMER_SIM_PREFIX.length + 3
    ? SIM_PREFIX + number.slice(FORMER_SIM_PREFIX.length)
    : number;
}

/**
 * The built-in directory of the simulated telephone network. Any other `+442079460xxx` number is not in
 * service (the dial fails); numbers outside the range are not on this network unless defined.
 */
export const BUILT_IN_PHONES: ReadonlyArray<readonly [string, SimScript, string]> = [
  ['+442079460001', [{ step: 'answerAfter', ms: 1000 }, { step: 'say', text: 'Hello, you have reached the test line.' }], 'answers after 1 s, says a greeting, then listens until hung up'],
  ['+442079460002', [{ step: 'busy' }], 'busy'],
  ['+442079460003', [{ step: 'noAnswer' }], 'rings and never answers'],
  [
    '+442079460004',
    [
      { step: 'answerAfter', ms: 1000 },
      { step: 'say', text: 'Hi, this is Sam. Sorry I missed you. Please leave a message after the tone.' },
      { step: 'tone', hz: 1000, ms: 500 },
    ],
    'answering machine: answers after 1 s, a greeting of about 4 s, a 1 kHz beep of 500 ms, then silence',
  ],
  ['+442079460005', [{ step: 'answerAfter', ms: 1000 }, { step: 'wait', ms: 2000 }, { step: 'dtmf', digits: '1234#' }], 'answers after 1 s and 2 s later presses 1 2 3 4 # (DTMF tones)'],
  ['+442079460006', [{ step: 'answerAfter', ms: 1000 }, { step: 'waitForSilence', silenceMs: 1000 }, { step: 'say', text: 'yes' }], 'answers after 1 s, waits for audio followed by 1 s of silence, then says "yes"'],
  ['+442079460007', [{ step: 'answerAfter', ms: 1000 }, { step: 'wait', ms: 5000 }, { step: 'hangup' }], 'answers after 1 s and hangs up 5 s later'],
  ['+442079460008', [{ step: 'answerAfter', ms: 1000 }, { step: 'echo' }], 'answers after 1 s and echoes what it hears'],
  [
    '+442079460009',
    [{ step: 'answerAfter', ms: 1000 }, { step: 'say', text: 'Hello?', voice: 'en-US' }, { step: 'waitForSilence', silenceMs: 1000 }, { step: 'say', text: 'billing', voice: 'en-US' }],
    'a person: answers after 1 s, says "Hello?", waits for a question (audio then 1 s of silence), then says "billing"',
  ],
  [
    '+442079460010',
    [{ step: 'answerAfter', ms: 1000 }, { step: 'say', text: 'You have reached the voicemail of Alex Morgan. I am not available right now, so please leave a message.' }],
    'answering machine without a beep: answers after 1 s, a greeting of about 5 s, then silence',
  ],
  [
    '+442079460011',
    [{ step: 'answerAfter', ms: 1000 }, { step: 'wait', ms: 400 }, { step: 'say', text: 'Hello?', voice: 'en-US' }],
    'a person: answers after 1 s, says "Hello?" 0.4 s later, then waits silently until hung up',
  ],
  [
    '+442079460020',
    [{ step: 'answerAfter', ms: 1000 }, { step: 'waitForSilence', silenceMs: 1000 }, { step: 'say', text: 'good morning', voice: 'en-US' }],
    'a person for live transcription: answers after 1 s, waits for a question (audio then 1 s of silence), says "good morning" (words the embedded recognizer transcribes), then listens until hung up',
  ],
  [
    '+442079460021',
    [{ step: 'answerAfter', ms: 1000 }, { step: 'wait', ms: 500 }, { step: 'say', text: 'good morning', voice: 'en-US' }, { step: 'wait', ms: 1500 }, { step: 'hangup' }],
    'a person for post-call transcripts: answers after 1 s, says "good morning" 0.5 s later, then hangs up 1.5 s after it',
  ],
];
