import type { FastifyInstance } from 'fastify';
import { encodeMulaw } from '../../shared/audio/g711.js';
import type { Bus } from '../../shared/bus/bus.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { bearer, call, startApi, type ApiHarness, type TestCompany } from './api-harness.js';

/** A WAV file built field by field, so tests can make any valid or broken one. */
export function wavFile(opts: { samples: Int16Array; rate: number; channels?: 1 | 2; encoding?: 'pcm16' | 'mulaw' }): Buffer {
  const channels = opts.channels ?? 1;
  const mulaw = opts.encoding === 'mulaw';
  const bytesPerSample = mulaw ? 1 : 2;
  // Stereo: the same signal on both channels, so the downmix equals the source.
  const interleaved = new Int16Array(opts.samples.length * channels);
  for (let i = 0; i < opts.samples.length; i++) for (let c = 0; c < channels; c++) interleaved[i * channels + c] = opts.samples[i]!;
  let data: Buffer;
  if (mulaw) {
    const encoded = new Uint8Array(interleaved.length);
    encodeMulaw(interleaved, encoded);
    data = Buffer.from(encoded);
  } else {
    data = Buffer.alloc(interleaved.length * 2);
    for (let i = 0; i < interleaved.length; i++) data.writeInt16LE(interleaved[i]!, i * 2);
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(mulaw ? 7 : 1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(opts.rate, 24);
  h.writeUInt32LE(opts.rate * channels * bytesPerSample, 28);
  h.writeUInt16LE(channels * bytesPerSample, 32);
  h.writeUInt16LE(bytesPerSample * 8, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** An API server with extra route plugins registered over a shared pool, memory bus and manual clock. */
export async function startApiWith(bus?: Bus): Promise<ApiHarness> {
  return startApi({
    clock: new ManualClock(Date.UTC(2026, 2, 15, 12)),
    rateLimit: { capacity: 1_000_000, refillPerSecond: 1_000_000 },
    ...(bus ? { bus } : {}),
  });
}

/** Creates a profile of `company` (through its live company key); returns its id. */
export async function createProfile(app: FastifyInstance, company: TestCompany, slug: string): Promise<string> {
  const profile = await call(app, { method: 'POST', url: '/v1/profiles', headers: bearer(company.liveKey), payload: { name: slug, slug } });
  if (profile.statusCode !== 201) throw new Error(`profile create failed: ${profile.statusCode} ${profile.body}`);
  return profile.data.id as string;
}

/** Creates a profile key of `mode` with `scopes` (through the company key of that mode); returns the key. */
export async function profileKey(app: FastifyInstance, company: TestCompany, profileId: string, mode: 'live' | 'test', scopes: string[]): Promise<string> {
  const companyKey = mode === 'live' ? company.liveKey : company.testKey;
  const key = await call(app, { method: 'POST', url: '/v1/api-keys', headers: bearer(companyKey), payload: { name: 'profile key', mode, profileId, scopes } });
  if (key.statusCode !== 201) throw new Error(`key create failed: ${key.statusCode} ${key.body}`);
  return key.data.key as string;
}
