import { SESSION_SETTLE_SUBJECT } from '../../protocol/bus/bus-names.js';
import type { SessionSettleRequest } from '../../protocol/transcription/transcription-session.js';
import type { Bus } from '../../shared/bus/bus.js';

const ATTEMPTS = 3;
const TIMEOUT_MS = 5_000;

/**
 * Reports a closed transcription session to the control plane, which settles its money: tried three times
 * (a repeat is harmless there). Rejects when no control process answered; the session then expires free.
 */
export async function reportSession(bus: Bus, report: SessionSettleRequest): Promise<void> {
  const data = new TextEncoder().encode(JSON.stringify(report));
  let last: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    try {
      await bus.request(SESSION_SETTLE_SUBJECT, data, { timeoutMs: TIMEOUT_MS });
      return;
    } catch (err) {
      last = err;
    }
  }
  throw last;
}
