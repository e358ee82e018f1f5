/**
 * A PostgreSQL primary with a hot standby on free loopback ports, for failover tests: the standby is made
 * by `pg_basebackup -R` and streams from the primary; with `synchronous` (the default) the primary names
 * it in synchronous_standby_names, so a commit is acknowledged only once the standby has it. The pair is
 * run by Debian's binaries as the postgres user (tests run as root). `killPrimary` is a crash (SIGKILL of
 * the postmaster and every backend: no shutdown, no goodbye to clients), `promoteStandby` what an operator
 * or Patroni does next. `destroy` stops whatever still runs and removes the folders.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asPostgres, freePort, postgresBinDir, waitForPort } from '../support/private-services.js';

/** One server of the pair. */
export interface PostgresNode {
  readonly port: number;
  /** A single-host URL of this server (superuser postgres, database postgres). */
  readonly url: string;
  readonly dataDir: string;
}

/** What `postgresPair` takes. */
export interface PostgresPairOptions {
  /** The primary waits for the standby before it acknowledges a commit (default true). */
  synchronous?: boolean;
}

/** A running primary and standby. */
export interface PostgresPair {
  readonly primary: PostgresNode;
  readonly standby: PostgresNode;
  /** `postgres://postgres@primary,standby/<database>?target_session_attrs=read-write`, as an operator writes it. */
  url(database?: string): string;
  /** Crashes the primary: every process of it is killed at once. */
  killPrimary(): Promise<void>;
  /** Promotes the standby and resolves once it takes writes. */
  promoteStandby(): Promise<void>;
  /** Stops both servers (where they still run) and removes their folders. */
  destroy(): Promise<void>;
}

/** The application_name the standby streams under (what synchronous_standby_names names). */
const STANDBY_NAME = 'sentral_standby';

/** Starts a primary and a streaming hot standby of it. */
export async function postgresPair(options: PostgresPairOptions = {}): Promise<PostgresPair> {
  const synchronous = options.synchronous ?? true;
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'sentral-pg-pair-'));
  chmodSync(dir, 0o777);
  const run = (tool: string, args: string[]): void => {
    const [cmd, full] = asPostgres(join(bin, tool), args);
    execFileSync(cmd, full, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const primary = node(join(dir, 'primary'), primaryPort);
  const standby = node(join(dir, 'standby'), standbyPort);
  const start = (n: PostgresNode, settings: string): void =>
    run('pg_ctl', ['-D', n.dataDir, '-w', '-l', `${n.dataDir}.log`, '-o', `-p ${n.port} -k ${dir} -h 127.0.0.1 -c fsync=off ${settings}`, 'start']);
  const stop = (n: PostgresNode): void => {
    if (!existsSync(join(n.dataDir, 'postmaster.pid'))) return;
    try {
      run('pg_ctl', ['-D', n.dataDir, '-w', '-m', 'immediate', 'stop']);
    } catch {
      // already gone
    }
  };
  try {
    run('initdb', ['-D', primary.dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
    // Synchronous replication is set on the primary's command line, not in its configuration file, which
    // pg_basebackup copies: a promoted standby must not wait for a standby of its own that does not exist.
    start(primary, synchronous ? `-c synchronous_standby_names=${STANDBY_NAME}` : '');
    run('pg_basebackup', ['-D', standby.dataDir, '-R', '-X', 'stream', '-d', `host=127.0.0.1 port=${primaryPort} user=postgres application_name=${STANDBY_NAME}`]);
    start(standby, '');
    await waitForPort(standbyPort);
    if (synchronous) await untilStreaming(primary, 'sync');
  } catch (err) {
    stop(standby);
    stop(primary);
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    primary,
    standby,
    url: (database = 'postgres') =>
      `postgres://postgres@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/${database}?target_session_attrs=read-write`,
    killPrimary: () => killCluster(primary.dataDir),
    async promoteStandby() {
      // Not execFileSync: `pg_ctl promote -w` takes seconds under load, and a test's event loop blocked that
      // long would count its own stall against the answers it was waiting for.
      const [cmd, full] = asPostgres(join(bin, 'pg_ctl'), ['-D', standby.dataDir, '-w', 'promote']);
      await promisify(execFile)(cmd, full);
    },
    async destroy() {
      stop(standby);
      stop(primary);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function node(dataDir: string, port: number): PostgresNode {
  return { port, dataDir, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
}

/** Resolves once the primary sees the standby streaming with `syncState` (async or sync). */
async function untilStreaming(primary: PostgresNode, syncState: 'sync' | 'async'): Promise<void> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(primary.url, { max: 1, onnotice: () => {} });
  try {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const rows = await sql`select 1 from pg_stat_replication where application_name = ${STANDBY_NAME} and state = 'streaming' and sync_state = ${syncState}`;
      if (rows.length > 0) return;
      if (Date.now() > deadline) throw new Error(`the standby did not stream (${syncState}) within 20 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await sql.end();
  }
}

/** SIGKILLs the postmaster of `dataDir` and all its children, and waits until they are gone. */
async function killCluster(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const pids = [postmaster, ...childrenOf(postmaster)];
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // exited meanwhile
    }
  }
  const deadline = Date.now() + 10_000;
  while (pids.some((pid) => existsSync(`/proc/${pid}`) && !isZombie(pid))) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL of ${dataDir} did not die within 10 s`);
    await new Promise((r) => setTimeout(r, 10));
  }
  rmSync(pidFile, { force: true });
}

function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent; the command (field 2) may hold spaces, so count from its ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) children.push(Number(entry));
    } catch {
      // exited meanwhile
    }
  }
  return children;
}

function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}
