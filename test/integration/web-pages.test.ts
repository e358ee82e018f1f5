import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from './api-harness.js';

let h: ApiHarness;
beforeAll(async () => {
  h = await startApi();
});
afterAll(async () => h.close());

const get = (url: string) => h.app.inject({ method: 'GET', url });

describe('web pages served by the API', () => {
  it('serves /phone and its modules with a policy that allows only this origin and room WebSockets', async () => {
    const page = await get('/phone');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain('connect-src ws: wss:');
    expect(page.body).toContain('/phone/phone.js');
    for (const file of ['phone.js', 'phone-audio.js', 'capture-worklet.js', 'playback-worklet.js']) {
      const res = await get(`/phone/${file}`);
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toContain('text/javascript');
    }
    expect((await get('/phone/phone.css')).headers['content-type']).toContain('text/css');
  });

  it('serves nothing else under /phone/: traversal, encoded or not, is a JSON 404', async () => {
    for (const url of ['/phone/index.html', '/phone/..%2Fpackage.json', '/phone/%2e%2e%2fREADME.md', '/phone/constructor', '/phone/__proto__', '/phone/..\\package.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('not_found');
    }
    expect((await get('/phone/../package.json')).body).not.toContain('"devDependencies"');
  });

  it('serves /docs with Redoc from its package, its footer logo no longer fetched from elsewhere', async () => {
    const page = await get('/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('spec-url="/v1/openapi.json"');
    const bundle = await get('/docs/redoc.standalone.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(500_000);
    expect(bundle.body).not.toContain('cdn.redoc.ly');
  });
});
