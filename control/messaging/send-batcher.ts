import { MESSAGING_OUTBOX_WAKE_SUBJECT } from '../../protocol/bus/bus-names.js';
import type { Services } from '../../shared/services/services.js';
import { createBatcher, type Batcher, type BatchRun } from '../../shared/work/batcher.js';
import { wakeDispatcher } from '../events/event-log.js';
import type { MessageRow } from './message-row.js';

/** Tells every outbox sender that a message may be due now (after the transaction that stored it commits). */
export async function wakeOutbox(services: Pick<Services, 'bus'>): Promise<void> {
  await services.bus.notify(MESSAGING_OUTBOX_WAKE_SUBJECT, new Uint8Array(0));
}

// Most sends accepted in one transaction.
const SEND_BATCH_MAX = 100;

/**
 * Wakes the outbox senders and the webhook dispatcher once accepted messages have committed. A wake lost on
 * the bus only delays them: both also poll for due work.
 */
export async function wakeAfterAccept(services: Pick<Services, 'bus'>): Promise<void> {
  await Promise.all([wakeOutbox(services), wakeDispatcher(services.bus)]).catch(() => undefined);
}

/**
 * The group commit of a send route (POST /v1/sms, /v1/email): concurrent requests are accepted in one
 * transaction (`run`), and the outbox and the dispatcher are woken once for the batch after it commits.
 */
export function sendBatcher<I>(services: Pick<Services, 'bus'>, run: BatchRun<I, MessageRow>): Batcher<I, MessageRow> {
  return createBatcher<I, MessageRow>(async (batch) => {
    const outcomes = await run(batch);
    await wakeAfterAccept(services);
    return outcomes;
  }, { maxBatch: SEND_BATCH_MAX });
}
