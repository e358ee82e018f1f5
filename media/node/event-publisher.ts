import type { Bus } from '../../shared/bus/bus.js';
import type { Clock } from '../../shared/clock/clock.js';
import type { Logger } from '../../shared/log/log.js';
import { newId } from '../../shared/ids/ids.js';
import { mailboxSubject } from '../../protocol/bus/bus-names.js';
import type { MediaEvent, MediaEventBody } from '../../protocol/media/media-event.js';

const RETRY_DELAYS_MS = [100, 300, 1000, 3000, 10_000];

/**
 * Publishes what the node observes into each call's mailbox, in order per call. Each event gets its id
 * once, used as the bus msgId, so a publish retried after a lost ack is dropped as a duplicate.
 */
export class EventPublisher {
  private readonly seqs = new Map<string, number>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly deps: { bus: Bus; clock: Clock; log: Logger; nodeId: string; partitions: number },
  ) {}

  /** Queues `body` for the call's mailbox; resolves once it is stored (or given up, logged). */
  publish(callId: string, body: MediaEventBody): Promise<void> {
    const seq = (this.seqs.get(callId) ?? 0) + 1;
    this.seqs.set(callId, seq);
    const event = {
      eventId: newId('evt', this.deps.clock),
      source: 'media',
      nodeId: this.deps.nodeId,
      callId,
      at: this.deps.clock.now(),
      seq,
      ...body,
    } as MediaEvent;
    const previous = this.chains.get(callId) ?? Promise.resolve();
    const next = previous.then(() => this.send(event));
    this.chains.set(callId, next);
    void next.then(() => {
      if (this.chains.get(callId) === next) this.chains.delete(callId);
    });
    return next;
  }

  /** Forgets a closed call's sequence once its queued events are out. */
  async forget(callId: string): Promise<void> {
    await this.chains.get(callId);
    this.seqs.delete(callId);
  }

  /** Resolves when every queued event is stored or given up. */
  async flush(): Promise<void> {
    await Promise.all([...this.chains.values()]);
  }

  private async send(event: MediaEvent): Promise<void> {
    const subject = mailboxSubject(event.callId, this.deps.partitions);
    const data = this.encoder.encode(JSON.stringify(event));
    for (let attempt = 0; ; attempt++) {
      try {
        await this.deps.bus.publish(subject, data, { msgId: event.eventId });
        return;
      } catch (err) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined) {
          this.deps.log.error({ err, callId: event.callId, type: event.type }, 'media event could not be published');
          return;
        }
        await new Promise<void>((r) => this.deps.clock.setTimer(delay, r));
      }
    }
  }
}
