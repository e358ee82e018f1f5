import type { Clock } from '../../shared/clock/clock.js';
import type { Logger } from '../../shared/log/log.js';
import { SentralError, isSentralError } from '../../shared/errors/sentral-error.js';
import type { MediaEventBody } from '../../protocol/media/media-event.js';
import type { MediaOp, MediaOpAnswer } from '../../protocol/media/media-op.js';
import { FRAME_MS } from '../clock/tick-source.js';
import type { ClipStore } from '../clips/clip-store.js';
import type { SpeechSynthesizer } from '../speech/tts.js';
import { espeakVoice } from '../speech/voices.js';
import { Recorder } from '../record/recorder.js';
import type { RecordingStorage } from '../record/recording-storage.js';
import { RoomLeg } from '../room/room-leg.js';
import type { RoomDirectory } from '../room/room-endpoint.js';
import type { SimNetwork } from '../sim/sim-network.js';
import { SimPhoneLeg } from '../sim/sim-phone-leg.js';
import type { Leg, LegContext } from '../session/leg.js';
import type { SipAgent } from '../sip/sip-agent.js';
import { Playback } from '../session/playback.js';
import { Session } from '../session/session.js';

const MIX_RATE = 16000;

/** Builds a stream leg (media/stream/) from addLeg's `stream` settings; throws SentralError when they are wrong. */
export type StreamLegFactory = (request: {
  legId: string;
  callId: string;
  settings: Record<string, unknown>;
  context: LegContext;
}) => Leg;

/** What the engine needs from its node. */
export interface MediaEngineDeps {
  clock: Clock;
  log: Logger;
  /** Publishes an event to the call's mailbox. */
  publish(callId: string, body: MediaEventBody): void;
  sim: SimNetwork;
  /** Renders (and caches) speech. */
  speech: Pick<SpeechSynthesizer, 'render'>;
  clips: ClipStore;
  recordings: RecordingStorage;
  /** 16 kHz audio held legs hear. */
  holdAudio: Int16Array;
  /** The room endpoint's URL, returned for room legs. */
  roomUrl: string;
  /** Legs the node takes at most. */
  capacity: number;
  streamLegs?: StreamLegFactory;
  /** The node's SIP trunk, when configured (phone legs with carrier `sip`). */
  sip?: Pick<SipAgent, 'dial' | 'answerInbound'>;
  /** Counts room audio frames dropped for a client that sends too fast or reads too slowly. */
  roomDrop?: (direction: 'in' | 'out') => void;
}

/**
 * The node's sessions and the control operations on them. Operations answer at once; what happens
 * later (answers, hang-ups, digits, playbacks ending, recordings) is published as events.
 */
export class MediaEngine implements RoomDirectory {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly deps: MediaEngineDeps) {}

  /** Open sessions. */
  get sessionCount(): number {
    return this.sessions.size;
  }

  /** Legs across all sessions (the node's load). */
  get legCount(): number {
    let n = 0;
    for (const s of this.sessions.values()) n += s.legCount;
    return n;
  }

  /** Carries out one operation; a refusal is an answer with a catalogued code, never a throw. */
  async handle(op: MediaOp): Promise<MediaOpAnswer> {
    try {
      return await this.run(op);
    } catch (err) {
      if (isSentralError(err)) return { ok: false, error: { code: err.code, message: err.message } };
      this.deps.log.error({ err, op: op.op, callId: op.callId }, 'media operation failed');
      return { ok: false, error: { code: 'internal_error', message: 'The media node failed to carry out the operation.' } };
    }
  }

  /**
   * One 20 ms frame in two halves: at the deadline every session sends what it prepared on the previous tick
   * (so every leg's frame leaves within the first moments of the tick, whatever the mixing work), then every
   * session prepares the next frame. A failing session is logged and does not stop the others.
   */
  tick(): void {
    for (const session of this.sessions.values()) {
      try {
        session.flush();
      } catch (err) {
        this.deps.log.error({ err, callId: session.callId }, 'session flush failed');
      }
    }
    for (const session of this.sessions.values()) {
      try {
        session.tick();
      } catch (err) {
        this.deps.log.error({ err, callId: session.callId }, 'session tick failed');
      }
    }
  }

  /** Closes every session (node shutdown). */
  closeAll(reason: string): void {
    for (const callId of [...this.sessions.keys()]) this.closeSession(callId, reason);
  }

  roomLeg(callId: string, participantId: string): RoomLeg | undefined {
    const leg = this.sessions.get(callId)?.getLeg(participantId);
    return leg instanceof RoomLeg ? leg : undefined;
  }

  roomLegs(callId: string): RoomLeg[] {
    const session = this.sessions.get(callId);
    if (!session) return [];
    return session.legs().filter((leg): leg is RoomLeg => leg instanceof RoomLeg);
  }

  private async run(op: MediaOp): Promise<MediaOpAnswer> {
    switch (op.op) {
      case 'openSession':
        if (!this.sessions.has(op.callId)) {
          const callId = op.callId;
          this.sessions.set(callId, new Session({ callId, report: (body) => this.deps.publish(callId, body), holdAudio: this.deps.holdAudio }));
        }
        return { ok: true };
      case 'closeSession':
        this.closeSession(op.callId, op.reason ?? 'session closed');
        return { ok: true };
      case 'addLeg':
        return this.addLeg(op);
      case 'updateLeg': {
        const { legId, muted, held, audioMode, whisperTo, listenTo } = op;
        if (!this.session(op.callId).updateLeg(legId, { muted, held, audioMode, whisperTo, listenTo })) {
          throw new SentralError('media_leg_not_found', { param: 'legId' });
        }
        return { ok: true };
      }
      case 'removeLeg':
        // Removing a leg that already went (it hung up first) is not an error: the outcome is the same.
        this.session(op.callId).removeLeg(op.legId, op.reason ?? 'removed');
        return { ok: true };
      case 'say':
        return this.say(op);
      case 'play':
        return this.play(op);
      case 'stopMedia':
        this.session(op.callId).stopPlayback(op.commandId);
        return { ok: true };
      case 'startRecording': {
        const session = this.session(op.callId);
        const writer = await this.deps.recordings.create(op.recordingId, MIX_RATE);
        const callId = op.callId;
        session.addSink(new Recorder(op.recordingId, op.commandId, writer, MIX_RATE, (body) => this.deps.publish(callId, body)));
        return { ok: true };
      }
      case 'stopRecording':
        if (!this.session(op.callId).removeSink(op.recordingId)) throw new SentralError('media_recording_not_found', { param: 'recordingId' });
        return { ok: true };
    }
  }

  private addLeg(op: Extract<MediaOp, { op: 'addLeg' }>): MediaOpAnswer | Promise<MediaOpAnswer> {
    const session = this.session(op.callId);
    if (session.hasLeg(op.legId)) throw new SentralError('media_leg_exists', { param: 'legId' });
    if (this.legCount >= this.deps.capacity) throw new SentralError('media_capacity_exhausted', { retryAfterSeconds: 1 });
    const context = session.contextFor(op.legId);
    let leg: Leg;
    switch (op.kind) {
      case 'phone': {
        if (!op.phone) throw new SentralError('invalid_request', { message: 'A phone leg needs phone.to.', param: 'phone' });
        if (op.phone.carrier === 'sip') return this.addSipLeg(op, session, context);
        const dialled = this.deps.sim.dial(op.phone.to);
        if (dialled.kind !== 'phone') {
          this.deps.publish(op.callId, { type: 'leg.failed', legId: op.legId, reason: dialled.kind === 'notInService' ? 'number not in service' : 'number not reachable' });
          return { ok: true };
        }
        const ringTimeoutFrames = op.phone.ringTimeoutSeconds === undefined ? undefined : (op.phone.ringTimeoutSeconds * 1000) / FRAME_MS;
        leg = new SimPhoneLeg(op.legId, dialled.script, context, (text, voice) => this.deps.speech.render(text, voice, 8000), { ringTimeoutFrames });
        break;
      }
      case 'room':
        if (!op.room) throw new SentralError('invalid_request', { message: 'A room leg needs room.participantKind.', param: 'room' });
        leg = new RoomLeg(op.legId, op.room.participantKind, context, this.deps.roomDrop);
        break;
      case 'stream':
        if (!this.deps.streamLegs) throw new SentralError('capability_unavailable', { message: 'This media node has no stream support.' });
        leg = this.deps.streamLegs({ legId: op.legId, callId: op.callId, settings: op.stream ?? {}, context });
        break;
    }
    session.addLeg(leg);
    session.updateLeg(op.legId, { muted: op.muted, audioMode: op.audioMode, whisperTo: op.whisperTo, listenTo: op.listenTo });
    return op.kind === 'room' ? { ok: true, roomUrl: this.deps.roomUrl } : { ok: true };
  }

  private async addSipLeg(op: Extract<MediaOp, { op: 'addLeg' }>, session: Session, context: LegContext): Promise<MediaOpAnswer> {
    const sip = this.deps.sip;
    if (!sip) throw new SentralError('capability_unavailable', { message: 'This media node has no SIP trunk.' });
    const phone = op.phone!;
    const ringTimeoutTicks = phone.ringTimeoutSeconds === undefined ? undefined : (phone.ringTimeoutSeconds * 1000) / FRAME_MS;
    const leg = phone.answer
      ? await sip.answerInbound(phone.answer, op.legId, context)
      : await sip.dial({ legId: op.legId, to: phone.to, from: phone.from, ringTimeoutTicks, context });
    if (session.isClosed || session.hasLeg(op.legId)) {
      leg.close('session closed');
      throw new SentralError('media_session_not_found', { param: 'callId' });
    }
    session.addLeg(leg);
    session.updateLeg(op.legId, { muted: op.muted, audioMode: op.audioMode, whisperTo: op.whisperTo, listenTo: op.listenTo });
    return { ok: true };
  }

  private say(op: Extract<MediaOp, { op: 'say' }>): MediaOpAnswer {
    const session = this.session(op.callId);
    this.checkTarget(session, op.to);
    // An unknown voice is refused in the answer rather than reported later.
    espeakVoice(op.voice);
    session.expectPlayback(op.commandId);
    this.deps.speech.render(op.text, op.voice, MIX_RATE).then(
      (audio) => session.startPlayback(new Playback(op.commandId, audio, op.to ?? null, op.repeat ?? 1)),
      (err: unknown) => {
        this.deps.log.warn({ err, callId: op.callId }, 'speech could not be rendered');
        session.failPlayback(op.commandId, 'speech could not be rendered');
      },
    );
    return { ok: true };
  }

  private async play(op: Extract<MediaOp, { op: 'play' }>): Promise<MediaOpAnswer> {
    this.checkTarget(this.session(op.callId), op.to);
    const audio = await this.deps.clips.load(op.clipId).catch((err: unknown) => {
      this.deps.log.warn({ err, clipId: op.clipId }, 'clip could not be read');
      return null;
    });
    if (!audio) throw new SentralError('media_clip_not_found', { param: 'clipId' });
    // Looked up again: the session may have closed while the clip was read.
    const session = this.session(op.callId);
    session.expectPlayback(op.commandId);
    session.startPlayback(new Playback(op.commandId, audio, op.to ?? null, op.repeat ?? 1));
    return { ok: true };
  }

  private checkTarget(session: Session, to: string | undefined): void {
    if (to !== undefined && !session.hasLeg(to)) throw new SentralError('media_leg_not_found', { param: 'to' });
  }

  private session(callId: string): Session {
    const session = this.sessions.get(callId);
    if (!session || session.isClosed) throw new SentralError('media_session_not_found', { param: 'callId' });
    return session;
  }

  private closeSession(callId: string, reason: string): void {
    const session = this.sessions.get(callId);
    if (!session) return;
    session.close(reason);
    this.sessions.delete(callId);
  }
}
