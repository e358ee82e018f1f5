import { Command } from '../../../../protocol/calls/command.js';
import { askCommand } from './command-route.js';
import { defineVerbRoute } from './verb-route.js';

/** media/stop: POST /v1/calls/:id/media/stop: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/media-stop.ts). */
export const mediaStopRoute = defineVerbRoute({
  verb: 'media/stop',
  path: 'media/stop',
  summary: 'Stop audio that is playing (and a running gather, as stopped)',
  scope: 'calls:write',
  idempotency: 'optional',
  response: { 201: Command, 200: Command },
  handle: (r) => askCommand(r, 'command.stopMedia', {}),
});
