import { callBehaviour } from '../call/call-behaviour.js';
import { createCallMachine } from '../machines/call-machine.js';
import { callVerbs } from '../verbs/call-verbs.js';

/** The call machine with the call's behaviour and verbs: the chart is given them here, so the machines import neither. */
export const callMachine = createCallMachine(callVerbs, callBehaviour);

/** The machines the actor host runs, by the `kind` of `actor.create` (a call actor is created with kind `call`). */
export const callMachines = { call: callMachine } as const;
