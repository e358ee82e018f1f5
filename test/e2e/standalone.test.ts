import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSentral, untilStatus } from '../support/sentral-process.js';

describe('standalone (npm start)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentral-standalone-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  let testKey = '';

  it('answers /readyz 200 on a fresh data directory, prints the keys once, and exits 0 on Ctrl-C', async () => {
    const proc = runSentral(['start'], { SENTRAL_DATA_DIR: dataDir });
    const api = await proc.apiUrl;
    const ready = await untilStatus(`${api}/readyz`, 200, 60_000);
    expect(ready.body).toEqual({ status: 'ready', failing: [] });
    expect((await fetch(`${api}/healthz`)).status).toBe(200);
    const metrics = await (await fetch(`${api}/metrics`)).text();
    expect(metrics).toContain('process_cpu_user_seconds_total');

    const printed = proc.output();
    expect(printed).toMatch(/admin token +sat_/);
    testKey = /demo test key +(sk_test_\S+)/.exec(printed)![1]!;
    const profiles = await fetch(`${api}/v1/profiles`, { headers: { authorization: `Bearer ${testKey}` } });
    expect(profiles.status).toBe(200);

    expect(await proc.stop('SIGINT')).toBe(0);
    // A first start creates the embedded database (PGlite's initdb and every migration, in WebAssembly):
    // about 10 s alone on a 2-core machine, three times that beside the rest of the suite.
  }, 90_000);

  it('a second start sees the data of the first and prints no keys again', async () => {
    const proc = runSentral(['start'], { SENTRAL_DATA_DIR: dataDir });
    const api = await proc.apiUrl;
    await untilStatus(`${api}/readyz`, 200, 60_000);
    const res = await fetch(`${api}/v1/profiles`, { headers: { authorization: `Bearer ${testKey}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { slug: string }[] };
    expect(body.data.map((p) => p.slug)).toContain('demo');
    expect(proc.output()).not.toMatch(/never shown again|sk_test_|sat_/);
    expect(await proc.stop('SIGTERM')).toBe(0);
  }, 60_000);
});

describe('the CLI', () => {
  it('stops with a message naming the variable when a setting is wrong', async () => {
    const proc = runSentral(['start'], { SENTRAL_API_PORT: 'eighty' });
    expect(await proc.exited).toBe(2);
    expect(proc.output()).toContain('SENTRAL_API_PORT');
  });

  it('runs the worker role (the call actor host) and stops it cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sentral-worker-'));
    try {
      const proc = runSentral(['worker'], { SENTRAL_DATA_DIR: dir, SENTRAL_LOG_LEVEL: 'info' });
      await new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (proc.output().includes('actor host started')) resolve();
        };
        proc.child.stdout!.on('data', check);
        proc.child.stderr!.on('data', check);
        void proc.exited.then(() => reject(new Error(`worker exited early:\n${proc.output()}`)));
        check();
      });
      expect(await proc.stop('SIGTERM'), proc.output().slice(-3000)).toBe(0);
      expect(proc.output()).toContain('actor host stopped');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // A new data directory: the embedded PostgreSQL's first start (initdb and every migration) comes first.
  }, 90_000);

  it('lists its commands with --help', async () => {
    const proc = runSentral(['--help'], {});
    expect(await proc.exited).toBe(0);
    for (const command of ['start', 'api', 'worker', 'dispatcher', 'media', 'migrate', 'admin']) {
      expect(proc.output()).toContain(command);
    }
  });
});
