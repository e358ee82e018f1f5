import { IdParam } from '../../../../protocol/api/common.js';
import { Stream } from '../../../../protocol/calls/stream.js';
import { Type } from 'typebox';
import { askActor, messageIdFor } from '../../../calls/mailbox/call-mailbox.js';
import { defineVerbRoute } from './verb-route.js';

/** streams/stop: POST /v1/calls/:id/streams/:streamId/stop: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/stream-stop.ts). */
export const streamStopRoute = defineVerbRoute({
  verb: 'streams/stop',
  path: 'streams/:streamId/stop',
  tag: 'streams',
  summary: 'Stop a stream (its server gets stop, then the socket closes)',
  scope: 'streams:write',
  idempotency: 'optional',
  params: Type.Object({ streamId: IdParam }),
  response: { 200: Stream },
  handle: async (r) => {
    const answer = await askActor(r.calls.actors, r.call.id, {
      id: messageIdFor(r.caller, r.idempotencyKey, 'stream.stop'),
      type: 'stream.stop',
      payload: { streamId: r.params.streamId },
    });
    return { status: 200, body: answer.body };
  },
});
