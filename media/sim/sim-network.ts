import { Value } from 'typebox/value';
import { SimScript } from '../../protocol/media/sim-script.js';
import { BUILT_IN_PHONES, SIM_PREFIX, simNumber } from '../../protocol/media/sim-directory.js';
import { SentralError } from '../../shared/errors/sentral-error.js';

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
    const script = this.phones.get(number) ?? this.phones.get(simNumber(number));
    if (script) return { kind: 'phone', script };
    return simNumber(number).startsWith(SIM_PREFIX) ? { kind: 'notInService' } : { kind: 'notOnNetwork' };
  }
}
