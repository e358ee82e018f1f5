import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type AddressInfo } from 'node:net';
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
    // The console opens from the link printed with them: it signs in once.
    expect(proc.output()).toContain(`console ${api}/console`);
    const link = /console +(\S+)\/console\/sign-in#(csl_\S+)/.exec(framed)!;
    expect(link[1]).toBe(api);
    const signIn = () => fetch(`${api}/v1/console-sessions/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: link[2] }) });
    const first = await signIn();
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toMatch(/^sentral_console=css_\w+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Strict$/);
    expect((await signIn()).status).toBe(401);
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

describe('a start whose port is taken', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentral-port-taken-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('exits 1 with the address error, stops what it started, and keeps the first-start secrets for the next start', { timeout: 180_000 }, async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = String((holder.address() as AddressInfo).port);
    try {
      const taken = runSentral(['start'], { SENTRAL_DATA_DIR: dataDir, SENTRAL_LOG_LEVEL: 'info', SENTRAL_API_PORT: port });
      expect(await taken.exited, taken.output()).toBe(1);
      expect(taken.output()).toMatch(new RegExp(`EADDRINUSE[^\\n]*127\\.0\\.0\\.1:${port}`));
      // The parts that had started were stopped, not left retrying against closed services.
      expect(taken.output()).not.toMatch(/is closed|CONNECTION_ENDED/);
      expect(taken.output()).not.toMatch(/sat_|sk_test_|never shown again/);
    } finally {
      holder.close();
    }
    const next = runSentral(['start'], { SENTRAL_DATA_DIR: dataDir });
    await next.printed(/demo live key +sk_live_\S+ *\|\n\+=+\+\n/);
    expect(next.output()).toMatch(/admin token +sat_\S+/);
    expect(await next.stop('SIGINT')).toBe(0);
  });
});
