import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MediaMessageWriter } from '../../media/stream/media-message.js';

describe('media message writer', () => {
  it('writes exactly JSON.stringify of the media message, for any payload length, numbers and stream id', () => {
    const sid = 'str_"odd\\sid\u00e9';
    const writer = new MediaMessageWriter(sid);
    for (const [sequence, chunk, timestamp, length] of [
      [1, 1, 0, 160],
      [9, 10, 20, 159],
      [123456, 99999, 1_999_980, 158],
      [2 ** 40, 7, 60, 1],
      [5, 5, 5, 0],
      [6, 6, 6, 400],
    ] as const) {
      const payload = Uint8Array.from({ length }, (_, i) => (i * 37 + sequence) % 256);
      const expected = JSON.stringify({
        event: 'media',
        sequenceNumber: String(sequence),
        streamSid: sid,
        media: { track: 'inbound', chunk: String(chunk), timestamp: String(timestamp), payload: Buffer.from(payload).toString('base64') },
      });
      expect(writer.write(sequence, chunk, timestamp, payload).toString('utf8')).toBe(expected);
    }
  });

  it('renumbers its latest message: the same timestamp and payload under new numbers, of fewer or more digits', () => {
    const sid = 'str_renumber';
    const writer = new MediaMessageWriter(sid);
    const payload = Uint8Array.from({ length: 160 }, (_, i) => (i * 53) % 256);
    const message = (sequence: number, chunk: number): string =>
      JSON.stringify({
        event: 'media',
        sequenceNumber: String(sequence),
        streamSid: sid,
        media: { track: 'inbound', chunk: String(chunk), timestamp: '1980', payload: Buffer.from(payload).toString('base64') },
      });
    writer.write(99, 98, 1980, payload);
    expect(writer.renumber(100, 99).toString('utf8')).toBe(message(100, 99));
    expect(writer.renumber(101, 100).toString('utf8')).toBe(message(101, 100));
    expect(writer.renumber(7, 7).toString('utf8')).toBe(message(7, 7));
  });

  it('keeps writing exactly JSON.stringify across any run of writes and renumbers, as numbers gain and lose digits and payloads change length', () => {
    const number = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 120_000 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));
    const write = fc.record({ sequence: number, chunk: number, timestamp: number, length: fc.oneof(fc.constant(160), fc.integer({ min: 0, max: 500 })), seed: fc.nat(255) });
    const renumber = fc.record({ sequence: number, chunk: number });
    fc.assert(
      fc.property(fc.array(fc.oneof(write, renumber), { minLength: 1, maxLength: 30 }), (steps) => {
        const sid = 'str_steps';
        const writer = new MediaMessageWriter(sid);
        let latest: { timestamp: number; payload: string } | null = null;
        for (const step of steps) {
          let text: string;
          let sequence = step.sequence;
          let chunk = step.chunk;
          if ('length' in step) {
            const payload = Uint8Array.from({ length: step.length }, (_, i) => (i * 29 + step.seed) % 256);
            latest = { timestamp: step.timestamp, payload: Buffer.from(payload).toString('base64') };
            text = writer.write(sequence, chunk, step.timestamp, payload).toString('utf8');
            writer.framed();
          } else {
            if (latest === null) continue;
            text = writer.renumber(sequence, chunk).toString('utf8');
          }
          expect(text).toBe(
            JSON.stringify({
              event: 'media',
              sequenceNumber: String(sequence),
              streamSid: sid,
              media: { track: 'inbound', chunk: String(chunk), timestamp: String(latest!.timestamp), payload: latest!.payload },
            }),
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});
