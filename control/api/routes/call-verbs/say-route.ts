import { Command, SayRequest } from '../../../../protocol/calls/command.js';
import { askCommand } from './command-route.js';
import { checkVoice } from '../../voice-param.js';
import { defineVerbRoute, type VerbRequest } from './verb-route.js';

/** say: POST /v1/calls/:id/say: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/say.ts). */
export const sayRoute = defineVerbRoute({
  verb: 'say',
  path: 'say',
  summary: 'Read text aloud to everyone, or to one participant',
  scope: 'calls:write',
  idempotency: 'required',
  body: SayRequest,
  response: { 201: Command, 200: Command },
  preValidation: checkVoice,
  handle: (r: VerbRequest<SayRequest>) => {
    const { text, voice, participantId, repeat } = r.body;
    return askCommand(r, 'command.say', { text, voice, participantId, repeat });
  },
});
