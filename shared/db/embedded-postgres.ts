import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PgliteSessionQueue } from './pglite-session-queue.js';
import { ensurePrivateDirSync } from '../fs/private-files.js';

/** An in-process PGlite served on a loopback port, so the same postgres.js client talks to it. */
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
  const db = await PGlite.create(dataPath);
  const host = options.host ?? '127.0.0.1';
  const server = new PGLiteSocketServer({ db, host, port: options.port ?? 0, maxConnections: 16 });
  // The server hands its queue to each connection as it arrives, so swapping it before start() suffices.
  (server as unknown as { queryQueue: PgliteSessionQueue }).queryQueue = new PgliteSessionQueue(db);
  await server.start();
  const conn = server.getServerConn();
  return {
    url: `postgres://postgres@${conn}/postgres?sslmode=disable`,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
