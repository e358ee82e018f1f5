import type { CommandAction } from '../../../protocol/calls/command.js';
import type { CallVerb, VerbEvent, VerbPort } from '../context/verb-port.js';

/** The verbs a call machine knows, by mailbox event type and by command action. */
export class VerbRegistry implements VerbPort {
  private readonly byEvent = new Map<string, CallVerb>();
  private readonly byAction = new Map<string, CallVerb>();

  constructor(verbs: readonly CallVerb[]) {
    for (const verb of verbs) {
      if (this.byEvent.has(verb.event)) throw new Error(`two verbs take ${verb.event}`);
      this.byEvent.set(verb.event, verb);
      if (verb.command) {
        if (this.byAction.has(verb.command.action)) throw new Error(`two verbs issue ${verb.command.action}`);
        this.byAction.set(verb.command.action, verb);
      }
    }
  }

  /** Every verb, in registration order. */
  all(): CallVerb[] {
    return [...this.byEvent.values()];
  }

  /** The verb a mailbox event asks for. */
  forEvent(e: VerbEvent | { type: string }): CallVerb | undefined {
    return this.byEvent.get(e.type);
  }

  /** The verb that issued commands of this action. */
  forAction(action: CommandAction | string): CallVerb | undefined {
    return this.byAction.get(action);
  }

  /** A registry with more verbs (a test's throwaway verb, say). */
  with(...verbs: CallVerb[]): VerbRegistry {
    return new VerbRegistry([...this.all(), ...verbs]);
  }
}
