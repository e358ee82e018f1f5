import { mkdtempSync, rmSync, statSync, readdirSync, mkdirSync, chmodSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ObjectRecordingStorage } from '../../media/record/recording-storage.js';
import { LocalObjectStore } from '../../shared/objects/local-object-store.js';
import { ClipStore } from '../../media/clips/clip-store.js';
import { SpeechSynthesizer } from '../../media/speech/tts.js';
import { writeWav } from '../../shared/audio/wav.js';
import { startEmbeddedPostgres } from '../../shared/db/embedded-postgres.js';

const root = mkdtempSync(join(tmpdir(), 'sentral-perms-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mode = (path: string): number => statSync(path).mode & 0o777;

describe('customer files are readable by the service user only', () => {
  it('a recording is written 0600 in a 0700 directory, even under a permissive umask', async () => {
    const previous = process.umask(0o000);
    try {
      const files = new LocalObjectStore(join(root, 'data', 'recordings'));
      const writer = await new ObjectRecordingStorage(files).create('rec_1', 16000);
      writer.append(new Int16Array(320));
      await writer.close();
      expect(mode(files.pathOf(writer.key))).toBe(0o600);
      expect(mode(join(root, 'data', 'recordings'))).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  });

  it('audio clips are written 0600 in a 0700 directory, also one that existed with wider rights', async () => {
    const dir = join(root, 'clips');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    const store = new ClipStore(dir);
    await store.saveClip('clip_1', new Int16Array(1600));
    expect(mode(dir)).toBe(0o700);
    for (const file of readdirSync(dir)) expect(mode(join(dir, file)), file).toBe(0o600);
  });

  it('the speech disk cache (the customer\'s text, rendered) is written 0600 in a 0700 directory, even under a permissive umask', async () => {
    // A stand-in for espeak-ng: reads the text, answers a fixed WAV.
    const wav = join(root, 'speech.wav');
    writeFileSync(wav, writeWav(new Int16Array(2205), 22050));
    const binary = join(root, 'espeak.sh');
    writeFileSync(binary, `#!/bin/sh\ncat > /dev/null\ncat '${wav}'\n`, { mode: 0o755 });
    const cacheDir = join(root, 'tts', 'cache');
    const previous = process.umask(0o000);
    try {
      await new SpeechSynthesizer({ binary, cacheDir }).render('private words', 'en-GB', 8000);
    } finally {
      process.umask(previous);
    }
    expect(mode(cacheDir)).toBe(0o700);
    const files = readdirSync(cacheDir);
    expect(files).toHaveLength(1);
    for (const file of files) expect(mode(join(cacheDir, file)), file).toBe(0o600);
  });

  it('the embedded database lives in a 0700 data directory', async () => {
    const dataDir = join(root, 'standalone');
    const db = await startEmbeddedPostgres({ dataDir });
    await db.close();
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'pg'))).toBe(0o700);
  }, 120_000); // PGlite's first start takes tens of seconds on a loaded machine
});
