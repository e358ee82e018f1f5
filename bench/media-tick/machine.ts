import { cpus, loadavg } from 'node:os';

/** What a bench result must say about where it ran: cores, load averages (1/5/15 min), Node version. */
export function machine(): { nproc: number; cpu: string; loadavg: number[]; node: string } {
  return {
    nproc: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
    node: process.version,
  };
}
