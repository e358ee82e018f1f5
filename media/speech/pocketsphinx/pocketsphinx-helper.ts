/**
 * Entry point of one PocketSphinx helper process (forked by PocketSphinxEngine). It loads the model once,
 * says `ready`, then answers utterance requests one at a time over the IPC channel (structured clone, so
 * audio crosses as an Int16Array). It exits when its parent goes away.
 */
import { SphinxRecognition } from './sphinx-recognition.js';
import type { HelperReply, HelperRequest } from './helper-messages.js';

const send = (reply: HelperReply): void => {
  process.send?.(reply);
};

let recognition: SphinxRecognition;
try {
  recognition = new SphinxRecognition({ modelDir: process.env.SENTRAL_SPEECH_MODEL_DIR || undefined });
  send({ type: 'ready' });
} catch (err) {
  send({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}

process.on('message', (request: HelperRequest) => {
  try {
    const result = recognition.recognize(request.audio, request.phrases);
    send({ type: 'result', id: request.id, result });
  } catch (err) {
    send({ type: 'error', id: request.id, message: err instanceof Error ? err.message : String(err) });
  }
});
process.on('disconnect', () => process.exit(0));
