/**
 * The SMS benchmark's load generator, a process of its own (as a customer's client is): runs `count` POSTs
 * with `concurrency` in flight and reports requests per second over IPC. Each request's body is the
 * template with every `{i}` in it replaced by the request's number; sends carry a fresh Idempotency-Key.
 * The messaging benchmark uses it too.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

/** What the benchmark asks of the load generator. */
export interface LoadJob {
  url: string;
  key: string;
  count: number;
  concurrency: number;
  idempotent: boolean;
  body: Record<string, unknown>;
  /** Keys and bodies to cycle through, request by request, instead of `key` and `body`. */
  targets?: { key: string; body: Record<string, unknown> }[];
}

/** What it answers: requests per second, or the first failure. */
export type LoadResult = { ok: true; perSecond: number } | { ok: false; error: string };

process.on('message', async (job: LoadJob) => {
  const targets = (job.targets ?? [{ key: job.key, body: job.body }]).map((t) => ({ auth: `Bearer ${t.key}`, template: JSON.stringify(t.body) }));
  let next = 0;
  const t0 = performance.now();
  try {
    await Promise.all(Array.from({ length: job.concurrency }, async () => {
      while (next < job.count) {
        const i = next++;
        const target = targets[i % targets.length]!;
        const res = await fetch(job.url, {
          method: 'POST',
          headers: { authorization: target.auth, 'content-type': 'application/json', ...(job.idempotent ? { 'idempotency-key': randomUUID() } : {}) },
          body: target.template.replaceAll('{i}', String(i)),
        });
        const text = await res.text();
        if (res.status >= 300) throw new Error(`request failed: ${res.status} ${text}`);
      }
    }));
    process.send!({ ok: true, perSecond: job.count / ((performance.now() - t0) / 1000) } satisfies LoadResult);
  } catch (err) {
    process.send!({ ok: false, error: String(err) } satisfies LoadResult);
  }
});
