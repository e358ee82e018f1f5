import { Value } from 'typebox/value';
import { jsonOrNull } from '../../shared/json/json-bytes.js';
import { SESSION_SETTLE_SUBJECT, SESSION_SETTLERS_QUEUE } from '../../protocol/bus/bus-names.js';
import { SessionSettleRequest } from '../../protocol/transcription/transcription-session.js';
import type { Timer } from '../../shared/clock/clock.js';
import type { Services } from '../../shared/services/services.js';
import { wakeDispatcher } from '../events/event-log.js';
import { expireSessions, settleSession } from './transcription-sessions.js';

const encoder = new TextEncoder();

/** How long past its token's expiry an unreported session waits before it expires free. */
const EXPIRY_GRACE_MS = 5 * 60_000;
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Settles transcription sessions: answers the media nodes' reports of closed sessions (one queue group, so
 * any worker answers each report once; a repeated report changes nothing), and once a minute expires, free,
 * the sessions no node reported (a node that died with the connection).
 */
export async function startSessionSettler(services: Services): Promise<{ stop(): Promise<void> }> {
  const { bus, sql, clock, log } = services;
  const subscription = await bus.serve(
    SESSION_SETTLE_SUBJECT,
    async (data) => {
      const report = jsonOrNull(data);
      if (!Value.Check(SessionSettleRequest, report)) return encoder.encode(JSON.stringify({ ok: false }));
      if (await settleSession(sql, clock, report)) await wakeDispatcher(bus).catch(() => undefined);
      return encoder.encode(JSON.stringify({ ok: true }));
    },
    { queue: SESSION_SETTLERS_QUEUE },
  );
  let timer: Timer | undefined;
  let stopped = false;
  const sweep = (): void => {
    expireSessions(sql, clock, EXPIRY_GRACE_MS)
      .then(async (n) => {
        if (n > 0) await wakeDispatcher(bus).catch(() => undefined);
      })
      .catch((err: unknown) => log.warn({ err }, 'transcription sessions could not be expired'))
      .finally(() => {
        if (!stopped) timer = clock.setTimer(SWEEP_INTERVAL_MS, sweep);
      });
  };
  timer = clock.setTimer(SWEEP_INTERVAL_MS, sweep);
  return {
    async stop() {
      stopped = true;
      timer?.cancel();
      await subscription.stop();
    },
  };
}
