import type { ErrorCode } from '../../shared/errors/catalogue.js';
import type { CustomerInput } from './customer-message-reader.js';
import type { PlayoutQueue } from './playout-queue.js';
import type { StreamClientStats } from './stream-client-options.js';

/**
 * Acts on what the customer's server asks of a stream (read by customer-message-reader.ts): audio and marks
 * join the playout queue, clear empties it. What is refused, or does not fit the queue, goes to `refuse`
 * (answered as a throttled error message).
 */
export class CustomerInputHandler {
  constructor(
    private readonly queue: PlayoutQueue,
    private readonly options: {
      /** A listen-only stream refuses audio. */
      listenOnly: boolean;
      maxQueuedSeconds: number;
      stats: StreamClientStats;
      refuse(code: ErrorCode, message?: string): void;
    },
  ) {}

  /** Acts on one message. */
  handle(input: CustomerInput): void {
    const { refuse } = this.options;
    switch (input.kind) {
      case 'media': {
        if (this.options.listenOnly) {
          refuse('stream_listen_only');
          break;
        }
        const dropped = this.queue.push(input.audio);
        if (dropped > 0) {
          this.options.stats.audioBytesDropped += dropped;
          refuse('stream_playout_overflow', `The playout buffer holds ${this.options.maxQueuedSeconds} s of audio; ${dropped} bytes were dropped.`);
        }
        break;
      }
      case 'mark':
        if (!this.queue.mark(input.name)) refuse('stream_playout_overflow', 'Too many marks are waiting for their audio; this mark was dropped.');
        break;
      case 'clear':
        this.queue.clear();
        break;
      case 'refused':
        refuse(input.code, input.message);
        break;
    }
  }
}
