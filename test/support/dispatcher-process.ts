// A dispatcher in its own process, for tests that kill it: DATABASE_URL names the database; SIGTERM stops it
// cleanly (attempts in flight are recorded), SIGKILL is a crash.
import { Registry } from 'prom-client';
import { realClock } from '../../shared/clock/real-clock.js';
import { loadConfig } from '../../shared/config/config.js';
import { openDatabase } from '../../shared/db/database.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { createLogger } from '../../shared/log/log.js';
import { startDispatcher } from '../../control/events/dispatcher.js';

const sql = openDatabase({ url: process.env.DATABASE_URL!, max: 8 });
const bus = createMemoryBus();
const hot = createMemoryStore();
const dispatcher = await startDispatcher(
  {
    config: loadConfig({ SENTRAL_ALLOW_INSECURE_TARGETS: '1' }),
    clock: realClock,
    log: createLogger({ level: 'silent' }),
    sql,
    bus,
    hot,
    metrics: new Registry(),
  },
  { concurrency: 32, timeoutMs: 2_000, leaseMs: 3_000, pollIntervalMs: 200 },
);
process.once('SIGTERM', () => {
  void dispatcher.stop().then(async () => {
    await sql.end({ timeout: 5 });
    await bus.close();
    await hot.close();
    process.exit(0);
  });
});
process.stdout.write('ready\n');
