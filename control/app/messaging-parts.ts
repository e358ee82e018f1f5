/** The messaging role's parts, loaded by parts.ts only in a process that runs the role. */
import type { Services } from '../../shared/services/services.js';
import type { Part } from './parts.js';
import { startMessaging } from '../messaging/outbox/messaging-role.js';
import { startSmscSim } from '../../carriers/sms/smsc-sim.js';
import { startCampaignRunner } from '../messaging/campaigns/campaign-runner.js';

/**
 * Starts the outbox sender with the channels' carriers (SMPP binds, the simulated networks) and the campaign
 * runner, pushing each onto `parts`; with no SMSC configured, `start` (`simulateSmsc`) runs the simulated one
 * in-process so that live SMS work on a fresh machine. Returns the lines for the start summary.
 */
export async function startMessagingParts(services: Services, parts: Part[], simulateSmsc: boolean): Promise<string[]> {
  const { config } = services;
  const summary: string[] = [];
  let smpp = config.smpp;
  if (simulateSmsc && smpp.host === null) {
    const sim = await startSmscSim({ host: '127.0.0.1', port: 0, systemId: smpp.systemId, password: smpp.password });
    parts.push({ name: 'smsc-sim', stop: () => sim.stop() });
    smpp = { ...smpp, host: '127.0.0.1', port: sim.port };
    summary.push(`simulated SMSC (SMPP) on 127.0.0.1:${sim.port}`);
  }
  const messaging = await startMessaging({ ...services, config: { ...config, smpp } });
  parts.push({ name: 'messaging', stop: () => messaging.stop() });
  // Campaigns: hand their recipients to the outbox at each campaign's rate, claimed for this process's
  // outbox in the runner's own transaction as far as it has room.
  const campaigns = await startCampaignRunner(services, { outbox: messaging.outbox });
  parts.push({ name: 'campaign-runner', stop: () => campaigns.stop() });
  return summary;
}
