import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runSentral, untilStatus } from '../support/sentral-process.js';

// `npm start` as a person meets it: the default log level, an empty data directory, output read top to bottom.
describe('a first start a person can read', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentral-first-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { SENTRAL_DATA_DIR: dataDir, SENTRAL_LOG_LEVEL: 'info' };
  let api = '';
  let adminToken = '';

  it('prints a short summary, and the admin token and demo keys last, framed', { timeout: 180_000 }, async () => {
    const proc = runSentral(['start'], env);
    await proc.printed(/demo live key +sk_live_\S+ *\|\n\+=+\+\n/);
    api = await proc.apiUrl;
    await untilStatus(`${api}/readyz`, 200, 20_000);
    const lines = proc.output().trimEnd().split('\n');

    expect(lines.length, proc.output()).toBeLessThanOrEqual(25);
    expect(proc.output()).not.toMatch(/partition (started|lease gained)/);
    expect(proc.output()).toMatch(/sentral start \(standalone mode\)/);
    expect(proc.output()).toMatch(/media node \S+ listening on port \d+/);
    // Requests answered after the summary (readyz above) leave no line: the frame is still the end.
    const bottom = lines.length - 1;
    expect(lines[bottom]).toMatch(/^\+=+\+$/);
    const top = lines.lastIndexOf(lines[bottom]!, bottom - 1);
    const framed = lines.slice(top, bottom + 1).join('\n');
    expect(framed).toMatch(/never shown again/);
    adminToken = /admin token +(sat_\S+)/.exec(framed)![1]!;
    expect(framed).toMatch(/demo test key +sk_test_\S+/);
    expect(framed).toMatch(/demo live key +sk_live_\S+/);
    expect(await proc.stop('SIGINT')).toBe(0);
  });

  it('on a later start prints no secrets, and the command its hint names works', { timeout: 180_000 }, async () => {
    const proc = runSentral(['start'], env);
    const hint = await proc.printed(/(npx sentral admin company create[^\n]*)/);
    api = await proc.apiUrl;
    expect(proc.output()).not.toMatch(/sat_|sk_test_|sk_live_|never shown again/);
    const args = hint[1]!.replace(/^npx sentral /, '').split(/\s+/);
    const admin = runSentral(args, { SENTRAL_ADMIN_URL: api, SENTRAL_ADMIN_TOKEN: adminToken });
    expect(await admin.exited, admin.output()).toBe(0);
    expect(admin.output()).toMatch(/Acme/);
    expect(admin.output()).toMatch(/sk_test_/);
    expect(await proc.stop('SIGTERM')).toBe(0);
  });
});
