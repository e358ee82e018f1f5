import type { Config } from '../../shared/config/config.js';
import type { Logger } from '../../shared/log/log.js';
import { EMBEDDED_CONNECT_TIMEOUT_SECONDS, openDatabase } from '../../shared/db/database.js';
import { startEmbeddedPostgres } from '../../shared/db/embedded-postgres.js';
import { migrate } from '../../shared/db/migrate.js';

/** `sentral migrate`: applies pending migrations to the configured (or embedded) database. */
export async function runMigrate(config: Config, log: Logger): Promise<number> {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres({ dataDir: config.dataDir });
  const sql = openDatabase({
    url: config.databaseUrl ?? embedded!.url,
    max: 2,
    applicationName: 'sentral-migrate',
    ...(embedded ? { connectTimeoutSeconds: EMBEDDED_CONNECT_TIMEOUT_SECONDS } : {}),
  });
  try {
    const applied = await migrate(sql);
    log.info({ applied }, applied.length ? `applied migrations ${applied.join(', ')}` : 'database is up to date');
    return 0;
  } catch (err) {
    log.error({ err }, 'migration failed');
    return 1;
  } finally {
    await sql.end({ timeout: 5 });
    await embedded?.close();
  }
}
