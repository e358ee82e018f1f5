// Repairs a defect of postgres.js 3.4.9 (upstream porsager/postgres #1208, #1215; not fixed in a release):
// a connection whose socket closes while a small write waits for its setImmediate clears that immediate
// but keeps the handle and the unsent bytes, so every later write on that connection waits for a flush
// that is never scheduled. After a PostgreSQL restart such a connection never gets its start-up message
// out: each query given to it fails with CONNECT_TIMEOUT, for good. Likewise the old backend's last error
// (57P01 at a shutdown) stays behind and fails the first query after the reconnect. Dropping all three on
// teardown is the fix.
// Idempotent; run by postinstall, `npm start` and `npm test`.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The package exports no package.json; its CommonJS entry is <root>/cjs/src/index.js.
const root = join(dirname(createRequire(import.meta.url).resolve('postgres')), '..', '..');
const CLEARED = '    clearImmediate(nextWriteTimer)\n';
const REPAIRED = `${CLEARED}    chunk = nextWriteTimer = errorResponse = null // sentral: scripts/patch-postgres.js\n`;

for (const file of ['src/connection.js', 'cjs/src/connection.js']) {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  if (text.includes(REPAIRED)) continue;
  const parts = text.split(CLEARED);
  if (parts.length !== 3) {
    console.error(`patch-postgres: ${path} is not the postgres.js this patch knows (see scripts/patch-postgres.js)`);
    process.exit(1);
  }
  writeFileSync(path, parts.join(REPAIRED));
}
