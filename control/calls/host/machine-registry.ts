import { createCallMachine } from '../machines/call-machine.js';
import { callVerbs } from '../verbs/call-verbs.js';

/** The call machine with the call verbs: the chart is given its verbs here, so the machines import none. */
export const callMachine = createCallMachine(callVerbs);

/** The machines the actor host runs, by the `kind` of `actor.create` (a call actor is created with kind `call`). */
export const callMachines = { call: callMachine } as const;
