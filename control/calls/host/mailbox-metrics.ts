import type { Registry } from 'prom-client';
import type { Bus } from '../../../shared/bus/bus.js';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Logger } from '../../../shared/log/log.js';
import { reportQueue, type ReportedQueue } from '../../../shared/metrics/queue-metrics.js';
import { MAILBOX_STREAM, partitionConsumer } from '../../../protocol/bus/bus-names.js';

const CONSUMER = new RegExp(`^${partitionConsumer(0).replace(/0$/, '')}(\\d+)$`);

/**
 * Reports every partition's mailbox as queue `mailbox`, key the partition: messages not yet acked by its
 * consumer and how long the oldest has waited. Read from the bus (one consumer listing per sample), so every
 * worker reports the whole cluster, owned partitions or not: an unowned partition's backlog shows too.
 */
export function reportMailboxes(registry: Registry, bus: Bus, busClock: Clock, log: Logger): ReportedQueue {
  return reportQueue(
    registry,
    'mailbox',
    busClock,
    async () =>
      (await bus.backlog(MAILBOX_STREAM.name)).flatMap((b) => {
        const partition = CONSUMER.exec(b.durable)?.[1];
        return partition === undefined ? [] : [{ key: partition, depth: b.pending, oldestAt: b.oldestStoredAt }];
      }),
    { log },
  );
}
