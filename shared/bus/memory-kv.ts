/** The in-process bus's KV buckets: revisions, create/CAS conflicts, TTL (noticed lazily) and watch. */
import type { KvBucket, KvEntry, KvWatchEvent, Subscription } from './bus.js';
import { BusError } from './bus-error.js';
import { isValidKvKey, subjectMatches } from './subject.js';
import type { Clock } from '../clock/clock.js';

/** What a bucket needs of its bus. */
export interface KvHost {
  readonly clock: Clock;
  /** Throws BusError `closed` once the bus is closed. */
  assertOpen(): void;
}

interface KvRecord {
  /** null: a tombstone left by delete. */
  value: Uint8Array | null;
  revision: number;
  writtenAt: number;
}

interface Watcher {
  pattern: string;
  handler: (event: KvWatchEvent) => void;
}

/** One KV bucket of the in-process bus. */
export class MemoryKvBucket implements KvBucket {
  private readonly records = new Map<string, KvRecord>();
  private readonly watchers = new Set<Watcher>();
  private revision = 0;

  constructor(
    private readonly bus: KvHost,
    private readonly ttlMs: number,
  ) {}

  private checkKey(key: string): void {
    this.bus.assertOpen();
    if (!isValidKvKey(key)) throw new BusError('invalid_key', `invalid KV key ${JSON.stringify(key).slice(0, 80)}`);
  }

  /** The key's record, dropping it first if its TTL has passed (watchers hear a DEL). */
  private current(key: string): KvRecord | undefined {
    const record = this.records.get(key);
    if (!record) return undefined;
    if (this.ttlMs > 0 && record.writtenAt + this.ttlMs <= this.bus.clock.now()) {
      this.records.delete(key);
      if (record.value !== null) this.emit({ key, value: null, revision: ++this.revision, operation: 'DEL' });
      return undefined;
    }
    return record;
  }

  private write(key: string, value: Uint8Array | null): number {
    const revision = ++this.revision;
    this.records.set(key, { value: value ? value.slice() : null, revision, writtenAt: this.bus.clock.now() });
    this.emit({ key, value: value ? value.slice() : null, revision, operation: value ? 'PUT' : 'DEL' });
    return revision;
  }

  private emit(event: KvWatchEvent): void {
    for (const watcher of this.watchers) {
      if (!subjectMatches(watcher.pattern, event.key)) continue;
      queueMicrotask(() => {
        if (this.watchers.has(watcher)) watcher.handler(event);
      });
    }
  }

  async create(key: string, value: Uint8Array): Promise<number> {
    this.checkKey(key);
    if (this.current(key)?.value) throw new BusError('kv_key_exists', `KV key ${key} exists`);
    return this.write(key, value);
  }

  async update(key: string, value: Uint8Array, revision: number): Promise<number> {
    this.checkKey(key);
    const actual = this.current(key)?.revision ?? 0;
    if (revision <= 0 || actual !== revision) {
      throw new BusError('kv_wrong_revision', `KV key ${key} is at revision ${actual}, not ${revision}`);
    }
    return this.write(key, value);
  }

  async put(key: string, value: Uint8Array): Promise<number> {
    this.checkKey(key);
    return this.write(key, value);
  }

  async get(key: string): Promise<KvEntry | null> {
    this.checkKey(key);
    const record = this.current(key);
    if (!record?.value) return null;
    return { key, value: record.value.slice(), revision: record.revision };
  }

  async delete(key: string, options: { revision?: number } = {}): Promise<void> {
    this.checkKey(key);
    const actual = this.current(key)?.revision ?? 0;
    if (options.revision !== undefined && (options.revision <= 0 || actual !== options.revision)) {
      throw new BusError('kv_wrong_revision', `KV key ${key} is at revision ${actual}, not ${options.revision}`);
    }
    this.write(key, null);
  }

  async keys(): Promise<string[]> {
    this.bus.assertOpen();
    return [...this.records.keys()].filter((key) => this.current(key)?.value);
  }

  async watch(handler: (event: KvWatchEvent) => void, options: { key?: string } = {}): Promise<Subscription> {
    this.bus.assertOpen();
    const watcher: Watcher = { pattern: options.key ?? '>', handler };
    this.watchers.add(watcher);
    return { stop: async () => void this.watchers.delete(watcher) };
  }

  /** Stops every watch (the bus closed). */
  closeWatchers(): void {
    this.watchers.clear();
  }
}
