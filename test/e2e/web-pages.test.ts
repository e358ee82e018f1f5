import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, speechWav, type TestBrowser } from '../support/browser.js';
import { startCallsSystem, type CallsSystem, type Customer } from './calls-harness.js';

/** RMS (PCM16 units) above which the last second received is speech; below SILENT it is silence. */
const SPEECH = 800;
const SILENT = 60;
const WAIT = { timeout: 25_000 };
// A test waits for several of those in turn.
const LONG = 90_000;

let sys: CallsSystem;
let customer: Customer;
let browser: TestBrowser;
const dir = mkdtempSync(join(tmpdir(), 'sentral-softphone-'));
let seq = 0;

beforeAll(async () => {
  const wav = await speechWav(dir, 'Hello from the softphone. One, two, three, four, five. The quick brown fox jumps over the lazy dog.');
  [sys, browser] = await Promise.all([startCallsSystem(), launchBrowser(wav)]);
  customer = await sys.customer({ balanceOre: 10_000 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await sys?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function startCall(body: Record<string, unknown>): Promise<any> {
  const res = await sys.request(customer.key, 'POST', '/v1/calls', { profileId: customer.profileId, maxMinutes: 2, ...body }, { 'idempotency-key': `phone-${++seq}-${Date.now()}` });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Opens /phone with the connection in the URL fragment and presses Join, as a person would. */
async function openPhone(connection: { url: string; token: string }): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${sys.api}/phone#url=${encodeURIComponent(connection.url)}&token=${encodeURIComponent(connection.token)}`);
  await page.click('#join');
  await page.waitForFunction(() => (globalThis as any).sentralPhone.state === 'joined', null, WAIT);
  return page;
}

const heardAbove = (page: Page, level: number) =>
  page.waitForFunction((l) => (globalThis as any).sentralPhone.receivedLevel(1000) > l, level, WAIT);
const heardBelow = (page: Page, level: number) =>
  page.waitForFunction((l) => (globalThis as any).sentralPhone.receivedLevel(1000) < l, level, WAIT);

describe('the API reference page (/docs) in Chromium', () => {
  it('renders the operations of the served OpenAPI document, loading nothing from another origin', async () => {
    const page = await browser.newPage();
    const origins = new Set<string>();
    page.on('request', (r) => origins.add(new URL(r.url()).origin));
    await page.goto(`${sys.api}/docs`);
    // Redoc renders the whole document in the browser: slow on a busy machine.
    await page.locator('h2', { hasText: 'Start a call' }).first().waitFor({ timeout: 80_000 });
    expect(await page.title()).toContain('sentral API reference');
    expect(await page.locator('h1').first().textContent()).toContain('sentral API');
    await browser.screenshot(page, 'docs', false);
    expect([...origins].filter((o) => o !== 'null')).toEqual([new URL(sys.api).origin]);
    await page.close();
  }, 120_000);
});

describe('the softphone page (/phone) in Chromium', () => {
  it('serves only sentral\'s own files: the page, its modules and worklets, no other origin', async () => {
    const page = await browser.newPage();
    const origins = new Set<string>();
    page.on('request', (r) => origins.add(new URL(r.url()).origin));
    await page.goto(`${sys.api}/phone`);
    await page.waitForFunction(() => (globalThis as any).sentralPhone?.state === 'idle', null, WAIT);
    expect([...origins]).toEqual([new URL(sys.api).origin]);
    await page.close();
  });

  it('joins an app participant of a call with the echo phone and hears its own speech come back; muted, it hears silence', async () => {
    const call = await startCall({ to: '+442079460008', from: customer.number, participants: [{ kind: 'app', externalRef: 'browser' }] });
    const app = call.participants.find((p: any) => p.kind === 'app');
    const page = await openPhone(app.connection);
    // The token came in the fragment and is gone from the address bar at once.
    expect(page.url()).toBe(`${sys.api}/phone`);
    expect(await page.locator('#events').textContent()).toContain(`joined ${call.id} as ${app.id}`);

    await heardAbove(page, SPEECH);
    const meters = await page.evaluate(() => (globalThis as any).sentralPhone.levels());
    expect(meters.input).toBeGreaterThan(0);
    await browser.screenshot(page, 'softphone-echo');

    // Only our own microphone reaches the echo phone: muted, nothing comes back.
    await page.click('#mute');
    expect(await page.getAttribute('#mute', 'aria-pressed')).toBe('true');
    await heardBelow(page, SILENT);
    await browser.screenshot(page, 'softphone-echo-muted');
    await page.click('#mute');
    await heardAbove(page, SPEECH);

    await page.click('#leave');
    await page.waitForFunction(() => (globalThis as any).sentralPhone.state === 'closed', null, WAIT);
    expect(await page.locator('#events').textContent()).toContain('closed 1000');
    await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
    await page.close();
  }, LONG);

  it('two pages in one app-only call hear each other, and muting one silences it for the other', async () => {
    const call = await startCall({ participants: [{ kind: 'app', externalRef: 'alice' }, { kind: 'app', externalRef: 'bob' }] });
    const [aliceInfo, bobInfo] = call.participants;
    const [alice, bob] = [await openPhone(aliceInfo.connection), await openPhone(bobInfo.connection)];
    await Promise.all([heardAbove(alice, SPEECH), heardAbove(bob, SPEECH)]);
    // Each sees the other in the room: Bob found Alice there, Alice saw Bob join.
    expect(await bob.locator('#events').textContent()).toContain(`participant ${aliceInfo.id} (app) present`);
    expect(await alice.locator('#events').textContent()).toContain(`participant ${bobInfo.id} (app) joined`);
    await browser.screenshot(bob, 'softphone-two-pages');

    await alice.click('#mute');
    await heardBelow(bob, SILENT);
    // Alice still hears Bob.
    await heardAbove(alice, SPEECH);

    // A new token supersedes the old one: the page connected with it is closed (4401 room_token_superseded), the
    // others see Bob leave, and the new token connects and is heard again.
    const events = (page: typeof alice, text: string) => page.evaluate((t) => (globalThis as any).sentralPhone.events.filter((e: { text: string }) => e.text === t).length, text);
    const token = await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/participants/${bobInfo.id}/token`, {});
    expect(token.status, JSON.stringify(token.body)).toBe(200);
    await bob.waitForFunction(() => (globalThis as any).sentralPhone.state === 'closed', null, WAIT);
    expect(await bob.locator('#events').textContent()).toContain('closed 4401');
    await alice.waitForFunction((id) => (globalThis as any).sentralPhone.events.some((e: { text: string }) => e.text === `participant ${id} (app) left`), bobInfo.id, WAIT);
    const bobAgain = await openPhone(token.body.connection);
    await alice.waitForFunction((id) => (globalThis as any).sentralPhone.events.filter((e: { text: string }) => e.text === `participant ${id} (app) joined`).length === 2, bobInfo.id, WAIT);
    await alice.click('#mute');
    await heardAbove(bobAgain, SPEECH);
    // Leaving is a departure too.
    expect(await events(alice, `participant ${bobInfo.id} (app) left`)).toBe(1);
    await bobAgain.click('#leave');
    await alice.waitForFunction((id) => (globalThis as any).sentralPhone.events.filter((e: { text: string }) => e.text === `participant ${id} (app) left`).length === 2, bobInfo.id, WAIT);

    await sys.request(customer.key, 'POST', `/v1/calls/${call.id}/hangup`);
    await Promise.all([alice, bob, bobAgain].map((p) => p.waitForFunction(() => (globalThis as any).sentralPhone.state !== 'joined', null, WAIT)));
    expect(await alice.locator('#events').textContent()).toContain('closed 4410');
    for (const page of [alice, bob, bobAgain]) await page.close();
  }, LONG);
});
