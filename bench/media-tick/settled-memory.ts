import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// A full collection before reading the heap, so per-session figures are what stays alive, not garbage;
// the flag is turned on at run time because the benches are started without --expose-gc.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Memory after a full garbage collection, MiB: resident set, JS heap in use, and buffers outside the heap. */
export function settledMemory(): { rssMiB: number; heapUsedMiB: number; externalMiB: number } {
  gc();
  const m = process.memoryUsage();
  const mib = (bytes: number): number => Math.round((bytes / 1048576) * 1000) / 1000;
  return { rssMiB: mib(m.rss), heapUsedMiB: mib(m.heapUsed), externalMiB: mib(m.external) };
}
