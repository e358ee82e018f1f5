import type { Bus } from '../../shared/bus/bus.js';
import type { Clock } from '../../shared/clock/clock.js';
import type { Logger } from '../../shared/log/log.js';
import { mailboxSubject } from '../../protocol/bus/bus-names.js';
import type { ActorMessage } from '../../protocol/calls/mailbox.js';
import type { MediaEngine } from './media-engine.js';

/** After the grace, how long the node waits for the control plane to close the calls it ended. */
export const DRAIN_CLOSE_WAIT_MS = 10_000;

/** What a drain needs of its node. */
export interface DrainDeps {
  engine: MediaEngine;
  bus: Bus;
  clock: Clock;
  log: Logger;
  partitions: number;
  /** Rewrites the registry entry now (it then says draining: the picker offers the node no new call). */
  announce(): Promise<void>;
}

const encoder = new TextEncoder();

/** Resolves after `ms` on the clock, or with `done`, whichever comes first. */
function within(clock: Clock, ms: number, done: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const timer = clock.setTimer(ms, resolve);
    void done.then(() => {
      timer.cancel();
      resolve();
    });
  });
}

/**
 * Drains a media node (SIGTERM on `sentral media`): it takes no new call, lets its calls go on for `graceMs`,
 * then mails each call still on it `call.mediaLost` with reason service_stopping (at the end of the grace,
 * where its billing stops). The call's machine ends it as a hang-up and closes its session here, so streams
 * and bots get their stop as when any call ends. Resolves when every session is closed, or
 * DRAIN_CLOSE_WAIT_MS after the grace (the media watcher ends what is left once the node is gone).
 */
export async function drainNode(deps: DrainDeps, graceMs: number): Promise<void> {
  const { engine, bus, clock, log, partitions } = deps;
  engine.drain();
  await deps.announce().catch((err: unknown) => log.warn({ err }, 'the drain was not announced in the registry'));
  log.info({ calls: engine.callIds.length, graceMs }, 'media node draining: no new calls');
  await within(clock, graceMs, engine.whenIdle());
  const left = engine.callIds;
  if (left.length === 0) return;
  const at = clock.now();
  for (const callId of left) {
    const message: ActorMessage = { id: `medialost-${callId}`, callId, type: 'call.mediaLost', payload: { reason: 'service_stopping' }, at };
    await bus
      .publish(mailboxSubject(callId, partitions), encoder.encode(JSON.stringify(message)), { msgId: message.id })
      .catch((err: unknown) => log.warn({ err, callId }, 'the end of a drained call was not mailed'));
  }
  log.info({ calls: left.length }, 'media node drained: calls ended as service_stopping');
  await within(clock, DRAIN_CLOSE_WAIT_MS, engine.whenIdle());
}
