import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { createNatsBus } from '../../shared/bus/nats-bus.js';
import type { Bus, Subscription } from '../../shared/bus/bus.js';
import { isBusError } from '../../shared/bus/bus-error.js';
import { CLIP_CHUNK_BYTES, decodeClipChunkReply, encodeClipChunkReply } from '../../protocol/media/clip-transfer.js';
import { createClip } from '../../control/clips/audio-clips.js';
import { startClipServer } from '../../control/clips/clip-server.js';
import type { KeyPrincipal } from '../../control/accounts/principal.js';
import { allScopes } from '../../protocol/api/scopes.js';
import { clipFetcher, fetchClip } from '../../media/clips/clip-fetcher.js';
import { serviceUrls, uniquePrefix } from '../support/services.js';
import { createTestCompany } from './api-harness.js';
import { startApiWith } from './audio-clips-harness.js';
import { CLIP_GET_SUBJECT } from '../../protocol/bus/bus-names.js';

let h: Awaited<ReturnType<typeof startApiWith>>;
let caller: KeyPrincipal;
let longClip: { id: string; samples: Int16Array };

beforeAll(async () => {
  h = await startApiWith();
  const co = await createTestCompany(h.app);
  caller = { kind: 'key', keyId: 'key_test', companyId: co.id, profileId: null, mode: 'test', scopes: new Set(allScopes) };
  // 40 s at 16 kHz: 1.28 MB, three chunks, every sample distinct from its neighbours.
  const samples = new Int16Array(40 * 16000);
  for (let i = 0; i < samples.length; i++) samples[i] = ((i * 7919) % 65536) - 32768;
  const clip = await createClip(h.sql, h.clock, caller, { name: 'long' }, { samples, sourceSampleRate: 16000, sourceChannels: 1 });
  longClip = { id: clip.id, samples };
});
afterAll(async () => h?.close());

const buses: [string, () => Promise<Bus>][] = [
  ['memory bus', async () => createMemoryBus({ prefix: uniquePrefix('clips') })],
  ['NATS', () => createNatsBus({ url: serviceUrls.nats, prefix: uniquePrefix('clips'), name: 'clip-transfer-test' })],
];

describe.each(buses)('fetching clips over the %s', (_name, open) => {
  let bus: Bus;
  let server: Subscription;

  beforeAll(async () => {
    bus = await open();
    server = await startClipServer({ bus, sql: h.sql });
  });
  afterAll(async () => {
    await server?.stop();
    await bus?.close();
  });

  it('returns the same samples as were stored, across several chunks', async () => {
    expect(longClip.samples.byteLength).toBeGreaterThan(2 * CLIP_CHUNK_BYTES);
    const fetched = await fetchClip(bus, longClip.id);
    expect(fetched).not.toBeNull();
    expect(fetched!.length).toBe(longClip.samples.length);
    expect(Buffer.from(fetched!.buffer, fetched!.byteOffset, fetched!.byteLength).equals(Buffer.from(longClip.samples.buffer))).toBe(true);
  });

  it('returns null for a clip that does not exist, and for one deleted', async () => {
    expect(await fetchClip(bus, 'clip_00000000000000000000000000')).toBeNull();
    const short = await createClip(h.sql, h.clock, caller, {}, { samples: new Int16Array(320).fill(5), sourceSampleRate: 8000, sourceChannels: 1 });
    expect(await fetchClip(bus, short.id)).toEqual(new Int16Array(320).fill(5));
    await h.sql`delete from audio_clips where id = ${short.id}`;
    expect(await fetchClip(bus, short.id)).toBeNull();
  });

  it('answers a malformed request with "not found" instead of failing', async () => {
    for (const raw of ['{', 'null', '{"clipId":"../etc/passwd","offset":0}', '{"clipId":"clip_x","offset":-1}', '{"clipId":"clip_x","offset":0,"x":1}']) {
      const reply = decodeClipChunkReply(await bus.request(CLIP_GET_SUBJECT, new TextEncoder().encode(raw), { timeoutMs: 5000 }));
      expect(reply?.header, raw).toEqual({ found: false });
    }
  });

  it('shares one transfer between concurrent fetches of one clip', async () => {
    let requests = 0;
    const counting: Bus = Object.assign(Object.create(bus) as Bus, {
      request: (subject: string, data: Uint8Array, options: { timeoutMs: number }) => {
        requests++;
        return bus.request(subject, data, options);
      },
    });
    const fetch = clipFetcher(counting);
    const [a, b] = await Promise.all([fetch(longClip.id), fetch(longClip.id)]);
    expect(a).toBe(b);
    expect(requests).toBe(3);
    await fetch(longClip.id);
    expect(requests).toBe(6);
  });
});

describe('a media node facing a broken control plane', () => {
  it('rejects when no API process serves clips', async () => {
    const bus = createMemoryBus({ prefix: uniquePrefix('clips') });
    await expect(fetchClip(bus, 'clip_x', { timeoutMs: 200 })).rejects.toSatisfy((err: unknown) => isBusError(err, 'no_responders') || isBusError(err, 'request_timeout'));
    await bus.close();
  });

  it.each([
    ['garbage', () => new Uint8Array([1, 2, 3])],
    ['a header length past the end', () => new Uint8Array([0, 0, 0, 200, 123])],
    ['a header of the wrong shape', () => encodeClipChunkReply({ found: 'yes' } as never)],
    ['an odd total size', () => encodeClipChunkReply({ found: true, sampleRate: 16000, totalBytes: 3, offset: 0 }, new Uint8Array(3))],
    ['a total size over the clip limit', () => encodeClipChunkReply({ found: true, sampleRate: 16000, totalBytes: 2 ** 31, offset: 0 }, new Uint8Array(2))],
    ['an empty chunk', () => encodeClipChunkReply({ found: true, sampleRate: 16000, totalBytes: 4, offset: 0 })],
    ['a chunk past the end', () => encodeClipChunkReply({ found: true, sampleRate: 16000, totalBytes: 4, offset: 0 }, new Uint8Array(6))],
    ['a chunk at the wrong offset', () => encodeClipChunkReply({ found: true, sampleRate: 16000, totalBytes: 4, offset: 2 }, new Uint8Array(2))],
  ])('rejects a reply with %s (never loops or returns wrong audio)', async (_label, reply) => {
    const bus = createMemoryBus({ prefix: uniquePrefix('clips') });
    await bus.serve(CLIP_GET_SUBJECT, () => reply());
    await expect(fetchClip(bus, 'clip_x')).rejects.toThrow(/clip clip_x/);
    await bus.close();
  });
});
