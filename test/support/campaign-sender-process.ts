/**
 * A campaign sender in a process of its own, as the `messaging` role runs it: the campaign runner and the
 * outbox sender with live SMS over SMPP to SMPP_PORT, on the run's database (DATABASE_URL), the real clock
 * and short leases (LEASE_MS) so that work a killed process held is taken again quickly. Prints `ready`.
 */
import { Registry } from 'prom-client';
import { realClock } from '../../shared/clock/real-clock.js';
import { loadConfig } from '../../shared/config/config.js';
import { openDatabase } from '../../shared/db/database.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { createLogger } from '../../shared/log/log.js';
import { startMessaging } from '../../control/messaging/outbox/messaging-role.js';
import { startCampaignRunner } from '../../control/messaging/campaigns/campaign-runner.js';

const leaseMs = Number(process.env.LEASE_MS ?? 2_000);
const services = {
  config: loadConfig({ SENTRAL_SMPP_HOST: '127.0.0.1', SENTRAL_SMPP_PORT: process.env.SMPP_PORT!, SENTRAL_SMPP_SYSTEM_ID: 'esme', SENTRAL_SMPP_PASSWORD: 'secret12' }),
  clock: realClock,
  log: createLogger({ level: 'warn' }),
  sql: openDatabase({ url: process.env.DATABASE_URL!, max: 8 }),
  bus: createMemoryBus(),
  hot: createMemoryStore(),
  metrics: new Registry(),
};
const messaging = await startMessaging(services, { leaseMs, pollIntervalMs: 200 });
const runner = await startCampaignRunner(services, { leaseMs, pollIntervalMs: 200, outbox: messaging.outbox });
process.once('SIGTERM', () => {
  void (async () => {
    await runner.stop();
    await messaging.stop();
    await services.sql.end({ timeout: 5 });
    process.exit(0);
  })();
});
process.stdout.write('ready\n');
