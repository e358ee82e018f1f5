import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRecordingsCommand } from '../../control/cli/recordings-command.js';
import { writeWav } from '../../shared/audio/wav.js';
import { loadConfig, type Config } from '../../shared/config/config.js';
import { openNatsObjectStore } from '../../shared/objects/nats-object-store.js';
import type { ObjectStore } from '../../shared/objects/object-store.js';
import { openRecordingsStore, recordingsBucket } from '../../shared/objects/recordings-store.js';
import { deleteNatsPrefix } from '../support/nats-cleanup.js';
import { runSentral } from '../support/sentral-process.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';

const prefix = uniquePrefix('migrate');
const root = mkdtempSync(join(tmpdir(), 'sentral-migrate-'));
const dataDir = join(root, 'data');
const recordingsDir = join(dataDir, 'recordings');
// Nothing listens on port 1: the command must need neither PostgreSQL nor Redis.
const env = { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1', NATS_URL: serviceUrls.nats, SENTRAL_PREFIX: prefix, SENTRAL_DATA_DIR: dataDir };
const config: Config = loadConfig(env);

// Recordings as media nodes wrote them before the object store: WAV files in the data directory.
const small = writeWav(Int16Array.from({ length: 16000 }, (_, i) => Math.round(8000 * Math.sin(i / 10))), 16000);
const large = Buffer.concat([writeWav(new Int16Array(0), 16000), randomBytes(3 * 1024 * 1024)]);

let bucket: ObjectStore;
beforeAll(async () => {
  mkdirSync(recordingsDir, { recursive: true });
  writeFileSync(join(recordingsDir, 'rec_old1.wav'), small);
  writeFileSync(join(recordingsDir, 'rec_old2.wav'), large);
  // A recording a crashed node was still writing: hidden, never copied.
  writeFileSync(join(recordingsDir, '.rec_half.wav.1a2b.part'), randomBytes(100));
  bucket = await openNatsObjectStore({ url: serviceUrls.nats, bucket: recordingsBucket(config), replicas: 1 });
});
afterAll(async () => {
  await bucket?.close();
  await deleteNatsPrefix(prefix);
  rmSync(root, { recursive: true, force: true });
});

/** The SHA-256 of the object's bytes (comparing megabytes with toEqual takes the test's time), or null. */
async function digestOf(store: ObjectStore, name: string): Promise<string | null> {
  const object = await store.get(name);
  if (!object) return null;
  const hash = createHash('sha256');
  for await (const chunk of object.data) hash.update(chunk);
  return hash.digest('hex');
}

const digest = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

function collector() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, output: { out: (l: string) => out.push(l), err: (l: string) => err.push(l) } };
}

describe('sentral recordings migrate', () => {
  it('before the migration the cluster store serves the old files from the local directory', async () => {
    const store = await openRecordingsStore(config);
    try {
      expect(await bucket.info('rec_old1.wav')).toBeNull();
      expect(await digestOf(store, 'rec_old1.wav')).toBe(digest(small));
    } finally {
      await store.close();
    }
  });

  it('the command copies every recording file into the NATS object store, byte for byte', async () => {
    const cli = runSentral(['recordings', 'migrate'], env);
    expect(await cli.exited, cli.output()).toBe(0);
    await cli.closed;
    expect(cli.output()).toContain('2 copied, 0 already in the store, 0 removed');
    expect(await digestOf(bucket, 'rec_old1.wav')).toBe(digest(small));
    expect(await digestOf(bucket, 'rec_old2.wav')).toBe(digest(large));
    expect((await bucket.list()).map((o) => o.name)).toEqual(['rec_old1.wav', 'rec_old2.wav']);
    // The files stay until asked to go.
    expect(readdirSync(recordingsDir).sort()).toEqual(['.rec_half.wav.1a2b.part', 'rec_old1.wav', 'rec_old2.wav']);
  }, 60_000);

  it('running it again copies nothing; --remove deletes the files the store holds', async () => {
    const again = collector();
    expect(await runRecordingsCommand(['migrate'], config, again.output)).toBe(0);
    expect(again.out.at(-1)).toMatch(/^0 copied, 2 already in the store, 0 removed/);
    const removing = collector();
    expect(await runRecordingsCommand(['migrate', '--remove'], config, removing.output)).toBe(0);
    expect(removing.out.at(-1)).toMatch(/^0 copied, 2 already in the store, 2 removed/);
    expect(existsSync(join(recordingsDir, 'rec_old1.wav'))).toBe(false);
    expect(existsSync(join(recordingsDir, 'rec_old2.wav'))).toBe(false);
    const store = await openRecordingsStore(config);
    try {
      expect(await digestOf(store, 'rec_old2.wav')).toBe(digest(large));
    } finally {
      await store.close();
    }
  });

  it('copies from another directory with --from (the volume the media nodes shared)', async () => {
    const shared = join(root, 'shared-volume');
    mkdirSync(shared);
    writeFileSync(join(shared, 'rec_shared.wav'), small);
    const run = collector();
    expect(await runRecordingsCommand(['migrate', '--from', shared], config, run.output)).toBe(0);
    expect(run.out).toContain(`copied  rec_shared.wav (${small.length} bytes)`);
    expect(await digestOf(bucket, 'rec_shared.wav')).toBe(digest(small));
  });

  it('refuses wrong usage and a configuration without the object store, copying nothing', async () => {
    for (const args of [['nonsense'], ['migrate', 'extra'], ['migrate', '--frm', 'x'], []]) {
      const run = collector();
      expect(await runRecordingsCommand(args, config, run.output), args.join(' ')).toBe(2);
    }
    const local = collector();
    expect(await runRecordingsCommand(['migrate'], loadConfig({ ...env, SENTRAL_RECORDINGS_STORE: 'local' }), local.output)).toBe(2);
    expect(local.err.join('\n')).toContain('no object store to copy them to');
    const standalone = collector();
    expect(await runRecordingsCommand(['migrate'], loadConfig({ SENTRAL_DATA_DIR: dataDir }), standalone.output)).toBe(2);
  });

  it('SENTRAL_RECORDINGS_STORE=nats needs cluster mode; other values are refused', () => {
    expect(() => loadConfig({ SENTRAL_RECORDINGS_STORE: 'nats' })).toThrow('SENTRAL_RECORDINGS_STORE: nats needs cluster mode');
    expect(() => loadConfig({ ...env, SENTRAL_RECORDINGS_STORE: 's3' })).toThrow('SENTRAL_RECORDINGS_STORE: expected one of local, nats');
    expect(loadConfig(env).recordingsStore).toBe('nats');
    expect(loadConfig({}).recordingsStore).toBe('local');
  });
});
