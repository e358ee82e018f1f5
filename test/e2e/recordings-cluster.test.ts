import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rms } from '../../media/audio/level.js';
import { parseWav } from '../../shared/audio/wav.js';
import { loadConfig } from '../../shared/config/config.js';
import { openNatsObjectStore } from '../../shared/objects/nats-object-store.js';
import { recordingsBucket } from '../../shared/objects/recordings-store.js';
import { runSentral, type SentralProcess } from '../support/sentral-process.js';
import { serviceUrls } from '../support/services.js';
import { startCallsSystem, type CallsSystem, type Customer } from './calls-harness.js';

let sys: CallsSystem;
let customer: Customer;
let media: SentralProcess | undefined;
let api: SentralProcess | undefined;
// Each process gets a data directory of its own: they share nothing but the cluster's services.
const mediaDir = mkdtempSync(join(tmpdir(), 'sentral-rec-media-'));
const apiDir = mkdtempSync(join(tmpdir(), 'sentral-rec-api-'));

beforeAll(async () => {
  sys = await startCallsSystem({ cluster: true, inProcessMedia: false });
  customer = await sys.customer({ balanceOre: 5_000 });
});
afterAll(async () => {
  await media?.stop('SIGKILL');
  await api?.stop('SIGKILL');
  await sys?.close();
  rmSync(mediaDir, { recursive: true, force: true });
  rmSync(apiDir, { recursive: true, force: true });
});

async function download(base: string, path: string) {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${customer.key}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('recordings in a cluster', () => {
  it('a recording made on one media node downloads through another API process after that node and its disk are gone', async () => {
    media = runSentral(['media'], { ...sys.env, SENTRAL_DATA_DIR: mediaDir, SENTRAL_NODE_ID: 'rec-node', SENTRAL_MEDIA_WORKERS: '1' });
    await media.printed(/media node rec-node listening on port/);

    const created = await sys.request(customer.key, 'POST', '/v1/calls', {
      profileId: customer.profileId, to: '+442079460001', from: customer.number, maxMinutes: 2, recording: true,
    }, { 'idempotency-key': 'rec-cluster-1' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const callId: string = created.body.id;
    await customer.nextEvent((e) => e.type === 'call.command.completed' && e.data.callId === callId && e.data.action === 'recording.start');
    const say = await sys.request(customer.key, 'POST', `/v1/calls/${callId}/say`, { text: 'This call is recorded in the cluster.' }, { 'idempotency-key': 'rec-cluster-say' });
    expect(say.status, JSON.stringify(say.body)).toBe(201);
    await customer.nextEvent((e) => e.type === 'call.command.completed' && e.data.commandId === say.body.id, 30_000);
    await sys.request(customer.key, 'POST', `/v1/calls/${callId}/hangup`);
    const ready = await customer.nextEvent((e) => e.type === 'call.recording.ready' && e.data.callId === callId, 30_000);
    const durationMs = ready.data.durationMs as number;
    expect(durationMs).toBeGreaterThan(1000);

    // The node kept nothing on its disk; then it dies, and its disk with it.
    expect(existsSync(join(mediaDir, 'recordings')) ? readdirSync(join(mediaDir, 'recordings')) : []).toEqual([]);
    await media.stop('SIGKILL');
    rmSync(mediaDir, { recursive: true, force: true });

    api = runSentral(['api'], { ...sys.env, SENTRAL_DATA_DIR: apiDir });
    const base = await api.apiUrl;
    const list = await fetch(`${base}/v1/calls/${callId}/recordings`, { headers: { authorization: `Bearer ${customer.key}` } });
    const recordings = (await list.json()) as { data: { id: string; url: string }[] };
    expect(recordings.data.map((r) => r.id)).toEqual([ready.data.recordingId]);
    const file = await download(base, recordings.data[0]!.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/wav');
    expect(Number(file.headers.get('content-length'))).toBe(file.bytes.length);
    // A proper WAV file: the sizes in its header are the real ones.
    expect(file.bytes.readUInt32LE(4)).toBe(file.bytes.length - 8);
    expect(file.bytes.readUInt32LE(40)).toBe(file.bytes.length - 44);
    const wav = parseWav(file.bytes);
    expect(wav.sampleRate).toBe(16000);
    expect(Math.abs((wav.samples.length / 16) - durationMs)).toBeLessThanOrEqual(20);
    // The sentence is in it.
    expect(rms(wav.samples)).toBeGreaterThan(100);
    expect(readdirSync(apiDir).filter((f) => f === 'recordings')).toEqual([]);

    // Gone from the store: the download says so (410), it does not fail.
    const bucket = await openNatsObjectStore({ url: serviceUrls.nats, bucket: recordingsBucket(loadConfig(sys.env)), replicas: 1 });
    try {
      expect(await bucket.delete(`${ready.data.recordingId}.wav`)).toBe(true);
    } finally {
      await bucket.close();
    }
    const gone = await download(base, recordings.data[0]!.url);
    expect(gone.status).toBe(410);
    expect(JSON.parse(gone.bytes.toString()).error.code).toBe('recording_not_stored');

    // Ids from outside never reach the store as paths.
    for (const hostile of ['..%2F..%2Fetc%2Fpasswd', '.hidden', 'rec%00x']) {
      const res = await download(base, `/v1/calls/${callId}/recordings/${hostile}`);
      expect([400, 404], `${hostile}: ${res.status}`).toContain(res.status);
    }
  }, 120_000);
});
