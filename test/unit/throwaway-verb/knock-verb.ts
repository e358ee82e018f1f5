/**
 * A throwaway verb's decision half, written as docs/verbs.md says: `knock` knocks `times` times (its own
 * media op `knock`) and completes when the node reports its own media event `knock.heard`. It imports only
 * the machines and decision halves, as a real one would (a real one also adds its event, action and op to
 * protocol/; this one borrows say's action and casts its op and event).
 */
import { commandBody } from '../../../control/calls/context/reply-bodies.js';
import { admitCommand, finishCommand, issueCommand } from '../../../control/calls/machines/command-machine.js';
import { defineVerb } from '../../../control/calls/verbs/verb.js';
import type { VerbEvent } from '../../../control/calls/context/verb-port.js';

/** The knock's mailbox event. */
export type KnockEvent = VerbEvent & { type: 'command.knock'; commandId: string; times: number };

/** knock: the node knocks; knock.heard completes the command. */
export const knockVerb = defineVerb<KnockEvent>({
  name: 'knock',
  event: 'command.knock',
  live(d, e) {
    if (!admitCommand(d, e)) return;
    const op = { op: 'knock', commandId: e.commandId, times: e.times } as never;
    const cmd = issueCommand(d, { id: e.commandId, action: 'say', op, playback: false, resultWindowMs: 10_000 });
    d.reply(commandBody(d.ctx, cmd), 201);
  },
  command: {
    action: 'say',
    outcome: 'knock.heard → completed',
    onMedia: (d, cmd, e) => ((e as { type: string }).type === 'knock.heard' ? finishCommand(d, cmd, 'completed', null) : undefined),
  },
});
