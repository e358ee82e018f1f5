/** The in-process bus's durable stream: stored messages in order, msgId dedupe, max-age expiry. */
import type { StreamSpec } from './bus.js';
import { duplicateWindow } from './bus-defaults.js';
import { subjectMatches } from './subject.js';
import type { MemoryConsumer } from './memory-consumer.js';

/** A message as the stream keeps it. */
export interface StoredMessage {
  seq: number;
  subject: string;
  data: Uint8Array;
  storedAt: number;
}

/** One durable stream of the in-process bus. */
export class MemoryStream {
  readonly messages = new Map<number, StoredMessage>();
  /** Stream sequences in order; entries whose message is gone are skipped and compacted away. */
  private order: number[] = [];
  private removed = 0;
  lastSeq = 0;
  readonly msgIds = new Map<string, { seq: number; at: number }>();
  readonly consumers = new Map<string, MemoryConsumer>();

  constructor(public spec: StreamSpec) {}

  matches(subject: string): boolean {
    return this.spec.subjects.some((p) => subjectMatches(p, subject));
  }

  append(subject: string, data: Uint8Array, at: number): StoredMessage {
    const msg = { seq: ++this.lastSeq, subject, data, storedAt: at };
    this.messages.set(msg.seq, msg);
    this.order.push(msg.seq);
    return msg;
  }

  remove(seq: number): void {
    if (!this.messages.delete(seq)) return;
    this.removed++;
    if (this.removed > 64 && this.removed * 2 > this.order.length) {
      this.order = this.order.filter((s) => this.messages.has(s));
      this.removed = 0;
    }
  }

  /** The first stored message after `cursor` whose subject matches `filter`. */
  nextAfter(cursor: number, filter: string): StoredMessage | undefined {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.order[mid] as number) <= cursor) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.order.length; i++) {
      const msg = this.messages.get(this.order[i] as number);
      if (msg && subjectMatches(filter, msg.subject)) return msg;
    }
    return undefined;
  }

  /** How many stored messages after `cursor` match `filter`, and the first of them. */
  countAfter(cursor: number, filter: string): { count: number; first: StoredMessage | undefined } {
    let count = 0;
    let first: StoredMessage | undefined;
    for (const msg of this.messages.values()) {
      if (msg.seq <= cursor || !subjectMatches(filter, msg.subject)) continue;
      count++;
      first ??= msg;
    }
    return { count, first };
  }

  /** Drops messages older than maxAgeMs and msgIds older than the duplicate window. */
  expire(now: number): void {
    const maxAge = this.spec.maxAgeMs;
    if (maxAge && maxAge > 0) {
      for (const msg of this.messages.values()) {
        if (msg.storedAt + maxAge > now) break;
        this.remove(msg.seq);
      }
    }
    const window = duplicateWindow(this.spec);
    for (const [id, entry] of this.msgIds) {
      if (entry.at + window > now) break;
      this.msgIds.delete(id);
    }
  }
}
