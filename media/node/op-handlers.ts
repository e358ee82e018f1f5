import { addLeg, answerLeg, removeLeg, supersedeTokens, updateLeg } from './ops/leg-ops.js';
import type { OpHandlers } from './ops/op-handler.js';
import { play } from './ops/play.js';
import { startRecording, stopRecording } from './ops/recording-ops.js';
import { say } from './ops/say.js';
import { closeSession, openSession } from './ops/session-ops.js';
import { detectMachine, listen, stopListening } from './ops/speech-ops.js';
import { stopMedia } from './ops/stop-media.js';
import { startTranscription, stopTranscription } from './ops/transcription-ops.js';

/**
 * The media node's op handlers, one per op (the media half of a call verb). The engine looks an op up here;
 * a new verb's op adds its handler module and one line, and the engine does not change.
 */
export const opHandlers: OpHandlers = {
  openSession,
  closeSession,
  addLeg,
  answerLeg,
  updateLeg,
  removeLeg,
  supersedeTokens,
  say,
  play,
  stopMedia,
  startRecording,
  stopRecording,
  listen,
  stopListening,
  detectMachine,
  startTranscription,
  stopTranscription,
};
