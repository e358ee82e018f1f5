import type { Carrier } from '../channel.js';

/** How long a live message waits before it is tried again while no SMSC is configured. */
const RETRY_MS = 30_000;

/** The live carrier while no SMSC is configured: messages wait (and expire at their validity, money back). */
export function unconfiguredCarrier(): Carrier {
  return { submit: async () => ({ kind: 'retry', afterMs: RETRY_MS, desc: 'No SMSC is configured.' }) };
}
