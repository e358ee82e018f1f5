import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSentralClient, type SentralClient } from '@sentral/client';
import { firstStartSecrets, runSentral, untilStatus, type SentralProcess } from '../../test/support/sentral-process.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NUMBER = '+4723000951';

/** An example program running as a user would run it, with what it printed. */
interface Example {
  child: ChildProcess;
  output(): string;
  printed(pattern: RegExp): Promise<RegExpExecArray>;
  exited: Promise<number | null>;
}

const running: Example[] = [];

function runExample(name: string, args: string[], env: Record<string, string>): Example {
  const child = spawn(process.execPath, ['--conditions=sentral-source', '--import', 'tsx', join('examples', name), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  const watchers: Array<{ pattern: RegExp; resolve: (m: RegExpExecArray) => void; reject: (e: Error) => void }> = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => {
    for (const w of watchers.splice(0)) w.reject(new Error(`${name} exited (${code}) before printing ${w.pattern}:\n${text}`));
    resolve(code);
  }));
  const onData = (chunk: Buffer): void => {
    text += chunk.toString();
    for (const w of [...watchers]) {
      const m = w.pattern.exec(text);
      if (m) {
        watchers.splice(watchers.indexOf(w), 1);
        w.resolve(m);
      }
    }
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const example: Example = {
    child,
    output: () => text,
    printed(pattern) {
      const m = pattern.exec(text);
      return m ? Promise.resolve(m) : new Promise((resolve, reject) => watchers.push({ pattern, resolve, reject }));
    },
    exited,
  };
  running.push(example);
  return example;
}

let proc: SentralProcess;
let api = '';
let liveKey = '';
let profileId = '';
let client: SentralClient;
const dataDir = mkdtempSync(join(tmpdir(), 'sentral-examples-'));

beforeAll(async () => {
  proc = runSentral(['start'], { SENTRAL_DATA_DIR: dataDir, SENTRAL_ALLOW_INSECURE_TARGETS: '1' });
  api = await proc.apiUrl;
  await untilStatus(`${api}/readyz`, 200, 60_000);
  const secrets = await firstStartSecrets(proc);
  const adminToken = secrets.adminToken;
  liveKey = secrets.liveKey;
  profileId = secrets.profileId;
  const admin = createSentralClient({ baseUrl: api, apiKey: adminToken });
  const number = await admin.POST('/admin/v1/numbers', { body: { number: NUMBER, companyId: secrets.companyId, profileId } });
  expect(number.response.status, JSON.stringify(number.error)).toBe(201);
  client = createSentralClient({ baseUrl: api, apiKey: liveKey });
}, 180_000);
afterAll(async () => {
  for (const example of running) if (example.child.exitCode === null) example.child.kill('SIGTERM');
  await Promise.all(running.map((e) => e.exited));
  await proc?.stop('SIGINT');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('examples/ against a standalone sentral', () => {
  it('the outbound-call script streams a call to the voice bot, which greets, is interrupted (clear), answers, and the receiver verifies the events', async () => {
    const env = { SENTRAL_API_URL: api, SENTRAL_KEY: liveKey };
    const receiver = runExample('webhook-receiver.ts', [], { ...env, RECEIVER_PORT: '0' });
    const bot = runExample('voice-bot.ts', [], { ...env, BOT_PORT: '0' });
    await receiver.printed(/receiver: listening/);
    const endpointId = (await bot.printed(/bot: endpoint (ep_\S+)/))[1]!;
    await bot.printed(/bot: listening/);

    const call = runExample('outbound-call.ts', ['--profile', profileId, '--from', NUMBER, '--to', '+442079460001', '--endpoint', endpointId, '--hangup-after', '60'], env);
    const callId = (await call.printed(/call: (call_\S+) dialing/))[1]!;
    await call.printed(/in_progress/);

    // The test line greets at answer while the bot is still greeting: the bot clears its speech, its mark
    // comes back (cleared), and once the line is quiet it answers and hears that answer's mark played.
    await bot.printed(/bot: start \S+/);
    await bot.printed(/bot: say greeting/);
    await bot.printed(/bot: barge-in during greeting-1: clear/);
    await bot.printed(/bot: mark greeting-1/);
    await bot.printed(/bot: say reply/);
    await bot.printed(/bot: mark reply-2/);

    await client.POST('/v1/calls/{id}/hangup', { params: { path: { id: callId } } });
    await call.printed(/ended \(hangup_api\)/);
    expect(await call.exited).toBe(0);
    await bot.printed(/bot: stop/);
    const ended = await receiver.printed(/receiver: call\.ended (\{.*\})/);
    expect(JSON.parse(ended[1]!)).toMatchObject({ callId, reason: 'hangup_api' });
    expect(receiver.output()).not.toContain('refused');
  }, 120_000);

  it('the room bot joins its call\'s media room with the published client, hears the echo phone play its tone back, and hangs up', async () => {
    const bot = runExample('room-bot.ts', ['--profile', profileId, '--from', NUMBER, '--to', '+442079460008'], { SENTRAL_API_URL: api, SENTRAL_KEY: liveKey });
    const callId = (await bot.printed(/bot: joined (call_\S+) as part_\S+/))[1]!;
    await bot.printed(/bot: heard the phone \(level \d+\)\nbot: heard half a second of it: hanging up/);
    await bot.printed(/bot: room closed: room_participant_removed/);
    expect(await bot.exited).toBe(0);
    const { data: call } = await client.GET('/v1/calls/{id}', { params: { path: { id: callId } } });
    expect(call).toMatchObject({ state: 'ended', endReason: 'hangup_api' });
  }, 60_000);

  it('the webhook receiver refuses a delivery it cannot verify', async () => {
    const receiver = runExample('webhook-receiver.ts', [], { SENTRAL_ENDPOINT_SECRET: 'whsec_' + Buffer.alloc(24, 7).toString('base64'), RECEIVER_PORT: '0' });
    const url = (await receiver.printed(/receiver: listening on (\S+)/))[1]!;
    const res = await fetch(url, { method: 'POST', body: '{"type":"call.ended"}', headers: { 'webhook-id': 'msg_1', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' } });
    expect(res.status).toBe(400);
    await receiver.printed(/refused a delivery/);
  });

  it('the outbound-call script prints usage and exits 2 without its arguments', async () => {
    const call = runExample('outbound-call.ts', [], {});
    expect(await call.exited).toBe(2);
    expect(call.output()).toContain('usage:');
  });
});
