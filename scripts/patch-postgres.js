// Repairs defects of postgres.js 3.4.9 around a connection that closes (upstream porsager/postgres #1186,
// #1208, #1215, #1216; not fixed in a release) and around several hosts with target_session_attrs. Each edit
// below says what it repairs. Idempotent; run by postinstall, `npm start` and `npm test`; fails when the
// installed postgres.js is not the one it knows.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
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
  // Several hosts (postgres://u@h1,h2/db?target_session_attrs=read-write): the count of hosts tried for a
  // connection attempt stayed 0, so an attempt that met no acceptable host went round the hosts without
  // end (a query waited for ever while the primary was down and the standby not yet promoted, with the
  // connect timer restarted at each host). Now each attempt tries every host once, as libpq does, and
  // then fails its query (a 503 upstream, retried by the caller).
  ['      initial = query\n', `      initial = query\n      retries = 0${MARK}\n`, 1],
  ['  async function connect() {\n', `  async function connect() {\n    retries++${MARK}\n`, 1],
  [
    '    if (connection.queue === queues.connecting && options.host[retries + 1])\n',
    `    if (connection.queue === queues.connecting && options.host[retries])${MARK}\n`,
    1,
  ],
  // connect_timeout is per host (libpq's rule): a host that does not answer passes the attempt on to the next.
  [
    "    errored(Errors.connection('CONNECT_TIMEOUT', options, socket))\n",
    `    initial && options.host[retries] || errored(Errors.connection('CONNECT_TIMEOUT', options, socket))${MARK}\n`,
    1,
  ],
  // A server none of whose hosts fits target_session_attrs fails the attempt with its own code.
  [
    '          return terminate()\n',
    `          return options.host[retries] || errored(Errors.connection('TARGET_SESSION_ATTRS_UNMET', options, socket)), terminate()${MARK}\n`,
    1,
  ],
  // read-write took a hot standby: it reports default_transaction_read_only off, yet refuses every write
  // (25006). libpq's read-write wants neither read-only by default nor in hot standby.
  [
    "      (x === 'read-write' && xs.default_transaction_read_only === 'on') ||\n",
    `      (x === 'read-write' && (xs.default_transaction_read_only === 'on' || xs.in_hot_standby === 'on')) ||${MARK}\n`,
    1,
  ],
  // Not a repair: a query of 1 KB or more was written to the socket at once, so the statements a transaction
  // pipelines (the actor host's group commit, with JSON snapshots) each cost a system call, the costliest
  // part of a query on loopback. Queries now gather until the next turn of the event loop (as smaller ones
  // always did) or 64 KB, kept in a list and joined once at the write.
  ['    , chunk = null\n', `    , chunk = null\n    , chunkSize = 0${MARK}\n`, 1],
  [
    '    chunk = chunk ? Buffer.concat([chunk, x]) : Buffer.from(x)\n    if (fn || chunk.length >= 1024)\n',
    `    chunk ? (chunk.push(x), chunkSize += x.length) : (chunk = [x], chunkSize = x.length)${MARK}\n    if (fn || chunkSize >= 65536)${MARK}\n`,
    1,
  ],
  ['    const x = socket.write(chunk, fn)\n', `    const x = socket.write(Buffer.concat(chunk), fn)${MARK}\n`, 1],
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
  // Not a repair: the pool's count of queries waiting for a connection (every connection busy or still
  // connecting), which postgres.js keeps but does not expose; /metrics reports it (shared/db/pool-metrics.ts).
  ['  return sql\n\n  function Sql(handler) {\n', `  Object.defineProperty(sql, 'waiting', { get: () => queries.length })${MARK}\n  return sql\n\n  function Sql(handler) {\n`, 1],
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
  if (text === readFileSync(path, 'utf8')) continue;
  // Written beside and renamed over: a node_modules hard-linked from another checkout keeps its own copy.
  writeFileSync(`${path}.sentral-patch`, text);
  renameSync(`${path}.sentral-patch`, path);
}
