// Repairs defects of postgres.js 3.4.9 around a connection that closes (upstream porsager/postgres #1186,
// #1208, #1215, #1216; not fixed in a release). Each edit below says what it repairs. Idempotent; run by
// postinstall, `npm start` and `npm test`; fails when the installed postgres.js is not the one it knows.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The package exports no package.json; its CommonJS entry is <root>/cjs/src/index.js.
const root = join(dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..');
const MARK = ' // sentral: scripts/patch-postgres.js';

/** [text as shipped, its repair, times it occurs]. */
const CONNECTION = [
  // A connection whose socket closes while a small write waits for its setImmediate cleared that
  // immediate but kept the handle and the unsent bytes, so every later write on it waited for a flush
  // never scheduled: after a PostgreSQL restart it never sent its start-up message (CONNECT_TIMEOUT for
  // good). The old backend's last error (57P01 at a shutdown) also stayed and failed the first query
  // after the reconnect. Teardown drops all three.
  ['    clearImmediate(nextWriteTimer)\n', `    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = errorResponse = null${MARK}\n`, 2],
  // A query sent after PostgreSQL ended the session (its FATAL came while the connection was idle, the
  // close event not yet) was rejected when the close came, but stayed the connection's current query:
  // end() then waited for it for ever (sql.end() hung after a frozen transaction was ended).
  [
    "    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n",
    `    !hadError && (query || sent.length) && error(Errors.connection('CONNECTION_CLOSED', options, socket))\n    query = null${MARK}\n`,
    1,
  ],
];
const INDEX = [
  // A transaction whose connection closed (PostgreSQL restarted, or ended an idle transaction) rejected
  // begin(), but its callback ran on: its next queries, and the automatic commit or rollback, went to the
  // same connection object once the pool had reconnected it, i.e. into another session, outside the
  // transaction (writes that no fence checked), and queries queued inside it never settled. Now the
  // close error is kept and every query of that transaction is rejected with it.
  ['      , prepare = null\n', `      , prepare = null\n      , closedError = null${MARK}\n`, 1],
  [
    '        new Promise((_, reject) => connection.onclose = reject)\n',
    `        new Promise((_, reject) => connection.onclose = e => { closedError = e; while (queries.length) queries.shift().reject(e); reject(e) })${MARK}\n`,
    1,
  ],
  [
    '        q.catch(e => uncaughtError || (uncaughtError = e))\n',
    `        q.catch(e => uncaughtError || (uncaughtError = e))\n        if (closedError) return q.reject(closedError)${MARK}\n`,
    1,
  ],
];

for (const [file, edits] of [
  ['src/connection.js', CONNECTION],
  ['cjs/src/connection.js', CONNECTION],
  ['src/index.js', INDEX],
  ['cjs/src/index.js', INDEX],
]) {
  const path = join(root, file);
  let text = readFileSync(path, 'utf8');
  for (const [shipped, repaired, times] of edits) {
    if (text.includes(repaired)) continue;
    const parts = text.split(shipped);
    if (parts.length !== times + 1) {
      console.error(`patch-postgres: ${path} is not the postgres.js 3.4.9 this patch knows (see scripts/patch-postgres.js)`);
      process.exit(1);
    }
    text = parts.join(repaired);
  }
  writeFileSync(path, text);
}
