import { ConfigError, loadConfig } from '../../shared/config/config.js';
import { createLogger } from '../../shared/log/log.js';
import { runRole, type RoleName } from '../app/run-role.js';
import { runMigrate } from '../app/run-migrate.js';

const HELP = `sentral — voice platform API

Usage: sentral <command> [options]

Commands:
  start        standalone: every role in one process (embedded database, bus and store
               unless DATABASE_URL, NATS_URL and REDIS_URL are set)
  api          the control API (stateless; run several behind a load balancer)
  worker       the call actor host (owns partitions)
  dispatcher   webhook delivery (run one or more)
  messaging    SMS, email and letters: the outbox sender and the carriers (run one or more)
  media        a media node (20 ms clock, rooms, streams, simulated phones)
  smsc-sim     the simulated SMSC (SMPP server on SENTRAL_SMPP_PORT) for live SMS without a carrier
  migrate      apply pending database migrations and exit
  recordings migrate   copy recordings kept as files into the cluster's object store (sentral recordings --help)
  admin ...    operator client of the admin API (sentral admin --help)

Configuration comes from environment variables; see README.md.`;

const ROLES: readonly RoleName[] = ['start', 'api', 'worker', 'dispatcher', 'media', 'messaging'];

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP);
    return command ? 0 : 1;
  }
  if (command === 'admin') return (await import('./admin-command.js')).runAdminCommand(rest, process.env);
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`sentral: configuration error: ${err.message}`);
      return 2;
    }
    throw err;
  }
  const log = createLogger({ level: config.logLevel, pretty: Boolean(process.stdout.isTTY) });
  if (command === 'migrate') return runMigrate(config, log);
  if (command === 'smsc-sim') return (await import('./smsc-sim-command.js')).runSmscSim(config, log);
  if (command === 'recordings') return (await import('./recordings-command.js')).runRecordingsCommand(rest, config);
  if ((ROLES as readonly string[]).includes(command)) return runRole(command as RoleName, config, log);
  console.error(`sentral: unknown command "${command}"\n\n${HELP}`);
  return 2;
}
