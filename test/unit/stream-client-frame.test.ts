import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { FRAME_HEADROOM, frameInto } from '../../media/stream/client-frame.js';
import { MediaMessageWriter } from '../../media/stream/media-message.js';

// ws's frame parser, which its typings do not declare.
const { Receiver } = createRequire(import.meta.url)('ws') as { Receiver: new (options: { isServer: boolean; maxPayload: number }) => Writable };

/** What a WebSocket server (ws's own receiver) reads from these bytes: the messages and whether each was binary. */
function serverReads(bytes: Buffer): { text: string; binary: boolean }[] {
  const read: { text: string; binary: boolean }[] = [];
  const receiver = new Receiver({ isServer: true, maxPayload: 0 });
  receiver.on('message', (data: Buffer, binary: boolean) => read.push({ text: data.toString('utf8'), binary }));
  receiver.on('error', (err: Error) => {
    throw err;
  });
  receiver.write(bytes);
  return read;
}

function framed(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  const buffer = Buffer.alloc(FRAME_HEADROOM + body.length + 4);
  body.copy(buffer, FRAME_HEADROOM);
  const end = FRAME_HEADROOM + body.length;
  const words = new Int32Array(buffer.buffer, buffer.byteOffset, buffer.length >>> 2);
  const start = frameInto(buffer, words, buffer, words, end);
  return buffer.subarray(start, end);
}

describe('client frame', () => {
  it('frames a message (here in place) as one masked text frame a WebSocket server reads back, at every header length', () => {
    const lengths = fc.oneof(fc.integer({ min: 0, max: 125 }), fc.integer({ min: 126, max: 70_000 }));
    fc.assert(
      fc.property(lengths, fc.integer({ min: 0, max: 0x7f }), (length, seed) => {
        const message = Array.from({ length }, (_, i) => String.fromCharCode(0x20 + ((seed + i * 31) % 95))).join('');
        const frame = framed(message);
        expect(frame[0]).toBe(0x81);
        expect(frame[1]! & 0x80).toBe(0x80);
        expect(serverReads(frame)).toEqual([{ text: message, binary: false }]);
      }),
      { numRuns: 200 },
    );
  });

  it('masks each frame with a fresh key', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 100; i++) {
      const frame = framed('{"event":"media"}');
      keys.add(frame.subarray(2, 6).toString('hex'));
    }
    expect(keys.size).toBeGreaterThan(95);
  });

  it("frames the media message writer's latest message, leaves its text unmasked, and leaves a released frame untouched by the next message", () => {
    const writer = new MediaMessageWriter('str_frames');
    const payload = (n: number): Uint8Array => Uint8Array.from({ length: 160 }, (_, i) => (i * 13 + n) % 256);
    const firstText = writer.write(1, 1, 0, payload(1));
    const first = firstText.toString('utf8');
    const firstFrame = writer.framed();
    expect(serverReads(firstFrame)).toEqual([{ text: first, binary: false }]);
    expect(firstText.toString('utf8')).toBe(first);
    const held = Buffer.from(firstFrame);
    writer.release();
    const second = writer.write(2, 2, 20, payload(2)).toString('utf8');
    expect(serverReads(writer.framed())).toEqual([{ text: second, binary: false }]);
    expect(firstFrame.equals(held)).toBe(true);
    // Without a release the frame buffer is reused: the next frame is written where the last one was.
    const third = writer.write(3, 3, 40, payload(3)).toString('utf8');
    expect(serverReads(writer.framed())).toEqual([{ text: third, binary: false }]);
  });
});
