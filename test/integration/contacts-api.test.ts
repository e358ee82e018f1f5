import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, call, createTestCompany, startApi, type ApiHarness, type TestCompany } from './api-harness.js';
import { addSuppression } from '../../control/messaging/suppressions.js';

let h: ApiHarness;
let co: TestCompany;
let profileA: string;
let profileB: string;
let keyA: string;
let keyB: string;

beforeAll(async () => {
  h = await startApi();
  co = await createTestCompany(h.app);
  profileA = (await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'A', slug: 'contacts-a' } })).data.id;
  profileB = (await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'B', slug: 'contacts-b' } })).data.id;
  const scopes = ['contacts:read', 'contacts:write'];
  keyA = (await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.testKey), payload: { name: 'a', mode: 'test', profileId: profileA, scopes } })).data.key;
  keyB = (await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.testKey), payload: { name: 'b', mode: 'test', profileId: profileB, scopes } })).data.key;
});
afterAll(async () => h?.close());

const send = (method: 'POST' | 'GET' | 'PATCH' | 'DELETE', url: string, key: string, payload?: object) =>
  call(h.app, { method, url, headers: bearer(key), ...(payload === undefined ? {} : { payload }) });
const importCsv = (csv: string | Buffer, key: string, query = '') =>
  call(h.app, { method: 'POST', url: `/v1/contacts/imports${query}`, headers: bearer(key, { 'content-type': 'text/csv' }), payload: csv });

describe('contacts', () => {
  it('creates a contact with its phone in E.164, email lower-cased and national id masked; reads, changes and deletes it', async () => {
    const created = await send('POST', '/v1/contacts', keyA, {
      name: 'Kari Nordmann', phone: '412 34 567', email: 'Kari@Example.NO', nationalId: '01010112377', attributes: { plan: 'gold', visits: 3 }, externalRef: 'crm-1',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.data).toMatchObject({
      object: 'contact', profileId: profileA, name: 'Kari Nordmann', phone: '+4741234567', email: 'kari@example.no', nationalId: '010101*****',
      attributes: { plan: 'gold', visits: 3 }, externalRef: 'crm-1', mode: 'test',
    });
    const id = created.data.id as string;
    expect(id).toMatch(/^cnt_/);

    const changed = await send('PATCH', `/v1/contacts/${id}`, keyA, { email: null, phone: '+4799999999' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.data).toMatchObject({ phone: '+4799999999', email: null, name: 'Kari Nordmann' });
    expect((await send('GET', `/v1/contacts/${id}`, keyA)).data.phone).toBe('+4799999999');

    const unreachable = await send('PATCH', `/v1/contacts/${id}`, keyA, { phone: null, nationalId: null });
    expect(unreachable.data.error.code).toBe('contact_address_missing');

    expect((await send('DELETE', `/v1/contacts/${id}`, keyA)).data).toEqual({ id, object: 'contact', deleted: true });
    expect((await send('GET', `/v1/contacts/${id}`, keyA)).statusCode).toBe(404);
  });

  it('refuses invalid addresses with catalogued codes naming the field, and a taken externalRef', async () => {
    const cases: Array<[object, string, string]> = [
      [{ phone: '+4712345678' }, 'contact_phone_invalid', 'phone'],
      [{ email: 'not-an-address' }, 'contact_email_invalid', 'email'],
      [{ nationalId: '01010112378' }, 'contact_national_id_invalid', 'nationalId'],
      [{ name: 'No way to reach' }, 'contact_address_missing', ''],
    ];
    for (const [body, code, param] of cases) {
      const res = await send('POST', '/v1/contacts', keyA, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.data.error.code).toBe(code);
      if (param) expect(res.data.error.param).toBe(param);
    }
    await send('POST', '/v1/contacts', keyA, { phone: '41234568', externalRef: 'dup' });
    const again = await send('POST', '/v1/contacts', keyA, { phone: '41234569', externalRef: 'dup' });
    expect(again.statusCode).toBe(409);
    expect(again.data.error.code).toBe('contact_external_ref_taken');
    // The same externalRef in another profile is another contact.
    expect((await send('POST', '/v1/contacts', keyB, { phone: '41234569', externalRef: 'dup' })).statusCode).toBe(201);
  });

  it('a profile key sees only its profile; a company key names the profile; live keys never see test contacts', async () => {
    const mine = await send('POST', '/v1/contacts', keyA, { phone: '41111111' });
    expect((await send('GET', `/v1/contacts/${mine.data.id}`, keyB)).statusCode).toBe(404);
    expect((await send('PATCH', `/v1/contacts/${mine.data.id}`, keyB, { name: 'x' })).statusCode).toBe(404);
    expect((await send('DELETE', `/v1/contacts/${mine.data.id}`, keyB)).statusCode).toBe(404);
    expect((await send('GET', '/v1/contacts?limit=500', keyB)).data.data.map((c: { id: string }) => c.id)).not.toContain(mine.data.id);
    expect((await send('POST', '/v1/contacts', keyB, { phone: '41111112', profileId: profileA })).statusCode).toBe(404);

    const noProfile = await send('POST', '/v1/contacts', co.testKey, { phone: '41111113' });
    expect(noProfile.statusCode).toBe(400);
    expect(noProfile.data.error.param).toBe('profileId');
    const viaCompany = await send('POST', '/v1/contacts', co.testKey, { phone: '41111113', profileId: profileB });
    expect(viaCompany.data.profileId).toBe(profileB);
    expect((await send('GET', `/v1/contacts/${mine.data.id}`, co.testKey)).statusCode).toBe(200);
    expect((await send('GET', `/v1/contacts/${mine.data.id}`, co.liveKey)).statusCode).toBe(404);
    const onlyB = await send('GET', `/v1/contacts?profileId=${profileB}&limit=500`, co.testKey);
    expect(onlyB.data.data.every((c: { profileId: string }) => c.profileId === profileB)).toBe(true);
  });

  it("shows a contact's suppression state from the profile's suppression list", async () => {
    const c = (await send('POST', '/v1/contacts', keyA, { phone: '41555555', email: 'Stopp@Example.no' })).data;
    expect(c.suppressed).toBe(false);
    await addSuppression(h.sql, h.clock, { profileId: profileA, address: 'stopp@example.no', reason: 'bounce', source: 'bounce' });
    expect((await send('GET', `/v1/contacts/${c.id}`, keyA)).data.suppressed).toBe(true);
    const list = (await send('POST', '/v1/contact-lists', keyA, { name: 'S' })).data;
    await send('POST', `/v1/contact-lists/${list.id}/members`, keyA, { contactIds: [c.id] });
    expect((await send('GET', `/v1/contact-lists/${list.id}/members`, keyA)).data.data[0].suppressed).toBe(true);
    // The same address on another profile's list does not count.
    const other = (await send('POST', '/v1/contacts', keyB, { email: 'stopp@example.no' })).data;
    expect(other.suppressed).toBe(false);
  });

  it('pages oldest first with nextCursor as after', async () => {
    const key = (await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.testKey), payload: { name: 'p', mode: 'test', profileId: (await newProfile()).id, scopes: ['contacts:read', 'contacts:write'] } })).data.key;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await send('POST', '/v1/contacts', key, { phone: `4120000${i}` })).data.id);
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = await send('GET', `/v1/contacts?limit=2${after}`, key);
      seen.push(...page.data.data.map((c: { id: string }) => c.id));
      if (!page.data.hasMore) break;
      after = `&after=${page.data.nextCursor}`;
    }
    expect(seen).toEqual(ids);
    expect((await send('GET', `/v1/contacts?after=cnt_nosuchcontact`, key)).data.error.param).toBe('after');
  });
});

describe('contact lists', () => {
  it('adds and removes members in bulk, pages them, and deleting the list keeps the contacts', async () => {
    const list = await send('POST', '/v1/contact-lists', keyA, { name: 'Customers', description: 'all of them' });
    expect(list.statusCode, list.body).toBe(201);
    const listId = list.data.id as string;
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await send('POST', '/v1/contacts', keyA, { phone: `4130000${i}` })).data.id);
    const other = (await send('POST', '/v1/contacts', keyB, { phone: '41300009' })).data.id;

    const foreign = await send('POST', `/v1/contact-lists/${listId}/members`, keyA, { contactIds: [ids[0], other] });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.data.error.param).toBe('contactIds.1');
    expect((await send('GET', `/v1/contact-lists/${listId}`, keyA)).data.memberCount).toBe(0);

    const added = await send('POST', `/v1/contact-lists/${listId}/members`, keyA, { contactIds: ids });
    expect(added.data).toEqual({ object: 'contact_list_membership', listId, changed: 4, memberCount: 4 });
    expect((await send('POST', `/v1/contact-lists/${listId}/members`, keyA, { contactIds: ids.slice(0, 2) })).data.changed).toBe(0);
    const removed = await send('POST', `/v1/contact-lists/${listId}/members/remove`, keyA, { contactIds: [ids[1], other] });
    expect(removed.data).toMatchObject({ changed: 1, memberCount: 3 });

    const page1 = await send('GET', `/v1/contact-lists/${listId}/members?limit=2`, keyA);
    const page2 = await send('GET', `/v1/contact-lists/${listId}/members?limit=2&after=${page1.data.nextCursor}`, keyA);
    expect([...page1.data.data, ...page2.data.data].map((c: { id: string }) => c.id)).toEqual([ids[0], ids[2], ids[3]]);
    expect(page2.data.hasMore).toBe(false);

    expect((await send('GET', `/v1/contact-lists/${listId}`, keyB)).statusCode).toBe(404);
    expect((await send('PATCH', `/v1/contact-lists/${listId}`, keyA, { name: 'Renamed' })).data).toMatchObject({ name: 'Renamed', description: 'all of them', memberCount: 3 });
    expect((await send('DELETE', `/v1/contact-lists/${listId}`, keyA)).data.deleted).toBe(true);
    expect((await send('GET', `/v1/contacts/${ids[0]}`, keyA)).statusCode).toBe(200);
  });
});

describe('CSV import', () => {
  it('imports good rows and refuses hostile ones row by row: BOM, quotes, a 10 MB line, formulas, NUL, bad numbers', async () => {
    const list = (await send('POST', '/v1/contact-lists', keyA, { name: 'Imported' })).data;
    const rows = [
      'phone,Name,email,externalRef,plan', //                                  1 header (any case)
      '+47 412 34 001,"Nordmann, Ola",ola@example.no,imp-1,gold', //           2 ok, comma inside quotes
      '41234002,"Say ""hi""",,imp-2,', //                                       3 ok, doubled quotes
      `41234003,${'x'.repeat(10 * 1024 * 1024)},,imp-3,`, //                     4 a 10 MB line
      '41234004,=HYPERLINK("http://evil"),,imp-4,', //                           5 formula
      '41234005,Ok,,imp-5,@SUM(A1)', //                                          6 formula in an attribute
      '+cmd|calc,Bad,,imp-6,', //                                                7 formula in phone
      '4712345678,Bad number,,imp-7,', //                                        8 not in the number plan
      '41234008,Too,many,fields,here,!', //                                      9 column count
      '41234009,"bad"quote,,imp-9,', //                                         10 text after closing quote
      '41234010,Nul\u0000here,,imp-10,', //                                     11 NUL
      ',No address,,imp-11,', //                                                12 nothing to reach
      '41234012,Dup,,imp-1,', //                                                13 externalRef twice in the file
      '41234013,"Line\nbreak",,imp-13,silver', //                               14 ok, a line break inside quotes
    ];
    const csv = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(rows.join('\r\n') + '\r\n')]);
    const res = await importCsv(csv, keyA, `?listId=${list.id}`);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.data).toMatchObject({ object: 'contact_import', profileId: profileA, listId: list.id, rows: 13, created: 3, updated: 0, refused: 10 });
    expect(res.data.refusedRows.map((r: { row: number; code: string }) => [r.row, r.code])).toEqual([
      [4, 'csv_row_too_long'],
      [5, 'csv_formula_refused'],
      [6, 'csv_formula_refused'],
      [7, 'csv_formula_refused'],
      [8, 'contact_phone_invalid'],
      [9, 'csv_column_count'],
      [10, 'csv_quotes_invalid'],
      [11, 'csv_text_invalid'],
      [12, 'contact_address_missing'],
      [13, 'contact_external_ref_duplicate'],
    ]);
    const members = (await send('GET', `/v1/contact-lists/${list.id}/members`, keyA)).data.data;
    expect(members.map((c: { name: string; phone: string; attributes: object }) => [c.name, c.phone, c.attributes])).toEqual([
      ['Nordmann, Ola', '+4741234001', { plan: 'gold' }],
      ['Say "hi"', '+4741234002', {}],
      ['Line\nbreak', '+4741234013', { plan: 'silver' }],
    ]);

    // The same file again: rows with an externalRef update their contact instead of duplicating it.
    const again = await importCsv(csv, keyA, `?listId=${list.id}`);
    expect(again.data).toMatchObject({ created: 0, updated: 3, refused: 10 });
    expect((await send('GET', `/v1/contact-lists/${list.id}`, keyA)).data.memberCount).toBe(3);
  });

  it('refuses a header without an address column, an empty file, a JSON body and a list of another profile', async () => {
    const noAddress = await importCsv('name,plan\nOla,gold\n', keyA);
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.data.error.code).toBe('contact_import_header_invalid');
    expect((await importCsv('phone,=cmd\n41234567,x\n', keyA)).data.error.code).toBe('contact_import_header_invalid');
    expect((await importCsv('phone,Phone\n', keyA)).data.error.message).toContain('repeats');
    const json = await call(h.app, { method: 'POST', url: '/v1/contacts/imports', headers: bearer(keyA), payload: { phone: '1' } });
    expect(json.statusCode).toBe(415);
    const listB = (await send('POST', '/v1/contact-lists', keyB, { name: 'B' })).data;
    expect((await importCsv('phone\n41234567\n', keyA, `?listId=${listB.id}`)).statusCode).toBe(404);
  });

  it('refuses more than 100,000 rows as a whole, importing nothing', async () => {
    const key = (await call(h.app, { method: 'POST', url: '/v1/api-keys', headers: bearer(co.testKey), payload: { name: 'big', mode: 'test', profileId: (await newProfile()).id, scopes: ['contacts:read', 'contacts:write'] } })).data.key;
    const csv = `phone,name\n41234567,first\n${'x-unreachable,\n'.repeat(100_000)}`;
    const res = await importCsv(csv, key);
    expect(res.statusCode).toBe(413);
    expect(res.data.error.code).toBe('contact_import_too_large');
    expect((await send('GET', '/v1/contacts', key)).data.data).toEqual([]);
  });
});

let profiles = 0;
async function newProfile(): Promise<{ id: string }> {
  return (await call(h.app, { method: 'POST', url: '/v1/profiles', headers: bearer(co.liveKey), payload: { name: 'P', slug: `contacts-p${++profiles}` } })).data;
}
