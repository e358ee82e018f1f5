import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { IncomingFrames } from '../../media/stream/incoming-frames.js';

// ws's frame parser, which its typings do not declare; configured as the stream's socket configures it.
const { Receiver } = createRequire(import.meta.url)('ws') as {
  Receiver: new (options: { isServer: boolean; maxPayload: number; skipUTF8Validation: boolean }) => Writable;
};

/** A receiver as the stream's socket has it, logging everything it reports into `log`. */
function receiver(log: string[]): Writable {
  const r = new Receiver({ isServer: false, maxPayload: 1024 * 1024, skipUTF8Validation: true });
  r.on('message', (data: Buffer, binary: boolean) => log.push(`message ${binary} ${data.toString('hex')}`));
  r.on('ping', (data: Buffer) => log.push(`ping ${data.toString('hex')}`));
  r.on('pong', (data: Buffer) => log.push(`pong ${data.toString('hex')}`));
  r.on('conclude', (code: number, reason: Buffer) => log.push(`conclude ${code} ${reason.toString('hex')}`));
  r.on('error', (err: Error & { code?: string }) => log.push(`error ${err.code}`));
  return r;
}

/** What `ws` alone reports for these chunks. */
async function wsAlone(chunks: Buffer[]): Promise<string[]> {
  const log: string[] = [];
  const r = receiver(log);
  for (const c of chunks) r.write(c);
  await new Promise((resolve) => setImmediate(resolve));
  return log;
}

/** What the fast path in front of `ws` reports for the same chunks (and whether it handed over). */
async function withFastPath(chunks: Buffer[], closeAfter?: number): Promise<{ log: string[]; fast: number }> {
  const log: string[] = [];
  const r = receiver(log);
  let wsReads = false;
  let fast = 0;
  const frames = new IncomingFrames({
    text: (data) => {
      fast++;
      log.push(`message false ${data.toString('hex')}`);
    },
    other: (bytes) => r.write(bytes),
    handOver: (rest) => {
      wsReads = true;
      if (rest.length > 0) r.write(rest);
    },
  });
  chunks.forEach((c, i) => {
    if (wsReads) r.write(c);
    else frames.push(c);
    if (i === closeAfter) frames.handOver();
  });
  await new Promise((resolve) => setImmediate(resolve));
  return { log, fast };
}

/** A frame from a server: `first` is FIN, RSV and opcode; lengths over 65535, or `long`, take the 64-bit form. */
function frame(first: number, payload: Buffer, options: { masked?: boolean; long?: boolean } = {}): Buffer {
  const n = payload.length;
  const mask = options.masked ? 0x80 : 0;
  let header: Buffer;
  if (n < 126 && !options.long) header = Buffer.from([first, mask | n]);
  else if (n < 0x10000 && !options.long) header = Buffer.from([first, mask | 126, n >> 8, n & 0xff]);
  else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = mask | 127;
    header.writeUInt32BE(n, 6);
  }
  return Buffer.concat([header, options.masked ? Buffer.from([1, 2, 3, 4]) : Buffer.alloc(0), payload]);
}

const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((a) => Buffer.from(a));
const media = fc.string({ maxLength: 300 }).map((s) => Buffer.from(`{"event":"media","media":{"payload":"${s}"}}`, 'utf8'));
/** Frames a customer's server may send, well-formed or not. */
const anyFrame = fc.oneof(
  { weight: 8, arbitrary: fc.oneof(media, bytes(200)).map((p) => frame(0x81, p)) },
  { weight: 2, arbitrary: fc.integer({ min: 126, max: 70_000 }).map((n) => frame(0x81, Buffer.alloc(n, 0x61))) },
  { weight: 2, arbitrary: bytes(125).map((p) => frame(0x89, p)) },
  { weight: 2, arbitrary: bytes(125).map((p) => frame(0x8a, p)) },
  fc.constantFrom(
    frame(0x89, Buffer.alloc(126)),
    frame(0x09, Buffer.from('no fin')),
    frame(0x81, Buffer.from('long form'), { long: true }),
    frame(0x81, Buffer.from('masked'), { masked: true }),
    frame(0xc1, Buffer.from('rsv1')),
    frame(0xa1, Buffer.from('rsv2')),
    frame(0x83, Buffer.from('opcode 3')),
    frame(0x80, Buffer.from('continuation alone')),
    frame(0x88, Buffer.from([0x03, 0xe8, 0x62, 0x79, 0x65])),
    frame(0x88, Buffer.alloc(0)),
    frame(0x88, Buffer.from([0x00, 0x05])),
    frame(0x88, Buffer.from([0x03])),
    Buffer.concat([frame(0x01, Buffer.from('frag')), frame(0x89, Buffer.from('p')), frame(0x80, Buffer.from('ment'))]),
    frame(0x82, Buffer.from([0, 1, 2, 255])),
  ),
);
/** The frames' bytes cut into chunks anywhere. */
const cutStream = fc
  .tuple(fc.array(anyFrame, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 12 }))
  .map(([frames, cuts]) => {
    const all = Buffer.concat(frames);
    const at = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b);
    const chunks: Buffer[] = [];
    let from = 0;
    for (const c of [...at, all.length]) {
      if (c > from) chunks.push(all.subarray(from, c));
      from = c;
    }
    return chunks;
  });

describe('incoming frames (the fast path in front of ws)', () => {
  it('reports exactly what ws alone reports, for any frames cut anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(cutStream, async (chunks) => {
        expect((await withFastPath(chunks)).log).toEqual(await wsAlone(chunks));
      }),
      { numRuns: 400 },
    );
  });

  it('reports exactly what ws alone reports when the connection is handed back mid-frame (it closes)', async () => {
    await fc.assert(
      fc.asyncProperty(cutStream, fc.nat(), async (chunks, at) => {
        expect((await withFastPath(chunks, at % chunks.length)).log).toEqual(await wsAlone(chunks));
      }),
      { numRuns: 200 },
    );
  });

  it('takes text frames itself around pings and pongs, and leaves everything after a close to ws', async () => {
    const text = (s: string) => frame(0x81, Buffer.from(s));
    const chunks = [Buffer.concat([text('a'), frame(0x89, Buffer.from('hi')), text('b'), frame(0x8a, Buffer.alloc(0)), text('c'), frame(0x88, Buffer.from([0x03, 0xe8])), text('d')])];
    const { log, fast } = await withFastPath(chunks);
    expect(fast).toBe(3);
    expect(log).toEqual(await wsAlone(chunks));
    expect(log).toEqual([
      `message false ${Buffer.from('a').toString('hex')}`,
      `ping ${Buffer.from('hi').toString('hex')}`,
      `message false ${Buffer.from('b').toString('hex')}`,
      'pong ',
      `message false ${Buffer.from('c').toString('hex')}`,
      'conclude 1000 ',
    ]);
  });

  it('reads a 60,000-byte text frame sent a byte at a time', async () => {
    const message = Buffer.alloc(60_000, 0x62);
    const whole = frame(0x81, message);
    const chunks = Array.from(whole, (b) => Buffer.from([b]));
    const { log, fast } = await withFastPath(chunks);
    expect(fast).toBe(1);
    expect(log).toEqual([`message false ${message.toString('hex')}`]);
  });
});
