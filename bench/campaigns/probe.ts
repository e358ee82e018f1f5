/**
 * The campaigns benchmark's other customer, a process of its own (as a customer's client is): reads
 * `path` with `key` every `everyMs` until told to stop, then reports each read's start (wall-clock ms)
 * and latency over IPC.
 */
import { performance } from 'node:perf_hooks';

/** What the benchmark asks of the probe. */
export interface ProbeJob {
  url: string;
  key: string;
  everyMs: number;
}

/** What it answers when stopped: one sample per read, or the first failure. */
export type ProbeResult = { ok: true; samples: Array<{ at: number; ms: number }> } | { ok: false; error: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let probing = true;
let done: Promise<void> | undefined;
let failure: string | undefined;
const samples: Array<{ at: number; ms: number }> = [];

process.on('message', async (message: ProbeJob | 'stop') => {
  if (message !== 'stop') {
    const job = message;
    done = (async () => {
      while (probing) {
        const t0 = performance.now();
        const res = await fetch(job.url, { headers: { authorization: `Bearer ${job.key}` } });
        await res.text();
        if (res.status !== 200) throw new Error(`GET ${job.url}: ${res.status}`);
        samples.push({ at: performance.timeOrigin + t0, ms: performance.now() - t0 });
        await sleep(job.everyMs);
      }
    })().catch((err: unknown) => void (failure = String(err)));
    return;
  }
  probing = false;
  await done;
  const result: ProbeResult = failure === undefined ? { ok: true, samples } : { ok: false, error: failure };
  process.send!(result, () => process.exit(0));
});
