import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocketServer } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStartSecrets, runSentral, untilStatus, type SentralProcess } from '../../../test/support/sentral-process.js';
import { generatedFiles } from '../scripts/generate.js';
import { assertStartMatches, createSentralClient, verifyStreamUpgrade, verifyWebhook, WebhookVerificationError, type SentralClient } from '../src/index.js';

/** A standalone sentral as `npm start` runs it, and what its first start printed. */
let proc: SentralProcess;
let api = '';
let adminToken = '';
let testKey = '';
let companyId = '';
let profileId = '';
let client: SentralClient;
let admin: SentralClient;
const dataDir = mkdtempSync(join(tmpdir(), 'sentral-client-'));
const NUMBER = '+4723000901';

beforeAll(async () => {
  proc = runSentral(['start'], { SENTRAL_DATA_DIR: dataDir, SENTRAL_ALLOW_INSECURE_TARGETS: '1' });
  api = await proc.apiUrl;
  await untilStatus(`${api}/readyz`, 200, 60_000);
  ({ adminToken, testKey, companyId, profileId } = await firstStartSecrets(proc));
  client = createSentralClient({ baseUrl: api, apiKey: testKey });
  admin = createSentralClient({ baseUrl: api, apiKey: adminToken });
  const number = await admin.POST('/admin/v1/numbers', { body: { number: NUMBER, companyId, profileId } });
  expect(number.response.status, JSON.stringify(number.error)).toBe(201);
}, 180_000);
afterAll(async () => {
  await proc?.stop('SIGINT');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A loopback server for webhooks and streams, as a customer would run. */
interface Hook {
  headers: IncomingHttpHeaders;
  body: string;
}

function customerServer(): Promise<{ url: string; server: Server; firstHook: Promise<Hook>; wss: WebSocketServer }> {
  let received: (hook: Hook) => void;
  const firstHook = new Promise<Hook>((resolve) => (received = resolve));
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received({ headers: req.headers, body });
      res.writeHead(200).end();
    });
  });
  const wss = new WebSocketServer({ server });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, server, firstHook, wss })));
}

describe('the generated client', () => {
  it('is up to date with the OpenAPI document and the room protocol (if not: npm run client:generate, and commit the result)', async () => {
    const files = await generatedFiles();
    for (const [name, text] of Object.entries(files)) {
      const onDisk = readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');
      expect(onDisk === text, `clients/typescript/${name} is stale: run \`npm run client:generate\` and commit it`).toBe(true);
    }
  }, 60_000);

  it('starts a call with an Idempotency-Key of its own, and a retry with the same key returns the same call', async () => {
    const created = await client.POST('/v1/calls', { body: { profileId, participants: [{ kind: 'app' }] } });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    expect(created.data!.state).toBe('in_progress');
    const key = `client-${Date.now()}`;
    const body = { profileId, participants: [{ kind: 'app' as const }] };
    const [a, b] = await Promise.all([
      client.POST('/v1/calls', { body, params: { header: { 'Idempotency-Key': key } } }),
      client.POST('/v1/calls', { body, params: { header: { 'Idempotency-Key': key } } }),
    ]);
    expect([a.response.status, b.response.status].sort()).toEqual([201, 201]);
    expect(a.data!.id).toBe(b.data!.id);
    expect(a.data!.id).not.toBe(created.data!.id);
    await client.POST('/v1/calls/{id}/hangup', { params: { path: { id: a.data!.id } } });
    await client.POST('/v1/calls/{id}/hangup', { params: { path: { id: created.data!.id } } });
  });

  it('answers errors as typed error bodies', async () => {
    const missing = await client.GET('/v1/calls/{id}', { params: { path: { id: 'call_doesnotexist' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error.code).toBe('not_found');
  });

  it('verifies webhook deliveries (v1 with the secret, v1a with the public key) and refuses a changed body', async () => {
    const receiver = await customerServer();
    try {
      const endpoint = await client.POST('/v1/webhook-endpoints', { body: { url: receiver.url, events: ['*'] } });
      expect(endpoint.response.status, JSON.stringify(endpoint.error)).toBe(201);
      const { id, secret } = endpoint.data!;
      const ed = await client.PUT('/v1/webhook-endpoints/{id}/ed25519', { params: { path: { id } } });
      const publicKey = ed.data!.publicKey!;
      expect(publicKey).toMatch(/^whpk_/);
      await client.POST('/v1/webhook-endpoints/{id}/test', { params: { path: { id } } });
      const hook = await receiver.firstHook;
      expect(verifyWebhook(hook.headers, hook.body, secret!).type).toBeTruthy();
      expect(verifyWebhook(hook.headers, hook.body, publicKey).id).toBe(JSON.parse(hook.body).id);
      expect(() => verifyWebhook(hook.headers, hook.body.replace('}', ',"x":1}'), secret!)).toThrow(WebhookVerificationError);
      expect(() => verifyWebhook(hook.headers, hook.body, { secret: secret!, now: Date.now() + 3_600_000 })).toThrow(WebhookVerificationError);
      expect(() => verifyWebhook({}, hook.body, secret!)).toThrow(WebhookVerificationError);
    } finally {
      receiver.wss.close();
      receiver.server.close();
    }
  });

  it('verifies a stream\'s svc-stream upgrade and its start message on the customer\'s WebSocket server', async () => {
    const server = await customerServer();
    try {
      const endpoint = await client.POST('/v1/webhook-endpoints', { body: { url: server.url, events: ['call.*'] } });
      const { id: endpointId, secret } = endpoint.data!;
      const checked = new Promise<{ streamId: string; started: string }>((resolve, reject) => {
        server.wss.on('connection', (socket, req) => {
          try {
            const { streamId } = verifyStreamUpgrade(req.headers, { url: server.url, secret: secret! });
            socket.on('message', (data) => {
              const message = JSON.parse(data.toString()) as { event: string };
              if (message.event !== 'start') return;
              try {
                assertStartMatches(message, streamId);
                resolve({ streamId, started: (message as unknown as { streamSid: string }).streamSid });
              } catch (err) {
                reject(err);
              }
            });
          } catch (err) {
            reject(err);
          }
        });
      });
      const call = await client.POST('/v1/calls', { body: { profileId, to: '+442079460001', from: NUMBER, stream: { endpointId } } });
      expect(call.response.status, JSON.stringify(call.error)).toBe(201);
      const { streamId, started } = await checked;
      expect(started).toBe(streamId);
      expect(() => verifyStreamUpgrade({ 'svc-stream': 't=1;id=x;sig=v1,AAAA' }, { url: server.url, secret: secret! })).toThrow();
      await client.POST('/v1/calls/{id}/hangup', { params: { path: { id: call.data!.id } } });
    } finally {
      server.wss.close();
      server.server.close();
    }
  });

  it('pages through the event log with the cursor the list names, fetching the next page only when needed', async () => {
    const all = await client.GET('/v1/events', { params: { query: { limit: 100 } } });
    const expected = all.data!.data.map((e) => e.id);
    expect(expected.length).toBeGreaterThan(3);
    const seen: string[] = [];
    for await (const event of client.paginate('/v1/events', { query: { limit: 2 } })) seen.push(event.id);
    expect(seen.slice(0, expected.length)).toEqual(expected);
    const first: string[] = [];
    for await (const event of client.paginate('/v1/events', { query: { limit: 2 } })) {
      first.push(event.id);
      if (first.length === 3) break;
    }
    expect(first).toEqual(expected.slice(0, 3));
  });
});

describe('retries', () => {
  it('repeat a request answered 409 idempotency_in_flight or 503 with Retry-After, with the same Idempotency-Key', async () => {
    const seen: Array<string | undefined> = [];
    const answers = [
      { status: 409, headers: {}, body: { error: { code: 'idempotency_in_flight', message: 'in flight' } } },
      { status: 503, headers: { 'retry-after': '2' }, body: { error: { code: 'media_unavailable', message: 'busy' } } },
      { status: 201, headers: {}, body: { object: 'call', id: 'call_1' } },
    ];
    const server = createServer((req, res) => {
      seen.push(req.headers['idempotency-key'] as string | undefined);
      req.resume();
      const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const waits: number[] = [];
    const retrying = createSentralClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'sk_test_x', sleep: async (ms) => void waits.push(ms) });
    try {
      const res = await retrying.POST('/v1/calls', { body: { profileId: 'p', participants: [{ kind: 'app' }] } });
      expect(res.response.status).toBe(201);
      expect(seen).toHaveLength(3);
      expect(new Set(seen).size).toBe(1);
      expect(seen[0]).toMatch(/^[0-9a-f-]{36}$/);
      expect(waits).toEqual([250, 2000]);

      // Other errors are final, and a request without a key (not idempotent) is never repeated.
      seen.length = 0;
      answers.splice(0, answers.length, { status: 409, headers: {}, body: { error: { code: 'idempotency_key_reuse', message: 'reuse' } } });
      expect((await retrying.POST('/v1/calls', { body: { profileId: 'p', participants: [{ kind: 'app' }] } })).response.status).toBe(409);
      expect(seen).toHaveLength(1);
      seen.length = 0;
      answers.splice(0, answers.length, { status: 503, headers: { 'retry-after': '1' }, body: { error: { code: 'x', message: 'x' } } });
      expect((await retrying.POST('/v1/api-keys', { body: { mode: 'test', name: 'k', scopes: ['calls:read'] } })).response.status).toBe(503);
      expect(seen).toEqual([undefined]);
    } finally {
      server.close();
    }
  });
});

describe('the packed package', () => {
  it('installs from its npm pack tarball in a project outside the repository and places a call with plain node (ESM and CommonJS)', async () => {
    const work = mkdtempSync(join(tmpdir(), 'sentral-client-pack-'));
    try {
      const packageDir = fileURLToPath(new URL('..', import.meta.url));
      // prepack builds dist/ (tsc, ESM and CommonJS with declarations); the tarball holds only dist and the README.
      const packed = JSON.parse(await run('npm', ['pack', '--json', '--pack-destination', work], packageDir)) as Array<{ filename: string; files: Array<{ path: string }> }>;
      const files = packed[0]!.files.map((f) => f.path);
      expect(files).toContain('dist/esm/index.js');
      expect(files).toContain('dist/cjs/index.js');
      expect(files).toContain('dist/esm/index.d.ts');
      expect(files.filter((f) => f.startsWith('src/'))).toEqual([]);
      const app = join(work, 'app');
      mkdirSync(app);
      writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'customer-app', version: '1.0.0', private: true }));
      await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(work, packed[0]!.filename)], app);
      const program = (load: string) => `${load}
const sentral = createSentralClient({ baseUrl: process.env.SENTRAL_API_URL, apiKey: process.env.SENTRAL_KEY });
const created = await sentral.POST('/v1/calls', { body: { profileId: process.env.PROFILE_ID, participants: [{ kind: 'app' }] } });
if (!created.data) throw new Error(JSON.stringify(created.error));
const ids = [];
for await (const call of sentral.paginate('/v1/calls', { query: { limit: 1 } })) ids.push(call.id);
await sentral.POST('/v1/calls/{id}/hangup', { params: { path: { id: created.data.id } } });
console.log(JSON.stringify({ id: created.data.id, state: created.data.state, listed: ids.includes(created.data.id), key: created.response.headers.get('idempotency-replayed') }));`;
      writeFileSync(join(app, 'app.mjs'), program("import { createSentralClient } from '@sentral/client';"));
      writeFileSync(join(app, 'app.cjs'), `const { createSentralClient } = require('@sentral/client');\n(async () => {${program('')}\n})().catch((err) => { console.error(err); process.exit(1); });`);
      const env = { SENTRAL_API_URL: api, SENTRAL_KEY: testKey, PROFILE_ID: profileId };
      for (const file of ['app.mjs', 'app.cjs']) {
        const out = JSON.parse(await run(process.execPath, [file], app, env)) as { id: string; state: string; listed: boolean };
        expect(out, file).toMatchObject({ state: 'in_progress', listed: true });
        const read = await client.GET('/v1/calls/{id}', { params: { path: { id: out.id } } });
        expect(read.response.status, file).toBe(200);
      }
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 180_000);
});

/** Runs a program to its end and returns what it printed; a non-zero exit fails with its output. */
function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${out}\n${err}`))));
  });
}
