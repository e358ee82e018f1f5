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

/** CPU ms so far of each PostgreSQL backend serving `sql`'s database (on this machine), by pid. */
export async function backendsCpuMs(sql: (strings: TemplateStringsArray) => Promise<readonly { pid: number }[]>): Promise<Map<number, number>> {
  const rows = await sql`select pid from pg_stat_activity where datname = current_database()`;
  return new Map(rows.map(({ pid }) => [pid, procCpuMs(pid)]));
}

/** The backends' CPU ms between two readings (backends that ended meanwhile are not counted). */
export function backendsCpuSince(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
