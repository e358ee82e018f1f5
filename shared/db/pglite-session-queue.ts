import type { PGlite } from '@electric-sql/pglite';

/**
 * pglite-socket 0.2.x queues each wire message on its own and keeps a connection's turn only while a
 * transaction is open, so the Parse/Bind/Execute/Sync batches of two pooled connections interleave on
 * PGlite's one session ("portal does not exist"), and one internal throw leaves its queue stuck for good
 * (upstream pglite issue 1046). This queue replaces it: a connection keeps the session from its first
 * message until PGlite answers ReadyForQuery with status idle, i.e. until its batch and any transaction
 * it opened are over.
 */
export class PgliteSessionQueue {
  private readonly pending: Pending[] = [];
  /** The connection whose batch or transaction is open; `RELEASING` while a dead owner's state is undone. */
  private owner: number | null = null;
  private running: number | null = null;
  private processing = false;
  /** Connections that went away while they held the session or had a message running. */
  private readonly gone = new Set<number>();

  constructor(private readonly db: PGlite) {}

  /** Runs one wire message of connection `handlerId` in its turn; resolves with the bytes answered. */
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    return new Promise((resolve, reject) => {
      this.pending.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  /** Messages waiting for their turn. */
  getQueueLength(): number {
    return this.pending.length;
  }

  /** Drops the waiting messages of a connection that went away. */
  clearQueueForHandler(handlerId: number): void {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const item = this.pending[i]!;
      if (item.handlerId !== handlerId) continue;
      this.pending.splice(i, 1);
      item.reject(new Error('Handler disconnected'));
    }
  }

  /** Undoes what a connection that went away left open (half-sent batch, transaction) and frees the session. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.running === handlerId) {
      // The loop sees this after the running message and cleans up then.
      this.gone.add(handlerId);
      return;
    }
    if (this.owner !== handlerId) return;
    await this.release();
    void this.process();
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      for (;;) {
        const index = this.owner === null ? (this.pending.length > 0 ? 0 : -1) : this.pending.findIndex((p) => p.handlerId === this.owner);
        if (index < 0) return;
        const [item] = this.pending.splice(index, 1) as [Pending];
        this.running = item.handlerId;
        let tail: Uint8Array = new Uint8Array(0);
        try {
          let bytes = 0;
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                tail = lastBytes(tail, data, IDLE.length);
                item.onData(data);
              },
            }),
          );
          item.resolve(bytes);
        } catch (err) {
          item.reject(err);
        } finally {
          this.running = null;
        }
        this.owner = endsIdle(tail) ? null : item.handlerId;
        if (this.gone.delete(item.handlerId) && this.owner !== null) await this.release();
      }
    } finally {
      this.processing = false;
    }
  }

  private async release(): Promise<void> {
    this.owner = RELEASING;
    try {
      await this.db.runExclusive(async () => {
        // Sync ends a batch cut short (harmless when there is none); then roll back an open transaction.
        // Raw messages only: db.exec would wait for the mutex held here.
        await this.db.execProtocolRaw(SYNC);
        if (this.db.isInTransaction()) await this.db.execProtocolRaw(ROLLBACK);
      });
    } finally {
      this.owner = null;
    }
  }
}

interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData(data: Uint8Array): void;
  resolve(bytes: number): void;
  reject(err: unknown): void;
}

// Handler ids start at 1, so no connection ever owns the session under this id.
const RELEASING = -1;
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
const ROLLBACK = simpleQuery('rollback');
// ReadyForQuery ('Z', length 5) with transaction status 'I' (idle): the session is free for anyone.
const IDLE = new Uint8Array([0x5a, 0, 0, 0, 5, 0x49]);

function endsIdle(tail: Uint8Array): boolean {
  return tail.length === IDLE.length && tail.every((b, i) => b === IDLE[i]);
}

function lastBytes(previous: Uint8Array, data: Uint8Array, n: number): Uint8Array {
  if (data.length >= n) return data.slice(data.length - n);
  const joined = new Uint8Array(previous.length + data.length);
  joined.set(previous);
  joined.set(data, previous.length);
  return joined.slice(Math.max(0, joined.length - n));
}

// A simple-protocol Query message: 'Q', int32 length, the text, NUL.
function simpleQuery(text: string): Uint8Array {
  const body = new TextEncoder().encode(`${text}\0`);
  const message = new Uint8Array(5 + body.length);
  message[0] = 0x51;
  new DataView(message.buffer).setInt32(1, 4 + body.length);
  message.set(body, 5);
  return message;
}
