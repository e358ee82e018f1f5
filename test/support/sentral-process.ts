import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../../scripts/sentral.js', import.meta.url));

/** A `sentral` child process, as an operator would run it. */
export interface SentralProcess {
  child: ChildProcess;
  /** Everything printed so far (stdout and stderr). */
  output(): string;
  /** The control API's base URL, once it printed it. */
  apiUrl: Promise<string>;
  /** Resolves with the first match of `pattern` in what it prints (rejects if it exits first). */
  printed(pattern: RegExp): Promise<RegExpExecArray>;
  /** Resolves with the exit code once the process exits. */
  exited: Promise<number | null>;
  /** Resolves once the process exited and everything it printed has been read (its pipes closed). */
  closed: Promise<void>;
  /** Sends a signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs `sentral <args>` with `env` added to the environment (API port 0 unless given). */
export function runSentral(args: string[], env: Record<string, string>): SentralProcess {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...process.env, SENTRAL_API_PORT: '0', SENTRAL_MEDIA_PORT: '0', SENTRAL_LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const watchers: { pattern: RegExp; resolve(m: RegExpExecArray): void; reject(err: Error): void }[] = [];
  let resolveUrl: (url: string) => void;
  let rejectUrl: (err: Error) => void;
  const apiUrl = new Promise<string>((resolve, reject) => {
    resolveUrl = resolve;
    rejectUrl = reject;
  });
  // Commands that never listen (migrate, --help) make this reject unobserved; that is expected.
  apiUrl.catch(() => {});
  const onData = (chunk: Buffer): void => {
    text += chunk.toString();
    const match = /control API listening on (http:\/\/\S+)/.exec(text);
    if (match) resolveUrl(match[1]!);
    for (const w of [...watchers]) {
      const m = w.pattern.exec(text);
      if (m) {
        watchers.splice(watchers.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      rejectUrl(new Error(`sentral exited (${code}) before listening:\n${text}`));
      for (const w of watchers.splice(0)) w.reject(new Error(`sentral exited (${code}) before printing ${w.pattern}:\n${text}`));
      resolve(code);
    });
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return {
    child,
    closed,
    output: () => text,
    apiUrl,
    printed(pattern) {
      const m = pattern.exec(text);
      if (m) return Promise.resolve(m);
      return new Promise((resolve, reject) => watchers.push({ pattern, resolve, reject }));
    },
    exited,
    async stop(signal = 'SIGINT') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Polls `url` until it answers `status` (or throws after `timeoutMs`); returns the parsed body. */
export async function untilStatus(url: string, status: number, timeoutMs: number): Promise<{ elapsedMs: number; body: unknown }> {
  const started = Date.now();
  let last = 'no answer';
  while (Date.now() - started < timeoutMs) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      const body: unknown = await res.json().catch(() => null);
      if (res.status === status) return { elapsedMs: Date.now() - started, body };
      last = `${res.status} ${JSON.stringify(body)}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last})`);
}

/** What a first start prints once in its frame: the admin token and the demo company's ids and keys. */
export interface FirstStartSecrets {
  adminToken: string;
  companyId: string;
  profileId: string;
  testKey: string;
  liveKey: string;
}

/** Waits for the first start's frame and reads the secrets out of it. */
export async function firstStartSecrets(proc: SentralProcess): Promise<FirstStartSecrets> {
  await proc.printed(/demo live key +sk_live_\S+/);
  const printed = proc.output();
  const field = (label: string, value: string): string => new RegExp(`${label} +(${value})`).exec(printed)![1]!;
  return {
    adminToken: field('admin token', 'sat_\\S+'),
    companyId: field('demo company', 'co_\\S+'),
    profileId: field('demo profile', '\\S+'),
    testKey: field('demo test key', 'sk_test_\\S+'),
    liveKey: field('demo live key', 'sk_live_\\S+'),
  };
}
