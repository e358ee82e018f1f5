import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

let h: ApiHarness;
let co: TestCompany;
let profileA: string;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  h = await startApi();
  co = await createTestCompany(h.app);
  profileA = (await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'A', slug: 'tpl-a' } })).data.id;
  const profileB = (await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'B', slug: 'tpl-b' } })).data.id;
  const scopes = ['templates:read', 'templates:write', 'contacts:read', 'contacts:write'];
  keyA = (await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.liveKey), payload: { name: 'a', mode: 'live', profileId: profileA, scopes } })).data.key;
  keyB = (await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.liveKey), payload: { name: 'b', mode: 'live', profileId: profileB, scopes } })).data.key;
});
afterAll(async () => h?.close());

const send = (method: 'POST' | 'GET' | 'PATCH' | 'DELETE', url: string, key: string, payload?: object) =>
  call(h.app, { method, url, headers: bearer(key), ...(payload === undefined ? {} : { payload }) });

describe('templates', () => {
  it('creates, lists, changes and deletes templates per channel; a profile key sees only its own', async () => {
    const sms = await send('POST', '/v1/templates', keyA, { channel: 'sms', name: 'Reminder', body: 'Hei {{ contact.name }}, timen din er i morgen.' });
    expect(sms.statusCode, sms.body).toBe(201);
    expect(sms.data).toMatchObject({ object: 'template', channel: 'sms', profileId: profileA, subject: null, html: null, mode: 'live' });
    const email = await send('POST', '/v1/templates', keyA, { channel: 'email', name: 'Mail', subject: 'Hei {{ contact.name }}', html: '<p>{{ contact.attributes.plan }}</p>' });
    expect(email.statusCode, email.body).toBe(201);
    const letter = await send('POST', '/v1/templates', keyA, { channel: 'letter', name: 'Brev', subject: 'Innkalling', body: 'Kjære {{ contact.name }}' });
    expect(letter.statusCode, letter.body).toBe(201);

    const onlySms = await send('GET', '/v1/templates?channel=sms', keyA);
    expect(onlySms.data.data.map((t: { id: string }) => t.id)).toEqual([sms.data.id]);
    expect((await send('GET', `/v1/templates/${sms.data.id}`, keyB)).statusCode).toBe(404);
    expect((await send('GET', '/v1/templates', keyB)).data.data).toEqual([]);

    const changed = await send('PATCH', `/v1/templates/${email.data.id}`, keyA, { body: 'Plain {{ contact.name }}', html: null });
    expect(changed.data).toMatchObject({ body: 'Plain {{ contact.name }}', html: null, subject: 'Hei {{ contact.name }}' });
    const emptied = await send('PATCH', `/v1/templates/${email.data.id}`, keyA, { body: null });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.data.error.param).toBe('body');
    expect((await send('DELETE', `/v1/templates/${letter.data.id}`, keyA)).data.deleted).toBe(true);
  });

  it('refuses parts a channel does not take', async () => {
    const cases: Array<[object, string]> = [
      [{ channel: 'sms', name: 'n', subject: 's', body: 'b' }, 'subject'],
      [{ channel: 'sms', name: 'n' }, 'body'],
      [{ channel: 'email', name: 'n', body: 'b' }, 'subject'],
      [{ channel: 'letter', name: 'n', subject: 's', body: 'b', html: '<p/>' }, 'html'],
    ];
    for (const [body, param] of cases) {
      const res = await send('POST', '/v1/templates', keyA, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.data.error.param).toBe(param);
    }
  });

  it('names the part and the line of a syntax error', async () => {
    const res = await send('POST', '/v1/templates', keyA, { channel: 'email', name: 'n', subject: 'ok', html: '<p>\nline two\n{% if contact.name %}\n' });
    expect(res.statusCode).toBe(422);
    expect(res.data.error).toMatchObject({ code: 'template_syntax_error', param: 'html' });
    expect(res.data.error.message).toMatch(/^html, line 3, column 1: /);
    const filter = await send('POST', '/v1/templates', keyA, { channel: 'sms', name: 'n', body: 'a\n{{ contact.name | nosuchfilter }}' });
    expect(filter.data.error).toMatchObject({ code: 'template_syntax_error', param: 'body' });
    expect(filter.data.error.message).toContain('line 2');
    expect(filter.data.error.message).toContain('nosuchfilter');
  });

  it('refuses include, render and layout: a template reads no files', async () => {
    for (const body of ['{% include "/etc/passwd" %}', '{% render "../../package.json" %}', '{% layout "x" %}']) {
      const res = await send('POST', '/v1/templates', keyA, { channel: 'sms', name: 'n', body });
      expect(res.statusCode, body).toBe(422);
      expect(res.data.error.code).toBe('template_syntax_error');
      expect(res.data.error.message).toContain('not available');
    }
  });

  it('previews for a contact or sample data: the text, and for SMS its encoding, units and price at the company price', async () => {
    const tpl = (await send('POST', '/v1/templates', keyA, { channel: 'sms', name: 'p', body: 'Hei {{ contact.name }}! Din plan: {{ contact.attributes.plan | default: "ingen" }}' })).data;
    const contact = (await send('POST', '/v1/contacts', keyA, { phone: '41234570', name: 'Åse', attributes: { plan: 'gull' }, nationalId: '01010112377' })).data;
    const forContact = await send('POST', `/v1/templates/${tpl.id}/preview`, keyA, { contactId: contact.id });
    expect(forContact.statusCode, forContact.body).toBe(200);
    expect(forContact.data).toEqual({
      object: 'template_preview', templateId: tpl.id, channel: 'sms', subject: null, html: null, body: 'Hei Åse! Din plan: gull',
      sms: { encoding: 'gsm7', units: 1, nonGsmCharacters: [], priceOre: 75 }, priceOre: 75,
    });
    const emoji = await send('POST', `/v1/templates/${tpl.id}/preview`, keyA, { sample: { name: `${'a'.repeat(60)} 🎉` } });
    expect(emoji.data.sms).toEqual({ encoding: 'ucs2', units: 2, nonGsmCharacters: ['🎉'], priceOre: 150 });
    expect(emoji.data.body).toContain('Din plan: ingen');
    // The national identity number is never part of what a template sees.
    const leak = (await send('POST', '/v1/templates', keyA, { channel: 'sms', name: 'l', body: '{{ contact | json }}' })).data;
    expect((await send('POST', `/v1/templates/${leak.id}/preview`, keyA, { contactId: contact.id })).data.body).not.toContain('0101011');

    const other = (await send('POST', '/v1/contacts', keyB, { phone: '41234571' })).data;
    expect((await send('POST', `/v1/templates/${tpl.id}/preview`, keyA, { contactId: other.id })).statusCode).toBe(404);
    expect((await send('POST', `/v1/templates/${tpl.id}/preview`, keyB, {})).statusCode).toBe(404);
    const email = (await send('POST', '/v1/templates', keyA, { channel: 'email', name: 'e', subject: 'Til {{ contact.name }}', html: '<b>{{ contact.attributes.plan }}</b>' })).data;
    expect((await send('POST', `/v1/templates/${email.id}/preview`, keyA, { contactId: contact.id })).data).toMatchObject({ subject: 'Til Åse', html: '<b>gull</b>', body: null, sms: null, priceOre: 1 });
  });

  it('stops a hostile template at preview with a clear error naming the line', async () => {
    const loop = (await send('POST', '/v1/templates', keyA, { channel: 'sms', name: 'loop', body: 'ok\n{% for i in (1..100000000) %}{% for j in (1..100000000) %}x{% endfor %}{% endfor %}' })).data;
    const res = await send('POST', `/v1/templates/${loop.id}/preview`, keyA, {});
    expect(res.statusCode).toBe(422);
    expect(res.data.error).toMatchObject({ code: 'template_limit_exceeded', param: 'body' });
    expect(res.data.error.message).toMatch(/^body, line 2, column \d+: /);
  });
});
