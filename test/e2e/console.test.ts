import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, launchBrowser, type TestBrowser } from '../support/browser.js';
import { pdfText } from '../support/pdf-text.js';
import { runSentral, type SentralProcess } from '../support/sentral-process.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

// The console as a newcomer meets it: a fresh `sentral start`, the link its first start prints, Chromium.
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WAIT = { timeout: 20_000 };
const dataDir = mkdtempSync(join(tmpdir(), 'sentral-console-'));
let proc: SentralProcess;
let browser: TestBrowser;
let receiver: WebhookReceiver;
let api = '';
let link = '';
let testKey = '';
let liveKey = '';
let profileId = '';
/** The test number the newcomer rents; the live one rented with the live key. */
let number = '';
let liveNumber = '';
/** Every Content-Security-Policy violation a page reported. */
const violations: string[] = [];
let seq = 0;

beforeAll(async () => {
  proc = runSentral(['start'], { SENTRAL_DATA_DIR: dataDir, SENTRAL_LOG_LEVEL: 'warn', SENTRAL_ALLOW_INSECURE_TARGETS: '1' });
  [browser, receiver] = await Promise.all([launchBrowser(), startWebhookReceiver()]);
  const framed = (await proc.printed(/demo live key +sk_live_\S+ *\|\n\+=+\+\n/)).input;
  api = await proc.apiUrl;
  link = /console +(\S+\/console\/sign-in#csl_\w+)/.exec(framed)![1]!;
  testKey = /demo test key +(sk_test_\w+)/.exec(framed)![1]!;
  liveKey = /demo live key +(sk_live_\w+)/.exec(framed)![1]!;
  profileId = /demo profile +(\S+)/.exec(framed)![1]!;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await receiver?.close();
  await proc?.stop('SIGINT');
  rmSync(dataDir, { recursive: true, force: true });
});

async function request(key: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  // Every write here takes an Idempotency-Key but key creation, which refuses one.
  const idempotency: Record<string, string> = method === 'POST' && path !== '/v1/api-keys' ? { 'idempotency-key': `console-${++seq}` } : {};
  const res = await fetch(`${api}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...idempotency, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

async function newPage(b: TestBrowser = browser): Promise<Page> {
  const page = await b.newPage();
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return page;
}

/** axe-core's serious and critical findings on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol, which the page's CSP does not govern.
  await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const result = await (globalThis as any).axe.run((globalThis as any).document, { resultTypes: ['violations'] });
    return result.violations.map((v: any) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n: any) => n.target.join(' ')).slice(0, 3) }));
  });
  // Ids used twice on one page (axe leaves those in closed <details> out): a label then names the wrong field.
  const twice = await page.evaluate(() => {
    const ids = [...(globalThis as any).document.querySelectorAll('[id]')].map((e: any) => e.id as string);
    return [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  });
  return [
    ...found.filter((v: { impact: string }) => v.impact === 'serious' || v.impact === 'critical').map((v: any) => `${v.id}: ${v.nodes.join(', ')}`),
    ...twice.map((id) => `duplicate id: #${id}`),
  ];
}

/** Signs the browser in as `key` with a fresh sign-in link (the previous session's cookie is dropped). */
async function signInAs(page: Page, key: string): Promise<void> {
  await browser.context.clearCookies();
  const made = await request(key, 'POST', '/v1/console-sessions');
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  await page.goto(made.body.url);
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor(WAIT);
}

/** Opens a section from the navigation, as a person would, and waits for its heading. */
async function open(page: Page, section: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: section, exact: true }).click();
  await page.getByRole('heading', { level: 1, name: section }).waitFor(WAIT);
}

describe('the console in Chromium, on a fresh sentral start', () => {
  it('signs in with a live key typed into the page and rents a live number, which the test key does not see', async () => {
    const page = await newPage();
    await page.goto(`${api}/console`);
    await page.getByLabel('API key').fill(liveKey);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor(WAIT);
    expect(await page.locator('.mode').textContent()).toBe('Live');
    await open(page, 'Numbers');
    await page.getByText('Rent a number').click();
    const live = page.getByRole('button', { name: /^Rent \+/ }).first();
    liveNumber = (await live.getAttribute('aria-label'))!.replace('Rent ', '');
    await live.click();
    await page.getByRole('cell', { name: liveNumber, exact: true }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor(WAIT);
    await page.close();
  }, 60_000);

  it('signs in once with the link the first start printed: an httpOnly, SameSite=Strict cookie; the used link is refused', async () => {
    const page = await newPage();
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor(WAIT);
    expect(page.url()).toBe(`${api}/console`);
    expect(await page.locator('.mode').textContent()).toBe('Test mode');
    await page.locator('#balance').waitFor(WAIT);
    expect(await page.locator('#balance').textContent()).toMatch(/^kr \d{1,3}( \d{3})*,\d{2}$/);
    const [cookie] = (await browser.context.cookies(api)).filter((c) => c.name === 'sentral_console');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', secure: false, path: '/' });
    expect(await page.evaluate(() => (globalThis as any).document.cookie)).not.toContain('sentral_console');

    // The same link again, in a browser without the session: refused, saying why.
    await browser.context.clearCookies();
    await page.goto(link);
    await page.locator('#sign-in-error').waitFor(WAIT);
    expect(await page.locator('#sign-in-error').textContent()).toMatch(/used already.*console_link_invalid/);
    await page.goto(`${api}/console/sign-in#csl_${'x'.repeat(40)}`);
    await page.locator('#sign-in-error').filter({ hasText: 'does not exist' }).waitFor(WAIT);
    await signInAs(page, testKey);
    await page.close();
  }, 60_000);

  it('a newcomer, from the browser alone: rents a test number, places a test call and reads its timeline, sends an SMS, finds why a webhook failed and redelivers it', async () => {
    const page = await newPage();
    await page.goto(`${api}/console`);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor(WAIT);
    expect(await page.locator('.mode').textContent()).toBe('Test mode');

    // Rent: the test key's numbers are free test numbers (+44 1632 960xxx).
    await open(page, 'Numbers');
    await page.getByText('Rent a number').click();
    const first = page.getByRole('button', { name: /^Rent \+/ }).first();
    number = (await first.getAttribute('aria-label'))!.replace('Rent ', '');
    expect(number).toMatch(/^\+441632960\d{3}$/);
    expect(await page.getByRole('table', { name: 'Available numbers' }).locator('tr', { hasText: number }).textContent()).toContain('kr 0,00');
    await first.click();
    await page.getByRole('table', { name: 'Numbers' }).getByRole('cell', { name: number, exact: true }).waitFor(WAIT);
    expect(await page.getByRole('table', { name: 'Numbers' }).textContent()).not.toContain(liveNumber);

    // A test call from it: …007 answers and hangs up after five seconds; the timeline fills in as it goes.
    await open(page, 'Calls');
    await page.getByText('Place a call').click();
    // The numbers of the profile load after the profiles: the rented one is chosen once it is there.
    await page.locator('#f-from option', { hasText: number }).waitFor({ state: 'attached', ...WAIT });
    await page.getByLabel('From (a number of the profile)').selectOption(number);
    await page.getByLabel('To', { exact: true }).fill('+442079460007');
    await page.getByRole('button', { name: 'Call', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /^Call / }).waitFor(WAIT);
    const timeline = page.locator('ol.timeline');
    await timeline.locator('li[data-type="call.answered"]').waitFor(WAIT);
    await timeline.locator('li[data-type="call.ended"]').waitFor(WAIT);
    const types = await timeline.locator('li').evaluateAll((items) => items.map((i) => i.getAttribute('data-type')));
    expect(types[0]).toMatch(/^call\./);
    expect(types.indexOf('call.answered')).toBeLessThan(types.indexOf('call.ended'));
    // The call's page itself follows: ended, with its price items.
    await page.locator('.facts .state', { hasText: 'ended' }).waitFor(WAIT);
    await page.getByRole('table', { name: 'Price items' }).or(page.getByText('Nothing was charged.')).waitFor(WAIT);

    // An SMS from the same number, delivered.
    await open(page, 'Messages');
    await page.getByText('Send an SMS').click();
    await page.getByLabel('From').fill(number);
    await page.getByLabel('To', { exact: true }).fill('+442079460101');
    await page.getByLabel('Text').fill('Hei fra konsollet');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { level: 1, name: 'SMS' }).waitFor(WAIT);
    await page.locator('.facts .state', { hasText: 'delivered' }).waitFor(WAIT);
    await page.locator('ol.timeline li[data-type="sms.status"]').first().waitFor(WAIT);

    // A webhook endpoint added in the page, whose receiver is down: the page says why, and redelivers once it is back.
    receiver.respond(() => ({ status: 503, body: 'down for maintenance' }));
    await open(page, 'Webhooks');
    await page.getByText('Add an endpoint').click();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByLabel('Events').fill('webhook.test');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('table', { name: 'Webhook endpoints' }).getByRole('link', { name: receiver.url }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhook endpoint' }).waitFor(WAIT);
    const endpointId = page.url().split('/').pop()!;
    await page.getByRole('button', { name: 'Send a test event' }).click();
    const failed = page.locator('tr', { hasText: 'down for maintenance' });
    await failed.first().waitFor(WAIT);
    expect(await failed.first().textContent()).toContain('failed 503');
    const eventId = (await failed.first().getAttribute('data-event'))!;

    // Fixed: the delivery waits minutes for its next retry; Redeliver sends it now.
    receiver.respond(() => ({ status: 200, body: 'thanks' }));
    await page.getByRole('button', { name: `Redeliver event ${eventId}` }).first().click();
    await page.locator('tr', { hasText: 'thanks' }).first().waitFor(WAIT);
    expect(receiver.received).toHaveLength(2);

    // Recovering a time range: the picker's times are Oslo's, whatever the browser's zone.
    await page.getByText('Recover a time range').click();
    await page.getByLabel('Since (Oslo time)').fill('2026-11-28T19:00');
    await page.getByLabel('Until (Oslo time)').fill('2026-11-28T21:30');
    const [recover] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/v1/webhook-endpoints/${endpointId}/recover-failed`), WAIT),
      page.getByRole('button', { name: 'Recover', exact: true }).click(),
    ]);
    expect(await recover.json()).toEqual({ object: 'webhook_recovery', recovered: 0 });
    // The note shows the range the API was given, written back as Oslo time.
    await page.getByRole('status').filter({ hasText: '0 deliveries that gave up between 28.11.2026, 19:00:00 and 28.11.2026, 21:30:00 are being sent again.' }).waitFor(WAIT);
    await page.close();
  }, 120_000);

  it('shows an email\'s DKIM signature and bounce reason, and a letter\'s PDF in the page', async () => {
    const domain = await request(testKey, 'POST', '/v1/profiles/demo/email-domains', { domain: 'butikk.example.no' });
    expect(domain.status, JSON.stringify(domain.body)).toBe(201);
    const email = { profileId, from: 'Butikken <post@butikk.example.no>', subject: 'Ordre 42', text: 'Takk for handelen.' };
    const sent = await request(testKey, 'POST', '/v1/email', { ...email, to: 'kari@example.no' });
    // The embedded sink bounces every address at bounce.test, as a mail server with no such user would.
    const bounced = await request(testKey, 'POST', '/v1/email', { ...email, to: 'ingen@bounce.test' });
    const letter = await request(testKey, 'POST', '/v1/letters', { profileId, recipient: { organisationNumber: '974760673', name: 'Statens vegvesen' }, subject: 'Søknad om skilt', document: { text: 'Vi søker om skilt ved Ørsta.' } });
    expect([sent.status, bounced.status, letter.status], JSON.stringify([sent.body, bounced.body, letter.body])).toEqual([201, 201, 201]);
    const fact = (page: Page, name: string) => page.locator('.facts div', { has: page.locator('dt', { hasText: name }) }).locator('dd');

    const page = await newPage();
    await page.goto(`${api}/console/messages/email/${sent.body.id}`);
    await page.locator('.facts .state', { hasText: 'delivered' }).waitFor(WAIT);
    await fact(page, 'DKIM').filter({ hasText: /^signed by butikk\.example\.no \(selector s\d{6}\)/ }).waitFor(WAIT);
    expect(await fact(page, 'Bounce reason').textContent()).toBe('—');

    await page.goto(`${api}/console/messages/email/${bounced.body.id}`);
    await page.locator('.facts .state', { hasText: 'bounced' }).waitFor(WAIT);
    expect(await fact(page, 'Bounce reason').textContent()).toMatch(/^550 5\.1\.1 <ingen@bounce\.test>: no such user.*\(email_bounced\)$/);
    await page.screenshot({ path: join(ARTIFACTS, 'console-email.png'), fullPage: true });

    await page.goto(`${api}/console/messages/letters/${letter.body.id}`);
    await page.getByRole('button', { name: 'Show the PDF' }).click();
    await page.locator('iframe.pdf').waitFor(WAIT);
    const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.getByRole('link', { name: 'Download the PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`${letter.body.id}.pdf`);
    expect(pdfText(readFileSync(await download.path()).toString('base64'))).toContain('Vi søker om skilt ved Ørsta.');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'console-letter.png'), fullPage: true });
    await page.close();
  }, 60_000);

  it('follows a campaign\'s progress live, and pauses and resumes it from the page', async () => {
    const contacts: string[] = [];
    for (let i = 0; i < 4; i++) {
      const contact = await request(testKey, 'POST', '/v1/contacts', { profileId, name: `Kari ${i}`, phone: `+474123456${i}` });
      expect(contact.status, JSON.stringify(contact.body)).toBe(201);
      contacts.push(contact.body.id);
    }
    const list = await request(testKey, 'POST', '/v1/contact-lists', { profileId, name: 'Kunder' });
    const members = await request(testKey, 'POST', `/v1/contact-lists/${list.body.id}/members`, { contactIds: contacts });
    expect(members.status, JSON.stringify(members.body)).toBe(200);
    const template = await request(testKey, 'POST', '/v1/templates', { profileId, channel: 'sms', name: 'Påminnelse', body: 'Hei {{ contact.name }}!' });
    const campaign = await request(testKey, 'POST', '/v1/campaigns', { profileId, name: 'Høst', channel: 'sms', sender: number, templateId: template.body.id, listId: list.body.id, rate: 1 });
    expect(campaign.status, JSON.stringify(campaign.body)).toBe(201);
    const started = await request(testKey, 'POST', `/v1/campaigns/${campaign.body.id}/start`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);

    const page = await newPage();
    await page.goto(`${api}/console/campaigns/${campaign.body.id}`);
    const legend = (state: string) => page.locator('.legend li', { hasText: state }).locator('strong');
    // The counts move as the campaign hands its messages on (one a second): fewer wait.
    const pendingBelow = (n: number) => page.waitForFunction((max) => Number((globalThis as any).document.querySelector('.legend li:last-child strong')?.textContent) < max, n, WAIT);
    await pendingBelow(4);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.locator('.facts .state', { hasText: 'paused' }).waitFor(WAIT);
    await page.getByText(/^Now \d+,\d a second/).waitFor(WAIT);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.locator('.facts .state', { hasText: 'completed' }).waitFor({ timeout: 30_000 });
    await pendingBelow(1);
    expect(await legend('pending').textContent()).toBe('0');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'console-campaign.png'), fullPage: true });
    await page.close();
  }, 60_000);

  it('imports contacts from a CSV file and shows its report: the rows taken, and each refused row with why', async () => {
    const page = await newPage();
    await page.goto(`${api}/console/contacts`);
    await page.getByText('Import contacts from a CSV file').click();
    await page.getByLabel('CSV file').setInputFiles({
      name: 'kunder.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,phone,email,kundenr\nIngrid Ås,+4791234567,,17\nOla,12,,18\nPer Berg,,per@example.no,19\nKari,,ikke-en-adresse,20\n'),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'Import report' }).waitFor(WAIT);
    const fact = (name: string) => page.locator('.report .facts div', { has: page.locator('dt', { hasText: name }) }).locator('dd').textContent();
    expect([await fact('Rows read'), await fact('Created'), await fact('Updated'), await fact('Refused')]).toEqual(['4', '2', '0', '2']);
    const refused = await page.getByRole('table', { name: 'Refused rows' }).locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(0, 2).map((c) => c.textContent)));
    expect(refused).toEqual([['3', 'contact_phone_invalid'], ['5', 'contact_email_invalid']]);
    // The contacts taken are in the list below, without a reload.
    await page.getByRole('table', { name: 'Contacts' }).getByRole('cell', { name: 'Ingrid Ås' }).waitFor(WAIT);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(ARTIFACTS, 'console-contact-import.png'), fullPage: true });
    await page.close();
  }, 60_000);

  it('a profile key sees only its profile\'s calls, in the page and through crafted requests', async () => {
    const calls = await request(testKey, 'GET', '/v1/calls');
    const demoCall = calls.body.data[0].id as string;
    const other = await request(testKey, 'POST', '/v1/profiles', { name: 'Other', slug: 'other' });
    const key = await request(testKey, 'POST', '/v1/api-keys', { name: 'other', mode: 'test', profileId: other.body.id, scopes: ['console:sign-in', 'calls:read', 'profiles:read', 'events:read'] });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
    const page = await newPage();
    await signInAs(page, key.body.key);
    await open(page, 'Calls');
    await page.getByText('No calls match.').waitFor(WAIT);
    await page.goto(`${api}/console/calls/${demoCall}`);
    await page.getByRole('alert').filter({ hasText: 'not_found' }).first().waitFor(WAIT);
    // Crafted, with the session's own CSRF token: the other profile's call, list and timeline stay hidden.
    const crafted = await page.evaluate(async ({ callId, demoProfile }) => {
      const session: any = await (await fetch('/v1/console-sessions/current')).json();
      const headers = { 'x-csrf-token': session.csrfToken };
      const get = async (path: string) => (await fetch(path, { headers })).status;
      const list: any = await (await fetch(`/v1/calls?profileId=${demoProfile}`, { headers })).json();
      const events: any = await (await fetch(`/v1/events?objectId=${callId}`, { headers })).json();
      return { call: await get(`/v1/calls/${callId}`), listed: list.data?.length ?? list.error?.code, events: events.data.length, withoutCsrf: (await fetch(`/v1/calls/${callId}`)).status };
    }, { callId: demoCall, demoProfile: profileId });
    expect(crafted).toEqual({ call: 404, listed: 0, events: 0, withoutCsrf: 403 });
    await signInAs(page, testKey);
    await page.close();
  }, 60_000);

  it('every page passes axe-core with no serious violation, with no CSP violation; screenshots for docs/console.md', async () => {
    const page = await newPage();
    await page.goto(`${api}/console`);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor(WAIT);
    const pages: [string, string][] = [['Overview', 'overview'], ['Calls', 'calls'], ['Messages', 'messages'], ['Campaigns', 'campaigns'], ['Numbers', 'numbers'], ['Webhooks', 'webhooks'], ['API keys', 'api-keys'], ['Contacts', 'contacts'], ['Templates', 'templates']];
    const findings: Record<string, string[]> = {};
    for (const [section, name] of pages) {
      await open(page, section);
      await page.waitForFunction(() => ![...(globalThis as any).document.querySelectorAll('[role=status]')].some((e: any) => e.textContent === 'Loading…'), null, WAIT);
      findings[name] = await seriousViolations(page);
      await page.screenshot({ path: join(ARTIFACTS, `console-${name}.png`) });
    }
    // The pages of one call and one webhook endpoint too.
    await open(page, 'Calls');
    await page.locator('table a').first().click();
    await page.locator('ol.timeline').waitFor(WAIT);
    findings.call = await seriousViolations(page);
    await page.screenshot({ path: join(ARTIFACTS, 'console-call.png'), fullPage: true });
    await open(page, 'Webhooks');
    await page.locator('table a').first().click();
    await page.getByRole('heading', { name: 'Attempts' }).waitFor(WAIT);
    findings.endpoint = await seriousViolations(page);
    await page.screenshot({ path: join(ARTIFACTS, 'console-webhook-endpoint.png'), fullPage: true });
    // A phone-sized screen: the sections behind the menu button, reachable from the keyboard.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Menu' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Overview' }).waitFor(WAIT);
    findings.phone = await seriousViolations(page);
    await page.screenshot({ path: join(ARTIFACTS, 'console-phone.png') });
    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((k) => [k, []])));
    expect(violations).toEqual([]);
    await page.close();
  }, 90_000);
});
