import type { MediaOp, MediaOpAnswer } from '../../../protocol/media/media-op.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { Session } from '../../session/session.js';
import { AnsweringMachineDetector } from '../../speech/answering-machine-detector.js';
import { listenToLeg, recognizeLeg } from '../../speech/leg-listener.js';
import type { OpEnv } from './op-handlers.js';

/** What runs for a command on a session's leg: a listen or a detection, stopped with the command or the leg. */
interface Running {
  stop(): void;
}

// Per session, by command id: a repeated op finds its work running, stopListening finds what to stop.
const running = new WeakMap<Session, Map<string, Running>>();

function runningOf(session: Session): Map<string, Running> {
  let map = running.get(session);
  if (map === undefined) running.set(session, (map = new Map()));
  return map;
}

function checkLeg(session: Session, legId: string): void {
  if (!session.hasLeg(legId)) throw new SentralError('media_leg_not_found', { param: 'legId' });
}

/**
 * listen: recognizes one utterance of the leg's speech with the node's recognizer (its helper pool), and
 * publishes speech.started (stopping the command's own playback when `bargeIn`), then speech.recognized or
 * speech.failed. A leg that leaves mid-utterance still gets its final.
 */
export function listen(env: OpEnv, op: Extract<MediaOp, { op: 'listen' }>): MediaOpAnswer {
  const { deps } = env;
  const session = env.session(op.callId);
  checkLeg(session, op.legId);
  const works = runningOf(session);
  if (works.has(op.commandId)) return { ok: true };
  if (deps.recognizer === undefined) throw new SentralError('media_speech_unavailable');
  const recognizer = deps.recognizer();
  const base = { commandId: op.commandId, legId: op.legId };
  let done = false;
  const finish = (): void => {
    if (done) return;
    done = true;
    works.delete(op.commandId);
    recognition?.abort();
  };
  const recognition = recognizeLeg(session, op.legId, recognizer, { ...(op.phrases ? { phrases: op.phrases } : {}), ...(op.endSilenceMs ? { endSilenceMs: op.endSilenceMs } : {}) }, (event) => {
    if (done || session.isClosed) return;
    if (event.type === 'speechStart') {
      if (op.bargeIn) session.stopPlayback(op.commandId);
      deps.publish(op.callId, { type: 'speech.started', ...base });
    } else if (event.type === 'final') {
      finish();
      deps.publish(op.callId, { type: 'speech.recognized', ...base, text: event.text.slice(0, 4000), confidence: event.confidence, phrase: event.phrase });
    } else if (event.type === 'error') {
      finish();
      deps.log.warn({ callId: op.callId, reason: event.message }, 'speech recognition failed');
      deps.publish(op.callId, { type: 'speech.failed', ...base, reason: event.message.slice(0, 200) });
    }
  });
  works.set(op.commandId, { stop: finish });
  return { ok: true };
}

/** stopListening: stops a listen or a detection of the command; nothing more is published for it. */
export function stopListening(env: OpEnv, op: Extract<MediaOp, { op: 'stopListening' }>): MediaOpAnswer {
  const session = env.session(op.callId);
  runningOf(session).get(op.commandId)?.stop();
  return { ok: true };
}

/**
 * detectMachine: runs answering-machine detection (media/speech/answering-machine-detector.ts) on the
 * leg's audio from now; publishes amd.decided, and after a machine with `untilGreetingEnds`,
 * amd.greetingEnded. Detection costs no recognizer: energy and tone filters on the node's thread.
 */
export function detectMachine(env: OpEnv, op: Extract<MediaOp, { op: 'detectMachine' }>): MediaOpAnswer {
  const { deps } = env;
  const session = env.session(op.callId);
  checkLeg(session, op.legId);
  const works = runningOf(session);
  if (works.has(op.commandId)) return { ok: true };
  const detector = new AnsweringMachineDetector({ rate: 16000 });
  const base = { commandId: op.commandId, legId: op.legId };
  const stop = (): void => {
    works.delete(op.commandId);
    tap?.stop();
  };
  const tap = listenToLeg(
    session,
    op.legId,
    (frame) => {
      for (const event of detector.push(frame)) {
        if (event.type === 'decided') {
          deps.publish(op.callId, { type: 'amd.decided', ...base, result: event.result, reason: event.reason, ms: Math.round(event.atMs) });
          if (event.result !== 'machine' || !op.untilGreetingEnds) stop();
        } else {
          deps.publish(op.callId, { type: 'amd.greetingEnded', ...base, by: event.by, ms: Math.round(event.atMs) });
          stop();
        }
      }
    },
    () => works.delete(op.commandId),
  );
  works.set(op.commandId, { stop });
  return { ok: true };
}
