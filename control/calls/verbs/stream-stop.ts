import { Type } from 'typebox';
import { IdParam } from '../../../protocol/api/common.js';
import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { Stream } from '../../../protocol/calls/stream.js';
import { askActor, messageIdFor } from '../requests/actor-requests.js';
import { streamBody } from '../machines/reply-bodies.js';
import { leave } from '../machines/participant-machine.js';
import { defineVerb } from './verb.js';

type StreamStopEvent = Extract<CallRequestEvent, { type: 'stream.stop' }>;

/** streams/stop: the stream's server gets stop (reason stopped), then the socket closes. */
export const streamStopVerb = defineVerb<StreamStopEvent>({
  name: 'streams/stop',
  event: 'stream.stop',
  route: {
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
  },
  live(d, e) {
    const p = d.participant(e.streamId);
    if (!p || p.kind !== 'stream') return d.refuse('not_found', 'streamId');
    leave(d, p, 'stopped', true);
    d.reply(streamBody(d.ctx, p));
  },
});
