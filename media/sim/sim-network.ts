import { Value } from 'typebox/value';
import { SimScript } from '../../protocol/media/sim-script.js';
import { SentralError } from '../../shared/errors/sentral-error.js';

/** The prefix of the simulated network's numbers (Ofcom's range reserved for drama: never a real phone). */
export const SIM_PREFIX = '+447700900';

/**
 * The built-in directory of the simulated telephone network. Any other `+447700900xxx` number is not in
 * service (the dial fails); numbers outside the range are not on this network unless defined.
 */
export const BUILT_IN_PHONES: ReadonlyArray<readonly [string, SimScript, string]> = [
  ['+447700900001', [{ step: 'answerAfter', ms: 1000 }, { step: 'say', text: 'Hello, you have reached the test line.' }], 'answers after 1 s, says a greeting, then listens until hung up'],
  ['+447700900002', [{ step: 'busy' }], 'busy'],
  ['+447700900003', [{ step: 'noAnswer' }], 'rings and never answers'],
  [
    '+447700900004',
    [
      { step: 'answerAfter', ms: 1000 },
      { step: 'say', text: 'Hi, this is Sam. Sorry I missed you. Please leave a message after the tone.' },
      { step: 'tone', hz: 1000, ms: 500 },
    ],
    'answering machine: answers after 1 s, a greeting of about 4 s, a 1 kHz beep of 500 ms, then silence',
  ],
  ['+447700900005', [{ step: 'answerAfter', ms: 1000 }, { step: 'wait', ms: 2000 }, { step: 'dtmf', digits: '1234#' }], 'answers after 1 s and 2 s later presses 1 2 3 4 # (DTMF tones)'],
  ['+447700900006', [{ step: 'answerAfter', ms: 1000 }, { step: 'waitForSilence', silenceMs: 1000 }, { step: 'say', text: 'yes' }], 'answers after 1 s, waits for audio followed by 1 s of silence, then says "yes"'],
  ['+447700900007', [{ step: 'answerAfter', ms: 1000 }, { step: 'wait', ms: 5000 }, { step: 'hangup' }], 'answers after 1 s and hangs up 5 s later'],
  ['+447700900008', [{ step: 'answerAfter', ms: 1000 }, { step: 'echo' }], 'answers after 1 s and echoes what it hears'],
];

/** What dialling a number on the simulated network finds. */
export type SimDialResult = { kind: 'phone'; script: SimScript } | { kind: 'notInService' } | { kind: 'notOnNetwork' };

/** The simulated telephone network's directory: built-in phones plus phones defined at runtime. */
export class SimNetwork {
  private readonly phones = new Map<string, SimScript>();

  constructor() {
    for (const [number, script] of BUILT_IN_PHONES) this.phones.set(number, script);
  }

  /** Defines (or redefines) the phone at `number`; a bad number or script is an `invalid_request`. */
  defineSimPhone(number: string, script: unknown): void {
    if (!/^\+[1-9][0-9]{6,14}$/.test(number)) {
      throw new SentralError('invalid_request', { message: 'number must be in E.164 form', param: 'number' });
    }
    if (!Value.Check(SimScript, script)) {
      throw new SentralError('invalid_request', { message: 'script is not a valid list of sim steps', param: 'script' });
    }
    this.phones.set(number, structuredClone(script));
  }

  /** Every line the directory's phones say, so the node can render them before the first call. */
  phrases(): { text: string; voice: string | undefined }[] {
    const out: { text: string; voice: string | undefined }[] = [];
    for (const script of this.phones.values()) for (const s of script) if (s.step === 'say') out.push({ text: s.text, voice: s.voice });
    return out;
  }

  /** What dialling `number` reaches. */
  dial(number: string): SimDialResult {
    const script = this.phones.get(number);
    if (script) return { kind: 'phone', script };
    return number.startsWith(SIM_PREFIX) ? { kind: 'notInService' } : { kind: 'notOnNetwork' };
  }
}
