import type { Services } from '../app/services.js';
import { createBatcher, type Batcher, type BatchRun } from '../../shared/work/batcher.js';
import { wakeDispatcher } from '../events/event-log.js';
import type { MessageRow } from './message-row.js';
import { wakeOutbox } from './outbox-sender.js';

// Most sends accepted in one transaction.
const SEND_BATCH_MAX = 100;

/**
 * The group commit of a send route (POST /v1/sms, /v1/email): concurrent requests are accepted in one
 * transaction (`run`), and the outbox and the dispatcher are woken once for the batch after it commits.
 */
export function sendBatcher<I>(services: Pick<Services, 'bus'>, run: BatchRun<I, MessageRow>): Batcher<I, MessageRow> {
  return createBatcher<I, MessageRow>(async (batch) => {
    const outcomes = await run(batch);
    await Promise.all([wakeOutbox(services), wakeDispatcher(services.bus)]).catch(() => undefined);
    return outcomes;
  }, { maxBatch: SEND_BATCH_MAX });
}
