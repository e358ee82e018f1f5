import { join } from 'node:path';
import { ensurePrivateDirSync } from '../fs/private-files.js';
import { typescriptWorker } from '../threads/typescript-worker.js';
import type { EmbeddedPostgresThreadData, EmbeddedPostgresThreadMessage } from './embedded-postgres-thread.js';

/**
 * An in-process PGlite served on a loopback port, so the same postgres.js client talks to it. It runs on a
 * worker thread of its own (embedded-postgres-thread.ts): the database's work (WebAssembly, a busy CPU
 * under load) does not compete with the API, the actors and the 20 ms media tick on the main event loop,
 * and a second core can take it.
 */
export interface EmbeddedPostgres {
  /** postgres:// URL of the socket server. */
  url: string;
  /** Stops the socket server and closes PGlite cleanly (data flushed to disk). */
  close(): Promise<void>;
}

/** Starts PGlite with its data under `dataDir/pg` (in memory when dataDir is null). */
export async function startEmbeddedPostgres(options: { dataDir: string | null; host?: string; port?: number }): Promise<EmbeddedPostgres> {
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = join(options.dataDir, 'pg');
    // The data directory holds customer data (the database, recordings, clips): the service's user only.
    ensurePrivateDirSync(options.dataDir);
    ensurePrivateDirSync(dataPath);
  }
  const data: EmbeddedPostgresThreadData = { dataPath, host: options.host ?? '127.0.0.1', port: options.port ?? 0 };
  const thread = typescriptWorker(new URL('./embedded-postgres-thread.ts', import.meta.url), data);
  const next = (): Promise<EmbeddedPostgresThreadMessage> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number): void => reject(new Error(`the embedded database's thread exited (${code})`));
      thread.once('exit', onExit);
      thread.once('error', reject);
      thread.once('message', (message: EmbeddedPostgresThreadMessage) => {
        thread.off('exit', onExit);
        thread.off('error', reject);
        resolve(message);
      });
    });
  const started = await next();
  if (started.type !== 'started') {
    await thread.terminate();
    throw new Error(`the embedded database did not start: ${started.type === 'failed' ? started.message : started.type}`);
  }
  return {
    url: `postgres://postgres@${started.conn}/postgres?sslmode=disable`,
    async close() {
      const closed = next();
      thread.postMessage('close');
      await closed;
    },
  };
}
