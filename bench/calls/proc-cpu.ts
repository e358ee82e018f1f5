/** CPU a process has used, read from /proc (Linux): what benchmarks charge to sentral's dependencies. */
import { readFileSync, readdirSync } from 'node:fs';

// USER_HZ: the unit of utime/stime in /proc/<pid>/stat (100 on every Linux this runs on).
const TICK_MS = 10;

/** User + system CPU of process `pid` in ms; 0 when it is gone. */
export function procCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** Pids of the processes whose command line contains every one of `parts`. */
export function pidsOf(...parts: string[]): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (parts.every((p) => cmdline.includes(p))) pids.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}
