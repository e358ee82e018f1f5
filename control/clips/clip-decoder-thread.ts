/**
 * The worker-thread side of ClipDecoder: decodes one upload per message and answers with the samples
 * (transferred, not copied) or the catalogued error.
 */
import { parentPort } from 'node:worker_threads';
import { isSentralError } from '../../shared/errors/sentral-error.js';
import { decodeClip } from './clip-decoding.js';
import type { DecodeJob, DecodeResult } from './clip-decoder.js';

const port = parentPort;
if (port === null) throw new Error('clip-decoder-thread runs only as a worker thread');

port.on('message', (job: DecodeJob) => {
  let result: DecodeResult;
  try {
    const decoded = decodeClip(Buffer.from(job.wav.buffer, job.wav.byteOffset, job.wav.byteLength));
    result = { id: job.id, ok: true, ...decoded };
    port.postMessage(result, [decoded.samples.buffer as ArrayBuffer]);
    return;
  } catch (err) {
    result = isSentralError(err)
      ? { id: job.id, ok: false, code: err.code, message: err.message, ...(err.param !== undefined ? { param: err.param } : {}) }
      : { id: job.id, ok: false, code: 'internal_error', message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(result);
});
