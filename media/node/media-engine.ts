import type { Clock } from '../../shared/clock/clock.js';
import type { Logger } from '../../shared/log/log.js';
import { SentralError, isSentralError } from '../../shared/errors/sentral-error.js';
import type { MediaEventBody } from '../../protocol/media/media-event.js';
import type { MediaOp, MediaOpAnswer } from '../../protocol/media/media-op.js';
import type { ClipStore } from '../clips/clip-store.js';
import type { SpeechSynthesizer } from '../speech/tts.js';
import type { Recognizer } from '../speech/recognizer.js';
import type { RecordingStorage } from '../record/recording-storage.js';
import { RoomArrivals } from '../room/room-arrivals.js';
import { RoomLeg } from '../room/room-leg.js';
import type { RoomDirectory } from '../room/room-endpoint.js';
import type { SimNetwork } from '../sim/sim-network.js';
import type { Leg, LegContext } from '../session/leg.js';
import type { SipAgent } from '../sip/sip-agent.js';
import { Session } from '../session/session.js';
import { opHandlers, type OpEnv, type OpHandler } from './ops/op-handlers.js';

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
  /** The node's speech recognizer, made on first use (its helper processes start then); absent: none. */
  recognizer?: () => Recognizer;
  recordings: RecordingStorage;
  /** 16 kHz audio held legs hear. */
  holdAudio: Int16Array;
  /** The room endpoint's URL, returned for room legs. */
  roomUrl: string;
  /** Legs the node takes at most. */
  capacity: number;
  streamLegs?: StreamLegFactory;
  /** The node's SIP trunk, when configured (phone legs with carrier `sip`). */
  sip?: Pick<SipAgent, 'dial' | 'answerInbound' | 'takeInbound' | 'reaches'>;
  /** Counts room audio frames dropped for a client that sends too fast or reads too slowly. */
  roomDrop?: (direction: 'in' | 'out') => void;
  /** Told when the first session opens (true) and the last one closes (false): the node ticks only while busy. */
  busy?: (busy: boolean) => void;
  /** The node's TickSource.due: legs call it after each message they read. */
  tickDue?: () => void;
}

/**
 * The node's sessions and the control operations on them, each carried out by its handler (op-handlers.ts).
 * Operations answer at once; what happens later (answers, hang-ups, digits, playbacks ending, recordings) is
 * published as events, and so is the op's own outcome when it was refused or an acknowledgement was asked for.
 */
export class MediaEngine implements RoomDirectory {
  private readonly sessions = new Map<string, Session>();
  private readonly arrivals = new RoomArrivals();
  private readonly idleWaiters: Array<() => void> = [];
  private draining = false;

  private readonly env: OpEnv;

  constructor(private readonly deps: MediaEngineDeps) {
    this.env = {
      deps,
      session: (callId) => this.session(callId),
      openSession: (callId) => {
        // A draining node takes no new call (the picker no longer offers it; this closes the race).
        if (this.draining && !this.sessions.has(callId)) throw new SentralError('media_unavailable', { retryAfterSeconds: 1 });
        if (this.sessions.has(callId)) return;
        this.sessions.set(callId, new Session({ callId, report: (body) => deps.publish(callId, body), holdAudio: deps.holdAudio, ...(deps.tickDue !== undefined ? { tickDue: deps.tickDue } : {}) }));
        if (this.sessions.size === 1) deps.busy?.(true);
      },
      closeSession: (callId, reason) => this.closeSession(callId, reason),
      legCount: () => this.legCount,
      roomLegAdded: (callId, leg) => this.arrivals.arrived(callId, leg),
    };
  }

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
    const answer = await this.run(op);
    // The one way an op's outcome reaches the call: a refusal always, an acknowledgement when asked for.
    if (!answer.ok || op.ack === true) {
      this.deps.publish(op.callId, { type: 'media.op.result', opId: op.opId, ok: answer.ok, ...(answer.ok ? {} : { code: answer.error.code }) });
    }
    return answer;
  }

  private async run(op: MediaOp): Promise<MediaOpAnswer> {
    try {
      const handler = opHandlers[op.op] as OpHandler;
      return await handler(this.env, op);
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

  /** From now on no new session opens (the node is draining); open ones go on. */
  drain(): void {
    this.draining = true;
  }

  /** Whether the node is draining. */
  get isDraining(): boolean {
    return this.draining;
  }

  /** The calls with an open session. */
  get callIds(): string[] {
    return [...this.sessions.keys()];
  }

  /** Resolves once no session is open (at once when none is). */
  whenIdle(): Promise<void> {
    if (this.sessions.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Closes every session (node shutdown). */
  closeAll(reason: string): void {
    for (const callId of [...this.sessions.keys()]) this.closeSession(callId, reason);
  }

  /** The open session of a call, if any. */
  sessionFor(callId: string): Session | undefined {
    return this.sessions.get(callId);
  }

  roomLeg(callId: string, participantId: string): RoomLeg | undefined {
    const leg = this.sessions.get(callId)?.getLeg(participantId);
    return leg instanceof RoomLeg ? leg : undefined;
  }

  whenRoomLeg(callId: string, participantId: string, listener: (leg: RoomLeg) => void): () => void {
    return this.arrivals.wait(callId, participantId, listener);
  }

  roomLegGone(callId: string, participantId: string): boolean {
    return this.sessions.get(callId)?.hadLeg(participantId) ?? false;
  }

  roomLegs(callId: string): RoomLeg[] {
    const session = this.sessions.get(callId);
    if (!session) return [];
    return session.legs().filter((leg): leg is RoomLeg => leg instanceof RoomLeg);
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
    if (this.sessions.size > 0) return;
    this.deps.busy?.(false);
    for (const resolve of this.idleWaiters.splice(0)) resolve();
  }
}
