import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { Stream, StreamStartRequest } from '../../../protocol/calls/stream.js';
import { startStream } from '../requests/call-additions.js';
import { streamBody } from '../machines/reply-bodies.js';
import { isPresent, launchStream } from '../machines/participant-machine.js';
import { defineVerb, type VerbRequest } from './verb.js';

type StreamStartEvent = Extract<CallRequestEvent, { type: 'stream.start' }>;

/**
 * streams (start): the media node dials the endpoint's WebSocket server and streams the call's audio (a
 * participant of kind stream). One per call, five at once per company; priced per started minute, reserved
 * by the API up to its maxMinutes.
 */
export const streamStartVerb = defineVerb<StreamStartEvent>({
  name: 'streams/start',
  event: 'stream.start',
  route: {
    path: 'streams',
    tag: 'streams',
    summary: 'Open a stream of the call to a registered endpoint\'s WebSocket server',
    scope: 'streams:write',
    idempotency: 'optional',
    body: StreamStartRequest,
    response: { 200: Stream, 201: Stream },
    handle: async (r: VerbRequest<StreamStartRequest>) => {
      const started = await startStream(r.calls, r.caller, r.call, r.body, r.idempotencyKey);
      return { status: started.created ? 201 : 200, body: started.stream };
    },
  },
  live(d, e) {
    const c = d.ctx;
    const existing = d.participant(e.stream.participantId);
    if (existing?.kind === 'stream') return d.reply(streamBody(c, existing));
    if (c.status !== 'in_progress') return d.refuse('call_not_answered');
    if (c.participants.some((p) => p.kind === 'stream' && isPresent(p))) return d.refuse('stream_limit_reached');
    d.reply(streamBody(c, launchStream(d, e.stream)), 201);
  },
});
