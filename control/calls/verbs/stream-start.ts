import type { CallRequestEvent } from '../../../protocol/calls/call-actor.js';
import { streamBody } from '../context/reply-bodies.js';
import { launchStream } from '../participants/participant-launch.js';
import { isPresent, isStream } from '../context/participant-records.js';
import { defineVerb } from './verb.js';

type StreamStartEvent = Extract<CallRequestEvent, { type: 'stream.start' }>;

/**
 * streams (start): the media node dials the endpoint's WebSocket server and streams the call's audio (a
 * participant of kind stream). One per call, five at once per company; priced per started minute, reserved
 * by the API up to its maxMinutes.
 */
export const streamStartVerb = defineVerb<StreamStartEvent>({
  name: 'streams/start',
  event: 'stream.start',
  live(d, e) {
    const c = d.ctx;
    const existing = d.participant(e.stream.participantId);
    if (existing !== undefined && isStream(existing)) return d.reply(streamBody(c, existing));
    if (c.status !== 'in_progress') return d.refuse('call_not_answered');
    if (c.participants.some((p) => isStream(p) && isPresent(p))) return d.refuse('stream_limit_reached');
    d.reply(streamBody(c, launchStream(d, e.stream)), 201);
  },
});
