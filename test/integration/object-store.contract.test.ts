import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusError } from '../../shared/bus/bus-error.js';
import { InvalidObjectNameError, type ObjectStore } from '../../shared/objects/object-store.js';
import { LocalObjectStore } from '../../shared/objects/local-object-store.js';
import { openNatsObjectStore } from '../../shared/objects/nats-object-store.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';

// One contract, two adapters: a local directory (standalone) and the NATS JetStream Object Store (cluster).

interface Adapter {
  store: ObjectStore;
  /** What is left behind besides the objects (temporary files), where the adapter can see it. */
  leftovers(): string[];
  cleanup(): Promise<void>;
}

const adapters: Array<[string, () => Promise<Adapter>]> = [
  [
    'local directory',
    async () => {
      const root = mkdtempSync(join(tmpdir(), 'sentral-objects-'));
      const dir = join(root, 'recordings');
      return {
        store: new LocalObjectStore(dir),
        leftovers: () => readdirSync(dir).filter((f) => f.startsWith('.')),
        cleanup: async () => rmSync(root, { recursive: true, force: true }),
      };
    },
  ],
  [
    'nats object store',
    async () => {
      const prefix = uniquePrefix('obj');
      const store = await openNatsObjectStore({ url: serviceUrls.nats, bucket: `${prefix}_recordings`, replicas: 1, name: 'object-store-contract-test' });
      return {
        store,
        leftovers: () => [],
        async cleanup() {
          await store.close();
          await deleteNatsPrefix(prefix);
        },
      };
    },
  ],
];

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

async function* chunksOf(...parts: Uint8Array[]): AsyncIterable<Uint8Array> {
  for (const part of parts) yield part;
}

async function readAll(data: AsyncIterable<Uint8Array>): Promise<{ bytes: Buffer; chunks: number; largestChunk: number }> {
  const parts: Uint8Array[] = [];
  let largestChunk = 0;
  for await (const chunk of data) {
    parts.push(chunk);
    largestChunk = Math.max(largestChunk, chunk.byteLength);
  }
  return { bytes: Buffer.concat(parts), chunks: parts.length, largestChunk };
}

/** `total` pseudo-random bytes made as they are asked for (never all at once), `size` at a time; `hash` sees them all. */
async function* generated(total: number, size: number, hash: ReturnType<typeof createHash>): AsyncIterable<Uint8Array> {
  for (let sent = 0; sent < total; sent += size) {
    const chunk = randomBytes(Math.min(size, total - sent));
    hash.update(chunk);
    yield chunk;
  }
}

/** A source that yields `first`, then waits for `release()` before yielding `rest` and ending. */
function gatedSource(first: Uint8Array, rest: Uint8Array) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let startedResolve!: () => void;
  const started = new Promise<void>((resolve) => (startedResolve = resolve));
  async function* source(): AsyncIterable<Uint8Array> {
    yield first;
    startedResolve();
    await gate;
    yield rest;
  }
  return { source: source(), started, release };
}

describe.each(adapters)('object store contract: %s', (_label, make) => {
  let adapter: Adapter;
  let store: ObjectStore;
  beforeAll(async () => {
    adapter = await make();
    store = adapter.store;
  });
  afterAll(async () => adapter?.cleanup());

  it('puts an object from chunks and reads the same bytes back with its size', async () => {
    const info = await store.put('rec_put.wav', chunksOf(bytes('RIFF'), bytes('-hello-'), bytes('world')));
    expect(info).toEqual({ name: 'rec_put.wav', size: 16 });
    expect(await store.info('rec_put.wav')).toEqual({ name: 'rec_put.wav', size: 16 });
    const object = await store.get('rec_put.wav');
    expect(object?.info).toEqual({ name: 'rec_put.wav', size: 16 });
    expect((await readAll(object!.data)).bytes.toString()).toBe('RIFF-hello-world');
  });

  it('a missing object is null to get and info, and false to delete', async () => {
    expect(await store.get('rec_never.wav')).toBeNull();
    expect(await store.info('rec_never.wav')).toBeNull();
    expect(await store.delete('rec_never.wav')).toBe(false);
  });

  it('deletes an object: gone for get, info and list; a second delete finds nothing', async () => {
    await store.put('rec_delete.wav', chunksOf(bytes('bye')));
    expect(await store.delete('rec_delete.wav')).toBe(true);
    expect(await store.get('rec_delete.wav')).toBeNull();
    expect(await store.info('rec_delete.wav')).toBeNull();
    expect((await store.list()).map((o) => o.name)).not.toContain('rec_delete.wav');
    expect(await store.delete('rec_delete.wav')).toBe(false);
  });

  it('lists every object in name order with its size', async () => {
    await store.put('list_b', chunksOf(bytes('bb')));
    await store.put('list_a', chunksOf(bytes('a')));
    await store.put('list_c', chunksOf());
    const listed = (await store.list()).filter((o) => o.name.startsWith('list_'));
    expect(listed).toEqual([
      { name: 'list_a', size: 1 },
      { name: 'list_b', size: 2 },
      { name: 'list_c', size: 0 },
    ]);
  });

  it('an empty object reads back as no bytes', async () => {
    await store.put('empty', chunksOf());
    const object = await store.get('empty');
    expect(object?.info.size).toBe(0);
    expect((await readAll(object!.data)).bytes.length).toBe(0);
  });

  it('a put under an existing name replaces the object', async () => {
    await store.put('replaced', chunksOf(bytes('first version, longer')));
    await store.put('replaced', chunksOf(bytes('second')));
    const object = await store.get('replaced');
    expect(object?.info.size).toBe(6);
    expect((await readAll(object!.data)).bytes.toString()).toBe('second');
  });

  it('an object being written is not visible until its put completes', async () => {
    const { source, started, release } = gatedSource(randomBytes(200_000), bytes('end'));
    const put = store.put('in_progress', source);
    await started;
    expect(await store.info('in_progress')).toBeNull();
    expect((await store.list()).map((o) => o.name)).not.toContain('in_progress');
    release();
    expect(await put).toEqual({ name: 'in_progress', size: 200_003 });
    expect(await store.info('in_progress')).toEqual({ name: 'in_progress', size: 200_003 });
  });

  it('a put whose source fails stores nothing and keeps the previous version', async () => {
    await store.put('failing', chunksOf(bytes('kept')));
    async function* broken(): AsyncIterable<Uint8Array> {
      yield randomBytes(300_000);
      throw new Error('the recording broke');
    }
    await expect(store.put('failing', broken())).rejects.toThrow('the recording broke');
    await expect(store.put('failing_new', broken())).rejects.toThrow('the recording broke');
    expect(await store.info('failing_new')).toBeNull();
    expect((await readAll((await store.get('failing'))!.data)).bytes.toString()).toBe('kept');
    expect(adapter.leftovers()).toEqual([]);
  });

  it('a large object streams in and out in bounded chunks, byte for byte', async () => {
    const total = 12 * 1024 * 1024 + 321;
    const written = createHash('sha256');
    const info = await store.put('large.wav', generated(total, 48 * 1024 + 7, written));
    expect(info.size).toBe(total);
    const object = await store.get('large.wav');
    const read = createHash('sha256');
    let size = 0;
    let chunks = 0;
    let largestChunk = 0;
    for await (const chunk of object!.data) {
      read.update(chunk);
      size += chunk.byteLength;
      chunks++;
      largestChunk = Math.max(largestChunk, chunk.byteLength);
    }
    expect(size).toBe(total);
    expect(read.digest('hex')).toBe(written.digest('hex'));
    expect(chunks).toBeGreaterThan(10);
    expect(largestChunk).toBeLessThanOrEqual(128 * 1024);
  });

  it('a reader may stop early (the rest is not read) and read the object again', async () => {
    const written = createHash('sha256');
    await store.put('partly', generated(2 * 1024 * 1024, 64 * 1024, written));
    const first = await store.get('partly');
    for await (const chunk of first!.data) {
      expect(chunk.byteLength).toBeGreaterThan(0);
      break;
    }
    const again = await store.get('partly');
    expect((await readAll(again!.data)).bytes.length).toBe(2 * 1024 * 1024);
  });

  it('refuses hostile names before touching anything', async () => {
    const hostile = ['', '.', '..', '../escape', '.hidden', 'a/b', 'a\\b', 'nul\0byte', 'sp ace', 'x'.repeat(129), '%2e%2e', 'ü'];
    for (const name of hostile) {
      await expect(store.put(name, chunksOf(bytes('x'))), name).rejects.toBeInstanceOf(InvalidObjectNameError);
      await expect(store.get(name), name).rejects.toBeInstanceOf(InvalidObjectNameError);
      await expect(store.info(name), name).rejects.toBeInstanceOf(InvalidObjectNameError);
      await expect(store.delete(name), name).rejects.toBeInstanceOf(InvalidObjectNameError);
    }
    expect((await store.list()).map((o) => o.name).filter((n) => hostile.includes(n))).toEqual([]);
  });
});

describe('nats object store', () => {
  it('NATS unreachable is a BusError unavailable (the API answers 503), not a crash', async () => {
    const opening = openNatsObjectStore({ url: 'nats://127.0.0.1:1', bucket: 'never_opened', replicas: 1 });
    await expect(opening).rejects.toBeInstanceOf(BusError);
    await expect(opening).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('replicas a lone server cannot place are refused at open with a message naming the setting, creating nothing', async () => {
    const prefix = uniquePrefix('objr');
    const opening = openNatsObjectStore({ url: serviceUrls.nats, bucket: `${prefix}_recordings`, replicas: 3 });
    await expect(opening).rejects.toMatchObject({ code: 'replicas_unavailable', message: expect.stringContaining('SENTRAL_NATS_REPLICAS=3') });
    const store = await openNatsObjectStore({ url: serviceUrls.nats, bucket: `${prefix}_recordings`, replicas: 1 });
    try {
      expect(await store.list()).toEqual([]);
    } finally {
      await store.close();
      await deleteNatsPrefix(prefix);
    }
  });
});
