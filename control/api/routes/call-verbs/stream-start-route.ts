import { Stream, StreamStartRequest } from '../../../../protocol/calls/stream.js';
import { startStream } from '../../../calls/requests/call-additions.js';
import { defineVerbRoute, type VerbRequest } from './verb-route.js';

/** streams/start: POST /v1/calls/:id/streams: what the API checks and reserves before it asks the call (the decision: control/calls/verbs/stream-start.ts). */
export const streamStartRoute = defineVerbRoute({
  verb: 'streams/start',
  path: 'streams',
  tag: 'streams',
  summary: 'Open a stream of the call to a registered endpoint\'s WebSocket server',
  scope: 'streams:write',
  idempotency: 'required',
  prices: ['streamMinuteOre'],
  body: StreamStartRequest,
  response: { 200: Stream, 201: Stream },
  handle: async (r: VerbRequest<StreamStartRequest>) => {
    const started = await startStream(r.calls, r.caller, r.call, r.body, r.idempotencyKey);
    return { status: started.created ? 201 : 200, body: started.stream };
  },
});
