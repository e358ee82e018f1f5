import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { streamBody } from '../context/reply-bodies.js';
import { leave } from '../machines/participant-machine.js';
import { isStream } from '../context/participant-records.js';
import { defineVerb } from './verb.js';

type StreamStopEvent = Extract<CallRequestEvent, { type: 'stream.stop' }>;

/** streams/stop: the stream's server gets stop (reason stopped), then the socket closes. */
export const streamStopVerb = defineVerb<StreamStopEvent>({
  name: 'streams/stop',
  event: 'stream.stop',
  live(d, e) {
    const p = d.participant(e.streamId);
    if (!p || !isStream(p)) return d.refuse('not_found', 'streamId');
    leave(d, p, 'stopped', true);
    d.reply(streamBody(d.ctx, p));
  },
});
