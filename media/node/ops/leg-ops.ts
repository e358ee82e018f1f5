import type { MediaOp, MediaOpAnswer } from '../../../protocol/media/media-op.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { FRAME_MS } from '../../clock/tick-source.js';
import { LinkLeg } from '../../link/link-leg.js';
import { RoomLeg } from '../../room/room-leg.js';
import type { Leg, LegContext } from '../../session/leg.js';
import type { Session } from '../../session/session.js';
import { SimPhoneLeg } from '../../sim/sim-phone-leg.js';
import type { OpEnv } from './op-handlers.js';

/**
 * addLeg: a phone leg dials its carrier (simulated network or SIP trunk), a room leg waits for its client, a
 * stream leg dials the customer, a link leg joins another call's room (a moved caller).
 */
export function addLeg(env: OpEnv, op: Extract<MediaOp, { op: 'addLeg' }>): MediaOpAnswer | Promise<MediaOpAnswer> {
  const { deps } = env;
  const session = env.session(op.callId);
  if (session.hasLeg(op.legId)) throw new SentralError('media_leg_exists', { param: 'legId' });
  if (env.legCount() >= deps.capacity) throw new SentralError('media_capacity_exhausted', { retryAfterSeconds: 1 });
  const context = session.contextFor(op.legId);
  let leg: Leg;
  switch (op.kind) {
    case 'phone': {
      if (!op.phone) throw new SentralError('invalid_request', { message: 'A phone leg needs phone.to.', param: 'phone' });
      // A live leg without an explicit carrier goes over the trunk when the node has one that reaches the number.
      if (op.phone.carrier === 'sip' || (op.phone.inbound !== true && op.phone.carrier === undefined && op.phone.live === true && deps.sip?.reaches(op.phone.to))) {
        return addSipLeg(env, op, session, context);
      }
      const dialled = deps.sim.dial(op.phone.to);
      if (dialled.kind !== 'phone') {
        deps.publish(op.callId, { type: 'leg.failed', legId: op.legId, reason: dialled.kind === 'notInService' ? 'number not in service' : 'number not reachable' });
        return { ok: true };
      }
      const ringTimeoutFrames = op.phone.ringTimeoutSeconds === undefined ? undefined : (op.phone.ringTimeoutSeconds * 1000) / FRAME_MS;
      // A caller calling in rings until answerLeg; its phone's script runs from when it called.
      leg = new SimPhoneLeg(op.legId, dialled.script, context, (text, voice) => deps.speech.render(text, voice, 8000), {
        ringTimeoutFrames,
        callingIn: op.phone.inbound === true,
      });
      break;
    }
    case 'room':
      if (!op.room) throw new SentralError('invalid_request', { message: 'A room leg needs room.participantKind.', param: 'room' });
      leg = new RoomLeg(op.legId, op.room.participantKind, context, deps.roomDrop);
      break;
    case 'stream':
      if (!deps.streamLegs) throw new SentralError('capability_unavailable', { message: 'This media node has no stream support.' });
      leg = deps.streamLegs({ legId: op.legId, callId: op.callId, settings: op.stream ?? {}, context });
      break;
    case 'link':
      if (!op.link) throw new SentralError('invalid_request', { message: 'A link leg needs link.url and link.token.', param: 'link' });
      if (!/^wss?:\/\//.test(op.link.url)) throw new SentralError('invalid_request', { message: 'A link leg joins a room over ws or wss.', param: 'link.url' });
      leg = new LinkLeg(op.legId, op.link, context);
      break;
  }
  session.addLeg(leg);
  session.updateLeg(op.legId, { muted: op.muted, audioMode: op.audioMode, whisperTo: op.whisperTo, listenTo: op.listenTo });
  if (leg instanceof RoomLeg) env.roomLegAdded(op.callId, leg);
  return op.kind === 'room' ? { ok: true, roomUrl: deps.roomUrl } : { ok: true };
}

async function addSipLeg(env: OpEnv, op: Extract<MediaOp, { op: 'addLeg' }>, session: Session, context: LegContext): Promise<MediaOpAnswer> {
  const sip = env.deps.sip;
  if (!sip) throw new SentralError('capability_unavailable', { message: 'This media node has no SIP trunk.' });
  const phone = op.phone!;
  const ringTimeoutTicks = phone.ringTimeoutSeconds === undefined ? undefined : (phone.ringTimeoutSeconds * 1000) / FRAME_MS;
  if (phone.inbound === true && !phone.answer) throw new SentralError('invalid_request', { message: 'An inbound SIP caller needs phone.answer (its offer id).', param: 'phone.answer' });
  // An inbound call's caller rings until answerLeg; an offer answered outright (phone.answer alone) is answered now.
  const leg = phone.answer
    ? await (phone.inbound === true ? sip.takeInbound(phone.answer, op.legId, context) : sip.answerInbound(phone.answer, op.legId, context))
    : await sip.dial({ legId: op.legId, to: phone.to, from: phone.from, ringTimeoutTicks, context });
  if (session.isClosed || session.hasLeg(op.legId)) {
    leg.close('session closed');
    throw new SentralError('media_session_not_found', { param: 'callId' });
  }
  session.addLeg(leg);
  session.updateLeg(op.legId, { muted: op.muted, audioMode: op.audioMode, whisperTo: op.whisperTo, listenTo: op.listenTo });
  return { ok: true };
}

/** answerLeg: answers a leg that is calling in (an inbound call's caller); it reports leg.answered. */
export function answerLeg(env: OpEnv, op: Extract<MediaOp, { op: 'answerLeg' }>): MediaOpAnswer {
  const leg = env.session(op.callId).getLeg(op.legId);
  if (!leg) throw new SentralError('media_leg_not_found', { param: 'legId' });
  if (!leg.answer) throw new SentralError('invalid_request', { message: 'This leg is not calling in.', param: 'legId' });
  leg.answer();
  return { ok: true };
}

/** updateLeg: changes how a leg takes part in the mix. */
export function updateLeg(env: OpEnv, op: Extract<MediaOp, { op: 'updateLeg' }>): MediaOpAnswer {
  const { legId, muted, held, audioMode, whisperTo, listenTo } = op;
  if (!env.session(op.callId).updateLeg(legId, { muted, held, audioMode, whisperTo, listenTo })) {
    throw new SentralError('media_leg_not_found', { param: 'legId' });
  }
  return { ok: true };
}

/** supersedeTokens: a room participant's tokens older than `generation` stop working, and a connection made with one closes. */
export function supersedeTokens(env: OpEnv, op: Extract<MediaOp, { op: 'supersedeTokens' }>): MediaOpAnswer {
  const leg = env.session(op.callId).getLeg(op.legId);
  if (!(leg instanceof RoomLeg)) throw new SentralError('media_leg_not_found', { param: 'legId' });
  leg.supersede(op.generation);
  return { ok: true };
}

/** removeLeg: hangs up, disconnects or stops a leg; one that already went is not an error (the outcome is the same). */
export function removeLeg(env: OpEnv, op: Extract<MediaOp, { op: 'removeLeg' }>): MediaOpAnswer {
  env.session(op.callId).removeLeg(op.legId, op.reason ?? 'removed');
  return { ok: true };
}
