import type { Config } from '../../shared/config/config.js';
import type { Logger } from '../../shared/log/log.js';
import { startSmscSim } from '../../carriers/sms/smsc-sim.js';

/**
 * `sentral smsc-sim`: the simulated SMSC as a process of its own on SENTRAL_HOST:SENTRAL_SMPP_PORT,
 * accepting the bind of SENTRAL_SMPP_SYSTEM_ID and _PASSWORD. Prints its port, then one JSON line per
 * submit taken and per whole message (what tests and the bench count); exits 0 on SIGINT or SIGTERM.
 */
export async function runSmscSim(config: Config, log: Logger): Promise<number> {
  let sim;
  try {
    sim = await startSmscSim({
      host: config.host,
      port: config.smpp.port,
      systemId: config.smpp.systemId,
      password: config.smpp.password,
      onTrace: (line) => process.stdout.write(`${JSON.stringify(line)}\n`),
    });
  } catch (err) {
    log.error({ err }, 'the simulated SMSC could not start');
    return 1;
  }
  process.stdout.write(`sentral smsc-sim listening on port ${sim.port}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await sim.stop();
  return 0;
}
