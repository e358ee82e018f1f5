/**
 * A call verb's decision half, as the call machine decides on it (the port it implements:
 * control/calls/context/verb-port.ts). Pure: the verb decides on the draft and emits the media op and the
 * outcome as effects; the host acts. It imports only protocol/, the machines and the error catalogue
 * (test/unit/verb-boundary.test.ts). Its route half, what the API checks, looks up or reserves before it
 * asks the call, is control/api/routes/call-verbs/<verb>-route.ts. The call machine dispatches through the
 * registry (verb-registry.ts). docs/verbs.md says how to add one.
 */
import type { CallVerb, VerbEvent } from '../context/verb-port.js';

/** Defines a verb (typed by its event). */
export function defineVerb<E extends VerbEvent>(verb: CallVerb<E>): CallVerb<E> {
  return verb;
}
