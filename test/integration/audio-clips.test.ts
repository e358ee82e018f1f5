import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sine } from '../../shared/audio/tones.js';
import { writeWav } from '../../shared/audio/wav.js';
import { bearer, call, createTestCompany, type ApiHarness, type TestCompany } from './api-harness.js';
import { createProfile, profileKey, startApiWith, wavFile } from './audio-clips-harness.js';

let h: ApiHarness;
let co: TestCompany;

beforeAll(async () => {
  h = await startApiWith();
  co = await createTestCompany(h.app);
});
afterAll(async () => h?.close());

const upload = (body: Buffer | string, key = co.testKey, options: { query?: string; type?: string | null; headers?: Record<string, string> } = {}) =>
  call(h.app, {
    method: 'POST',
    url: `/v1/audio-clips${options.query ?? ''}`,
    headers: { ...bearer(key), ...(options.type === null ? {} : { 'content-type': options.type ?? 'audio/wav' }), ...(options.headers ?? {}) },
    payload: body,
  });
const get = (url: string, key = co.testKey) => call(h.app, { method: 'GET', url, headers: bearer(key) });
const del = (url: string, key = co.testKey) => call(h.app, { method: 'DELETE', url, headers: bearer(key) });

async function storedSampleCount(id: string): Promise<number> {
  const [row] = await h.sql<{ sample_count: number; bytes: number }[]>`select sample_count, length(samples) as bytes from audio_clips where id = ${id}`;
  expect(row!.bytes).toBe(row!.sample_count * 2);
  return row!.sample_count;
}

const oneAndAHalfSeconds = (rate: number) => sine(440, 1500, rate, 8000);

describe('uploading audio clips', () => {
  it.each([
    ['8 kHz mono PCM16', 8000, 1, 'pcm16'],
    ['22.05 kHz mono mu-law', 22050, 1, 'mulaw'],
    ['44.1 kHz stereo PCM16', 44100, 2, 'pcm16'],
    ['48 kHz stereo mu-law', 48000, 2, 'mulaw'],
  ] as const)('stores a %s upload at 16 kHz with the right duration', async (_label, rate, channels, encoding) => {
    const res = await upload(wavFile({ samples: oneAndAHalfSeconds(rate), rate, channels, encoding }), co.testKey, { query: '?name=greeting' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data).toMatchObject({ object: 'audio_clip', name: 'greeting', durationMs: 1500, sampleRate: 16000, mode: 'test', profileId: null });
    expect(res.data.id).toMatch(/^clip_[0-9a-z]{26}$/);
    expect(Date.parse(res.data.createdAt)).toBe(h.clock.now());
    expect(await storedSampleCount(res.data.id)).toBe(24000);
    expect((await get(`/v1/audio-clips/${res.data.id}`)).data).toEqual(res.data);
  });

  it('accepts audio/x-wav, and names a clip "clip" when no name is given', async () => {
    const res = await upload(writeWav(sine(300, 200, 16000, 8000), 16000), co.testKey, { type: 'audio/x-wav' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data).toMatchObject({ name: 'clip', durationMs: 200 });
  });

  it('honours Idempotency-Key: a retry returns the same clip, other content under the key is refused', async () => {
    const wav = writeWav(sine(500, 300, 8000, 8000), 8000);
    const first = await upload(wav, co.testKey, { headers: { 'idempotency-key': 'clip-upload-1' } });
    const again = await upload(wav, co.testKey, { headers: { 'idempotency-key': 'clip-upload-1' } });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.data.id).toBe(first.data.id);
    const other = await upload(writeWav(sine(600, 300, 8000, 8000), 8000), co.testKey, { headers: { 'idempotency-key': 'clip-upload-1' } });
    expect(other.statusCode).toBe(422);
    expect(other.data.error.code).toBe('idempotency_key_reuse');
  });
});

describe('hostile uploads get the right error, never a 500', () => {
  const good = wavFile({ samples: sine(440, 500, 8000, 8000), rate: 8000 });
  const withFmt = (edit: (b: Buffer) => void): Buffer => {
    const b = Buffer.from(good);
    edit(b);
    return b;
  };

  it.each([
    ['a truncated header', good.subarray(0, 30), 415, 'unsupported_audio_format'],
    ['a wrong magic', withFmt((b) => b.write('RIFX', 0, 'latin1')), 415, 'unsupported_audio_format'],
    ['not WAVE inside RIFF', withFmt((b) => b.write('AVI ', 8, 'latin1')), 415, 'unsupported_audio_format'],
    ['a fmt chunk claiming 4 GiB', withFmt((b) => b.writeUInt32LE(0xffffffff, 16)), 415, 'unsupported_audio_format'],
    ['8-bit PCM', withFmt((b) => b.writeUInt16LE(8, 34)), 415, 'unsupported_audio_format'],
    ['IEEE float', withFmt((b) => { b.writeUInt16LE(3, 20); b.writeUInt16LE(32, 34); }), 415, 'unsupported_audio_format'],
    ['six channels', withFmt((b) => b.writeUInt16LE(6, 22)), 415, 'unsupported_audio_format'],
    ['a rate of 0 Hz', withFmt((b) => b.writeUInt32LE(0, 24)), 415, 'unsupported_audio_format'],
    ['an MP3 file', Buffer.concat([Buffer.from('ID3\x04\x00\x00', 'latin1'), Buffer.alloc(2000, 0xff)]), 415, 'unsupported_audio_format'],
    ['an empty body', Buffer.alloc(0), 400, 'invalid_request'],
    ['a header and no audio', good.subarray(0, 44), 400, 'invalid_request'],
    ['10 ms of audio', writeWav(sine(440, 10, 8000, 8000), 8000), 400, 'invalid_request'],
  ])('%s', async (_label, body, status, code) => {
    const res = await upload(body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.data.error.code).toBe(code);
    expect(res.data.error.requestId).toBe(res.headers['request-id']);
  });

  it('reads a data chunk that claims more bytes than are sent up to what is there', async () => {
    const res = await upload(withFmt((b) => b.writeUInt32LE(0xffffffff, 40)));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.data.durationMs).toBe(500);
  });

  it('refuses a 12 MiB body with 413 payload_too_large', async () => {
    const res = await upload(Buffer.concat([good, Buffer.alloc(12 * 1024 * 1024)]));
    expect(res.statusCode).toBe(413);
    expect(res.data.error.code).toBe('payload_too_large');
  });

  it('refuses audio longer than 10 minutes even when it fits in 10 MiB', async () => {
    const res = await upload(wavFile({ samples: new Int16Array(11 * 60 * 1000), rate: 1000, encoding: 'mulaw' }));
    expect(res.statusCode).toBe(413);
    expect(res.data.error).toMatchObject({ code: 'payload_too_large', param: 'body' });
  });

  it.each([
    ['a JSON body', 'application/json', JSON.stringify({ url: 'https://example.com/a.wav' })],
    ['a multipart body', 'multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nRIFF\r\n--x--'],
    ['text', 'text/plain', 'hello'],
    ['no content type', null, 'RIFF'],
  ])('refuses %s with 415 unsupported_media_type saying what to send', async (_label, type, body) => {
    const res = await upload(body, co.testKey, { type });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.data.error.code).toBe('unsupported_media_type');
    expect(res.data.error.message).toContain('audio/wav');
  });

  it('refuses unknown query parameters and over-long names', async () => {
    expect((await upload(good, co.testKey, { query: '?format=mp3' })).statusCode).toBe(400);
    expect((await upload(good, co.testKey, { query: `?name=${'n'.repeat(201)}` })).statusCode).toBe(400);
  });

  it('never answers random bytes, with or without a RIFF/WAVE header, with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.uint8Array({ maxLength: 400 }), async (riff, bytes) => {
        const body = riff ? Buffer.concat([Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'), Buffer.from(bytes)]) : Buffer.from(bytes);
        const res = await upload(body);
        expect(res.statusCode).toBeLessThan(500);
        expect([201, 400, 413, 415]).toContain(res.statusCode);
      }),
      { numRuns: 60, seed: 5 },
    );
  });
});

describe('scoping: company, profile and mode', () => {
  it('a profile key sees only its profile\'s clips; test and live never mix; another profile\'s clip is 404', async () => {
    const company = await createTestCompany(h.app);
    const scopes = ['audio:read', 'audio:write'];
    const profileA = await createProfile(h.app, company, 'clips-a');
    const profileB = await createProfile(h.app, company, 'clips-b');
    const a = { profileId: profileA, key: await profileKey(h.app, company, profileA, 'test', scopes) };
    const b = { profileId: profileB, key: await profileKey(h.app, company, profileB, 'test', scopes) };
    const aLive = { profileId: profileA, key: await profileKey(h.app, company, profileA, 'live', scopes) };
    const wav = writeWav(sine(440, 100, 8000, 8000), 8000);

    const companyWide = (await upload(wav, company.testKey)).data;
    const forA = await upload(wav, company.testKey, { query: `?profileId=${a.profileId}` });
    expect(forA.data.profileId).toBe(a.profileId);
    const byA = await upload(wav, a.key);
    expect(byA.data).toMatchObject({ profileId: a.profileId, mode: 'test' });
    const byB = (await upload(wav, b.key)).data;
    const live = (await upload(wav, company.liveKey)).data;
    expect(live.mode).toBe('live');

    const ids = async (key: string) => ((await get('/v1/audio-clips', key)).data.data as { id: string }[]).map((c) => c.id).sort();
    expect(await ids(a.key)).toEqual([forA.data.id, byA.data.id].sort());
    expect(await ids(b.key)).toEqual([byB.id]);
    expect(await ids(company.testKey)).toEqual([companyWide.id, forA.data.id, byA.data.id, byB.id].sort());
    expect(await ids(company.liveKey)).toEqual([live.id]);
    expect(await ids(aLive.key)).toEqual([]);
    expect(await ids(co.testKey)).not.toContain(companyWide.id);

    for (const [key, id] of [[b.key, byA.data.id], [a.key, companyWide.id], [company.liveKey, byA.data.id], [aLive.key, byA.data.id], [co.testKey, byA.data.id]] as const) {
      expect((await get(`/v1/audio-clips/${id}`, key)).statusCode).toBe(404);
      expect((await del(`/v1/audio-clips/${id}`, key)).statusCode).toBe(404);
    }
    expect((await get(`/v1/audio-clips/${byA.data.id}`, company.testKey)).statusCode).toBe(200);

    // A profile key cannot upload for another profile, nor a company key for a profile of another company.
    expect((await upload(wav, a.key, { query: `?profileId=${b.profileId}` })).statusCode).toBe(404);
    expect((await upload(wav, co.testKey, { query: `?profileId=${a.profileId}` })).statusCode).toBe(404);

    const deleted = await del(`/v1/audio-clips/${byA.data.id}`, a.key);
    expect(deleted.data).toEqual({ id: byA.data.id, object: 'audio_clip', deleted: true });
    expect((await get(`/v1/audio-clips/${byA.data.id}`, a.key)).statusCode).toBe(404);
    expect((await del(`/v1/audio-clips/${byA.data.id}`, a.key)).statusCode).toBe(404);
  });

  it('needs audio:write to upload and delete, audio:read to read', async () => {
    const company = await createTestCompany(h.app);
    const profile = await createProfile(h.app, company, 'reader');
    const reader = await profileKey(h.app, company, profile, 'test', ['audio:read']);
    const res = await upload(writeWav(sine(440, 100, 8000, 8000), 8000), reader);
    expect(res.statusCode).toBe(403);
    expect(res.data.error.code).toBe('forbidden');
    expect((await get('/v1/audio-clips', reader)).statusCode).toBe(200);
    const other = await profileKey(h.app, company, profile, 'test', ['events:read']);
    expect((await get('/v1/audio-clips', other)).statusCode).toBe(403);
  });
});

describe('listing', () => {
  it('pages newest first with before and nextCursor', async () => {
    const company = await createTestCompany(h.app);
    const wav = writeWav(sine(440, 100, 8000, 8000), 8000);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await upload(wav, company.testKey, { query: `?name=n${i}` })).data.id);
    const first = await get('/v1/audio-clips?limit=2', company.testKey);
    expect(first.data.data.map((c: { name: string }) => c.name)).toEqual(['n4', 'n3']);
    expect(first.data).toMatchObject({ object: 'list', hasMore: true, nextCursor: made[3] });
    const second = await get(`/v1/audio-clips?limit=2&before=${first.data.nextCursor}`, company.testKey);
    expect(second.data.data.map((c: { name: string }) => c.name)).toEqual(['n2', 'n1']);
    const last = await get(`/v1/audio-clips?limit=2&before=${second.data.nextCursor}`, company.testKey);
    expect(last.data).toMatchObject({ hasMore: false, nextCursor: made[0] });
    expect(last.data.data).toHaveLength(1);
  });

  it('refuses a cursor of another account and malformed paging', async () => {
    const company = await createTestCompany(h.app);
    const mine = (await upload(writeWav(sine(440, 100, 8000, 8000), 8000), co.testKey)).data.id;
    const res = await get(`/v1/audio-clips?before=${mine}`, company.testKey);
    expect(res.statusCode).toBe(400);
    expect(res.data.error.param).toBe('before');
    for (const q of ['limit=0', 'limit=101', 'limit=x', 'before=', "before=clip_'--", 'extra=1']) {
      expect((await get(`/v1/audio-clips?${q}`, company.testKey)).statusCode, q).toBe(400);
    }
  });
});

describe('documentation', () => {
  it('the OpenAPI document shows the upload as an audio/wav body needing audio:write', async () => {
    const doc = (await call(h.app, { method: 'GET', url: '/v1/openapi.json' })).data;
    const op = doc.paths['/v1/audio-clips'].post;
    expect(Object.keys(op.requestBody.content)).toEqual(['audio/wav', 'audio/x-wav', 'audio/wave']);
    expect(op.security).toEqual([{ apiKey: ['audio:write'] }]);
    expect(op.responses['413'].description).toContain('payload_too_large');
    expect(doc.paths['/v1/audio-clips/{id}'].get['x-scope']).toBe('audio:read');
  });
});
