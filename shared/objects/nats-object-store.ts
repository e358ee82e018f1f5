import { createHash } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import { JetStreamApiError, jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import { Objm, StorageType, type ObjectInfo as NatsObjectInfo, type ObjectStore as NatsBucket } from '@nats-io/obj';
import { BusError } from '../bus/bus-error.js';
import { connectNats } from '../bus/nats-connect.js';
import { toBusError } from '../bus/nats-errors.js';
import { checkClustered, replicasError, streamLeader } from '../bus/nats-replicas.js';
import { checkObjectName, type ObjectInfo, type ObjectStore, type StoredObject } from './object-store.js';

/** Options of the NATS object store. */
export interface NatsObjectStoreOptions {
  /** NATS server URL (several comma-separated servers allowed). */
  url: string;
  /** The bucket (the JetStream stream is `OBJ_<bucket>`): letters, digits, `_` and `-`. */
  bucket: string;
  /** Copies of every object the cluster keeps (1, 3 or 5); an existing bucket is changed to it. */
  replicas: number;
  /** Connection name shown by the server's monitoring. */
  name?: string;
}

// Chunks fetched per pull while reading: at most this many chunks (128 KiB each) of a download are in memory.
const CHUNKS_PER_FETCH = 4;
// A pull that brings nothing within this long: the object was deleted under the reader, or the server is away.
const FETCH_EXPIRES_MS = 5_000;
// How long one chunk of a put may wait for the store: rides through a NATS node restarting or a stream leader
// election (a recording's audio waits in memory meanwhile, about 1 MB for 30 s).
const PUT_CHUNK_TIMEOUT_MS = 30_000;

/**
 * Connects to NATS and opens (creating if absent) the object store bucket with the given replicas. The
 * store keeps its own connection, which reconnects forever; an operation while NATS is away rejects with
 * BusError `unavailable` (the API answers 503).
 */
export async function openNatsObjectStore(options: NatsObjectStoreOptions): Promise<ObjectStore> {
  const what = `object store ${options.bucket}`;
  const nc = await connectNats({ url: options.url, name: options.name ?? 'sentral-objects' }).catch((err: unknown) =>
    Promise.reject(unavailable(err, `connect to NATS for ${what}`)),
  );
  try {
    checkClustered(nc, options.replicas);
    const js = jetstream(nc);
    const bucket = await new Objm(js).create(options.bucket, { replicas: options.replicas, storage: StorageType.File });
    const { streamInfo } = await bucket.status();
    const stream = streamInfo.config.name;
    // Objm.create opens an existing bucket as it is; the configured replicas win (JetStream changes them in place).
    if (streamInfo.config.num_replicas !== options.replicas) {
      const jsm = await jetstreamManager(nc, { checkAPI: false });
      await jsm.streams.update(stream, { ...streamInfo.config, num_replicas: options.replicas });
      await streamLeader(jsm, stream);
    }
    return new NatsObjectStore(nc, js, bucket, options.bucket, stream);
  } catch (err) {
    const refused = unavailable(replicasError(err, nc, options.replicas, what), `open ${what}`);
    await nc.close();
    throw refused;
  }
}

/**
 * The NATS JetStream Object Store (ADR-20): writes go through @nats-io/obj, which chunks a stream into
 * 128 KiB messages and publishes the object's metadata when the last chunk is stored. Reads fetch the
 * chunks a few at a time with an ordered pull consumer (which the stream leader serves, so a just-finished
 * object is complete) and check the SHA-256 digest before the last chunk is handed on: @nats-io/obj's own
 * get() pushes every chunk into memory as fast as the server sends them, whatever the reader's pace.
 */
class NatsObjectStore implements ObjectStore {
  constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly bucket: NatsBucket,
    private readonly bucketName: string,
    private readonly stream: string,
  ) {}

  async put(name: string, data: AsyncIterable<Uint8Array>): Promise<ObjectInfo> {
    checkObjectName(name);
    try {
      const info = await this.bucket.put({ name }, readableOf(data), { timeout: PUT_CHUNK_TIMEOUT_MS });
      return { name, size: info.size };
    } catch (err) {
      throw unavailable(err, `put object ${name}`);
    }
  }

  async get(name: string): Promise<StoredObject | null> {
    const info = await this.rawInfo(name);
    if (!info) return null;
    return { info: { name, size: info.size }, data: this.chunks(info) };
  }

  async info(name: string): Promise<ObjectInfo | null> {
    const info = await this.rawInfo(name);
    return info ? { name, size: info.size } : null;
  }

  async delete(name: string): Promise<boolean> {
    if (!(await this.rawInfo(name))) return false;
    try {
      await this.bucket.delete(name);
      return true;
    } catch (err) {
      throw unavailable(err, `delete object ${name}`);
    }
  }

  async list(): Promise<ObjectInfo[]> {
    try {
      const infos = await this.bucket.list();
      return infos
        .filter((i) => !i.deleted)
        .map((i) => ({ name: i.name, size: i.size }))
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (err) {
      throw unavailable(err, 'list objects');
    }
  }

  async close(): Promise<void> {
    await this.nc.close();
  }

  private async rawInfo(name: string): Promise<NatsObjectInfo | null> {
    checkObjectName(name);
    try {
      const info = await this.bucket.info(name);
      return info && !info.deleted ? info : null;
    } catch (err) {
      throw unavailable(err, `info of object ${name}`);
    }
  }

  /** The object's chunks in order; the last one only after the whole object matched its digest. */
  private async *chunks(info: NatsObjectInfo): AsyncIterable<Uint8Array> {
    if (info.size === 0) return;
    const consumer = await this.js.consumers
      .get(this.stream, { filter_subjects: `$O.${this.bucketName}.C.${info.nuid}` })
      .catch((err: unknown) => Promise.reject(unavailable(err, `read object ${info.name}`)));
    const hash = createHash('sha256');
    let received = 0;
    let bytes = 0;
    try {
      while (received < info.chunks) {
        const batch = await consumer.fetch({ max_messages: Math.min(CHUNKS_PER_FETCH, info.chunks - received), expires: FETCH_EXPIRES_MS });
        let got = 0;
        for await (const message of batch) {
          got++;
          received++;
          bytes += message.data.length;
          hash.update(message.data);
          if (received === info.chunks) checkDigest(info, bytes, hash.digest('base64url'));
          yield message.data;
        }
        if (got === 0) throw new BusError('unavailable', `read object ${info.name}: no chunk after ${received} of ${info.chunks} (deleted while read, or NATS away)`);
      }
    } catch (err) {
      throw unavailable(err, `read object ${info.name}`);
    } finally {
      await consumer.delete().catch(() => {});
    }
  }
}

function checkDigest(info: NatsObjectInfo, bytes: number, digest: string): void {
  // The digest is `SHA-256=` and the base64url (padded) hash.
  const expected = info.digest.replace(/^SHA-256=/, '').replace(/=+$/, '');
  if (bytes !== info.size || digest.replace(/=+$/, '') !== expected) {
    throw new Error(`object ${info.name} is corrupt: ${bytes} bytes with digest ${digest}, expected ${info.size} bytes with ${info.digest}`);
  }
}

/** A ReadableStream pulling from `source` one chunk at a time (the writer waits for the store, never the other way). */
function readableOf(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await iterator.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      },
      async cancel(reason) {
        await iterator.return?.(reason);
      },
    },
    { highWaterMark: 0 },
  );
}

/** NATS failures as BusError `unavailable` (the API's 503); our own errors pass unchanged. */
function unavailable(err: unknown, what: string): unknown {
  const mapped = toBusError(err, what);
  if (mapped instanceof BusError || !(mapped instanceof JetStreamApiError)) return mapped;
  return new BusError('unavailable', `${what}: ${mapped.message}`, { cause: mapped });
}
