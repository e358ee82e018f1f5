/**
 * The embedded PGlite and its socket server on a thread of their own (embedded-postgres.ts starts it):
 * answers `started` with the server's address, or `failed`; on `close` stops both (data flushed to disk)
 * and answers `closed`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { PgliteSessionQueue } from './pglite-session-queue.js';

/** What the thread is given. */
export interface EmbeddedPostgresThreadData {
  dataPath: string | undefined;
  host: string;
  port: number;
}

/** What the thread tells its parent. */
export type EmbeddedPostgresThreadMessage = { type: 'started'; conn: string } | { type: 'failed'; message: string } | { type: 'closed' };

const port = parentPort!;
const { dataPath, host, port: listenPort } = (workerData as { data: EmbeddedPostgresThreadData }).data;
const tell = (message: EmbeddedPostgresThreadMessage): void => port.postMessage(message);

try {
  const db = await PGlite.create(dataPath);
  const server = new PGLiteSocketServer({ db, host, port: listenPort, maxConnections: 16 });
  // The server hands its queue to each connection as it arrives, so swapping it before start() suffices.
  (server as unknown as { queryQueue: PgliteSessionQueue }).queryQueue = new PgliteSessionQueue(db);
  await server.start();
  port.once('message', () => {
    void (async () => {
      await server.stop();
      await db.close();
      tell({ type: 'closed' });
      port.close();
    })();
  });
  tell({ type: 'started', conn: server.getServerConn() });
} catch (err) {
  tell({ type: 'failed', message: err instanceof Error ? err.message : String(err) });
  port.close();
}
