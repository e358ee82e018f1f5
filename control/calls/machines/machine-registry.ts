import { callMachine } from './call-machine.js';

/** The machines the actor host runs, by the `kind` of `actor.create` (a call actor is created with kind `call`). */
export const callMachines = { call: callMachine } as const;
