import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { commandBody } from '../context/reply-bodies.js';
import { admitCommand, issueCommand } from '../machines/command-machine.js';
import { defineVerb } from './verb.js';

type StopMediaEvent = Extract<CallRequestEvent, { type: 'command.stopMedia' }>;

/** media/stop: stops every playback of the call (op stopMedia) and a running gather (as stopped). */
export const mediaStopVerb = defineVerb<StopMediaEvent>({
  name: 'media/stop',
  event: 'command.stopMedia',
  live(d, e) {
    if (!admitCommand(d, e)) return;
    for (const running of d.ctx.commands.filter((c) => c.state === 'issued')) d.verbs.forAction(running.action)?.command?.stop?.(d, running);
    const cmd = issueCommand(d, { id: e.commandId, action: 'media.stop', op: { op: 'stopMedia' }, playback: false, resultWindowMs: 0 });
    d.reply(commandBody(d.ctx, cmd), 201);
  },
  command: { action: 'media.stop', outcome: 'the node acknowledges stopMedia → completed' },
});
