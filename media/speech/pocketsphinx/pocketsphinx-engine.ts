/**
 * The embedded recognizer: a pool of long-lived PocketSphinx helper processes per media node. Each helper
 * loads the model once and decodes one utterance at a time; utterances queue in order of arrival and go to
 * the first idle helper. Decoding never runs on the media node's thread, so the 20 ms tick is not held up.
 *
 * A helper that crashes or takes longer than `timeoutMs` is killed and replaced; its utterance fails (the
 * stream reports an `error` for it). An utterance that no helper has taken within `timeoutMs` (helpers
 * restarting, or all busy) fails too, so a stream waiting for its finals never waits for ever. When helpers
 * cannot even start (library or model missing), every utterance fails at once with that reason instead of
 * queueing.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Clock, Timer } from '../../../shared/clock/clock.js';
import { realClock } from '../../../shared/clock/real-clock.js';
import type { EngineResult, RecognitionRequest, UtteranceEngine } from '../recognizer.js';
import type { HelperReply, HelperRequest } from './helper-messages.js';

/** Options of the PocketSphinx engine. */
export interface PocketSphinxEngineOptions {
  /** Helper processes (default 2): at most this many utterances are decoded at once. */
  helpers?: number;
  /** A decode taking longer fails and its helper is replaced; so does a wait for a free helper (default 30 s). */
  timeoutMs?: number;
  /** Most utterances waiting for a helper (default 256); more fail at once. */
  maxQueue?: number;
  /** Model directory (default Debian's). */
  modelDir?: string;
  clock?: Clock;
}

interface Job {
  id: number;
  audio: Int16Array;
  phrases: string[] | undefined;
  resolve: (r: EngineResult) => void;
  reject: (e: Error) => void;
  /** Fails the job if it is still queued after timeoutMs. */
  waiting: Timer | null;
}

interface Helper {
  child: ChildProcess;
  ready: boolean;
  job: Job | null;
  timer: Timer | null;
}

const HELPER_ENTRY = fileURLToPath(new URL('./pocketsphinx-helper.ts', import.meta.url));

/** PocketSphinx through helper processes. */
export class PocketSphinxEngine implements UtteranceEngine {
  readonly name = 'pocketsphinx';
  private readonly helpers = new Set<Helper>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Why helpers cannot start, once one has failed to load its model. */
  private broken: string | null = null;
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly maxQueue: number;
  private readonly clock: Clock;

  constructor(private readonly opts: PocketSphinxEngineOptions = {}) {
    this.size = Math.max(1, opts.helpers ?? 2);
    this.timeoutMs = opts.timeoutMs ?? 30_000;
    this.maxQueue = opts.maxQueue ?? 256;
    this.clock = opts.clock ?? realClock;
    for (let i = 0; i < this.size; i++) this.spawn();
  }

  recognize(audio: Int16Array, request: RecognitionRequest): Promise<EngineResult> {
    if (this.closed) return Promise.reject(new Error('The recognizer is closed.'));
    if (this.broken !== null) return Promise.reject(new Error(`The recognizer is unavailable: ${this.broken}`));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new Error('The recognizer is overloaded.'));
    return new Promise<EngineResult>((resolve, reject) => {
      const job: Job = { id: this.nextId++, audio, phrases: request.phrases ? [...request.phrases] : undefined, resolve, reject, waiting: null };
      job.waiting = this.clock.setTimer(this.timeoutMs, () => {
        job.waiting = null;
        const at = this.queue.indexOf(job);
        if (at < 0) return;
        this.queue.splice(at, 1);
        job.reject(new Error(`No recognizer helper was free within ${this.timeoutMs} ms.`));
      });
      this.queue.push(job);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.takeQueue()) job.reject(new Error('The recognizer is closed.'));
    const exits = [...this.helpers].map((h) => this.stop(h, new Error('The recognizer is closed.')));
    await Promise.all(exits);
  }

  /** Starts one helper process. */
  private spawn(): void {
    const child = fork(HELPER_ENTRY, [], {
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: { ...process.env, ...(this.opts.modelDir ? { SENTRAL_SPEECH_MODEL_DIR: this.opts.modelDir } : {}) },
    });
    const helper: Helper = { child, ready: false, job: null, timer: null };
    this.helpers.add(helper);
    child.on('message', (reply: HelperReply) => this.onReply(helper, reply));
    child.on('error', () => undefined);
    child.on('exit', () => this.onExit(helper));
  }

  private onReply(helper: Helper, reply: HelperReply): void {
    if (reply.type === 'ready') {
      helper.ready = true;
      this.dispatch();
      return;
    }
    if (reply.type === 'failed') {
      this.broken = reply.message;
      for (const job of this.takeQueue()) job.reject(new Error(`The recognizer is unavailable: ${reply.message}`));
      return;
    }
    const job = helper.job;
    if (job === null || job.id !== reply.id) return;
    helper.job = null;
    helper.timer?.cancel();
    helper.timer = null;
    if (reply.type === 'result') job.resolve(reply.result);
    else job.reject(new Error(reply.message));
    this.dispatch();
  }

  private onExit(helper: Helper): void {
    this.helpers.delete(helper);
    helper.timer?.cancel();
    helper.job?.reject(new Error('The recognizer helper stopped while decoding.'));
    helper.job = null;
    if (!this.closed && this.broken === null) this.spawn();
  }

  /** Gives queued utterances to idle helpers. */
  private dispatch(): void {
    for (const helper of this.helpers) {
      if (this.queue.length === 0) return;
      if (!helper.ready || helper.job !== null) continue;
      const job = this.queue.shift()!;
      job.waiting?.cancel();
      job.waiting = null;
      helper.job = job;
      helper.timer = this.clock.setTimer(this.timeoutMs, () => {
        helper.timer = null;
        void this.stop(helper, new Error(`Recognition took longer than ${this.timeoutMs} ms.`));
      });
      const message: HelperRequest = { id: job.id, audio: job.audio, phrases: job.phrases };
      helper.child.send(message);
    }
  }

  /** Empties the queue, its jobs' waits cancelled. */
  private takeQueue(): Job[] {
    const jobs = this.queue.splice(0);
    for (const job of jobs) job.waiting?.cancel();
    return jobs;
  }

  /** Kills a helper, failing its utterance with `reason`; resolves when it has exited. */
  private stop(helper: Helper, reason: Error): Promise<void> {
    const job = helper.job;
    helper.job = null;
    job?.reject(reason);
    if (helper.child.exitCode !== null || helper.child.signalCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      helper.child.once('exit', () => resolve());
      helper.child.kill('SIGKILL');
    });
  }
}
