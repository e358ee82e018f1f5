import type { Worker } from 'node:worker_threads';
import { errorCatalogue, type ErrorCode } from '../../shared/errors/catalogue.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { typescriptWorker } from '../../shared/threads/typescript-worker.js';
import type { DecodedClip } from './clip-decoding.js';

/** One upload sent to the decoder thread. */
export interface DecodeJob {
  id: number;
  wav: Uint8Array;
}

/** The decoder thread's answer to one job. */
export type DecodeResult =
  | ({ id: number; ok: true } & DecodedClip)
  | { id: number; ok: false; code: string; message: string; param?: string };

interface Waiter {
  resolve(clip: DecodedClip): void;
  reject(err: Error): void;
}

/**
 * Decodes and resamples uploads on a worker thread: resampling minutes of audio takes seconds of CPU, which
 * would otherwise stall every other request of the API process. The thread starts on first use, takes jobs
 * in order, and is started again after a crash (the jobs it held fail with internal_error).
 */
export class ClipDecoder {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiter>();
  private nextId = 1;
  private closed = false;

  /** Decodes a WAV upload into 16 kHz samples; rejects with the catalogued error decodeClip would throw. */
  decode(wav: Buffer): Promise<DecodedClip> {
    if (this.closed) return Promise.reject(new SentralError('service_unavailable', { message: 'The clip decoder is shut down.' }));
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<DecodedClip>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      const job: DecodeJob = { id, wav };
      worker.postMessage(job);
    });
  }

  /** Stops the thread; jobs still waiting fail. */
  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    this.failAll(new SentralError('service_unavailable', { message: 'The clip decoder is shut down.' }));
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = typescriptWorker(new URL('./clip-decoder-thread.ts', import.meta.url));
    // The API server keeps the process alive; an idle decoder thread must not.
    worker.unref();
    worker.on('message', (result: DecodeResult) => this.settle(result));
    worker.on('error', (err) => this.lost(worker, err));
    worker.on('exit', (code) => this.lost(worker, new Error(`clip decoder thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  private settle(result: DecodeResult): void {
    const waiter = this.waiting.get(result.id);
    if (!waiter) return;
    this.waiting.delete(result.id);
    if (result.ok) {
      waiter.resolve({ samples: result.samples, sourceSampleRate: result.sourceSampleRate, sourceChannels: result.sourceChannels });
      return;
    }
    const code: ErrorCode = result.code in errorCatalogue ? (result.code as ErrorCode) : 'internal_error';
    waiter.reject(new SentralError(code, { message: result.message, ...(result.param !== undefined ? { param: result.param } : {}) }));
  }

  private lost(worker: Worker, cause: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.failAll(new SentralError('internal_error', { message: 'The audio could not be decoded.', cause }));
  }

  private failAll(err: Error): void {
    const waiters = [...this.waiting.values()];
    this.waiting.clear();
    for (const w of waiters) w.reject(err);
  }
}
