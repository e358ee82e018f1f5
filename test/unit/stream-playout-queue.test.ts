import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { FRAME_BYTES, PlayoutQueue } from '../../media/stream/playout-queue.js';

function queue(options: { maxQueuedSeconds?: number; maxPendingMarks?: number } = {}) {
  const marks: string[] = [];
  const q = new PlayoutQueue({ ...options, onMark: (name) => marks.push(name) });
  return { q, marks };
}

const bytes = (n: number, value = 1) => new Uint8Array(n).fill(value);

describe('playout queue', () => {
  it('re-frames any-length payloads into 160-byte frames in order', () => {
    const { q } = queue();
    const audio = Uint8Array.from({ length: 500 }, (_, i) => i % 200);
    q.push(audio.subarray(0, 7));
    q.push(audio.subarray(7, 330));
    q.push(audio.subarray(330));
    const out: number[] = [];
    for (let i = 0; i < 3; i++) out.push(...q.pull()!);
    expect(out).toEqual([...audio.subarray(0, 480)]);
    expect(q.queuedBytes).toBe(20);
  });

  it('gives null when empty', () => {
    const { q } = queue();
    expect(q.pull()).toBeNull();
  });

  it('holds a partial frame for one tick, then plays it padded with silence', () => {
    const { q } = queue();
    q.push(bytes(100));
    expect(q.pull()).toBeNull();
    const frame = q.pull()!;
    expect(frame.length).toBe(FRAME_BYTES);
    expect([...frame.subarray(0, 100)].every((b) => b === 1)).toBe(true);
    expect([...frame.subarray(100)].every((b) => b === 0xff)).toBe(true);
  });

  it('completes a held partial frame with audio that arrives within the tick', () => {
    const { q } = queue();
    q.push(bytes(100, 1));
    expect(q.pull()).toBeNull();
    q.push(bytes(100, 2));
    const frame = q.pull()!;
    expect([...frame]).toEqual([...bytes(100, 1), ...bytes(60, 2)]);
  });

  it('echoes a mark only after the audio before it has been played, not when its last frame is taken', () => {
    const { q, marks } = queue();
    q.push(bytes(320));
    q.mark('end');
    q.pull();
    q.pull();
    // The last frame before the mark is playing during this tick.
    expect(marks).toEqual([]);
    expect(q.pull()).toBeNull();
    expect(marks).toEqual(['end']);
  });

  it('echoes a mark on an empty queue on the next pull', () => {
    const { q, marks } = queue();
    q.mark('now');
    expect(marks).toEqual([]);
    expect(q.pull()).toBeNull();
    expect(marks).toEqual(['now']);
  });

  it('pads a partial frame at once when a mark waits behind it', () => {
    const { q, marks } = queue();
    q.push(bytes(50));
    q.mark('m');
    expect(q.pull()).not.toBeNull();
    expect(marks).toEqual([]);
    q.pull();
    expect(marks).toEqual(['m']);
  });

  it('echoes a mark in the middle of a frame after that frame', () => {
    const { q, marks } = queue();
    q.push(bytes(100));
    q.mark('mid');
    q.push(bytes(100));
    q.pull();
    expect(marks).toEqual([]);
    expect(q.queuedBytes).toBe(40);
    q.pull();
    expect(marks).toEqual(['mid']);
  });

  it('clear drops the queued audio and echoes pending marks at once, in order', () => {
    const { q, marks } = queue();
    q.push(bytes(1600));
    q.mark('a');
    q.push(bytes(1600));
    q.mark('b');
    q.clear();
    expect(marks).toEqual(['a', 'b']);
    expect(q.queuedBytes).toBe(0);
    expect(q.pull()).toBeNull();
  });

  it('drops audio beyond its bound and reports how much', () => {
    const { q } = queue({ maxQueuedSeconds: 1 });
    expect(q.push(bytes(6000))).toBe(0);
    expect(q.push(bytes(6000))).toBe(4000);
    expect(q.queuedBytes).toBe(8000);
    q.pull();
    expect(q.push(bytes(500))).toBe(340);
  });

  it('refuses marks beyond its bound', () => {
    const { q } = queue({ maxPendingMarks: 2 });
    expect(q.mark('a')).toBe(true);
    expect(q.mark('b')).toBe(true);
    expect(q.mark('c')).toBe(false);
    q.pull();
    expect(q.mark('d')).toBe(true);
  });

  it('keeps memory flat over a long stream of small pushes', () => {
    const { q, marks } = queue();
    for (let i = 0; i < 10_000; i++) {
      q.push(bytes(80));
      q.mark(`m${i}`);
      if (i % 2 === 1) q.pull();
    }
    q.pull();
    expect(q.queuedBytes).toBe(0);
    expect(marks.length).toBe(10_000);
  });
});

type Op = { kind: 'push'; n: number } | { kind: 'mark' } | { kind: 'pull' } | { kind: 'clear' };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 700 }).map((n) => ({ kind: 'push', n }) as Op) },
  { weight: 2, arbitrary: fc.constant({ kind: 'mark' } as Op) },
  { weight: 5, arbitrary: fc.constant({ kind: 'pull' } as Op) },
  { weight: 1, arbitrary: fc.constant({ kind: 'clear' } as Op) },
);

describe('playout queue properties', () => {
  it('never echoes a mark before the audio ahead of it was pulled or cleared; frames keep the audio in order', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 200 }), fc.integer({ min: 1, max: 3 }), (ops, seconds) => {
        // Audio bytes are 0..254, so padding (0xff) is told apart from audio.
        let pushed = 0;
        let nextByte = 0;
        let clearing = false;
        const expected: number[] = [];
        const heard: number[] = [];
        const markAt = new Map<string, number>();
        const echoed: string[] = [];
        const made: string[] = [];
        const q = new PlayoutQueue({
          maxQueuedSeconds: seconds,
          onMark: (name) => {
            echoed.push(name);
            // Bytes that left the queue (pulled, or cleared before the mark was queued) cover all audio ahead of it.
            if (!clearing) expect(pushed - q.queuedBytes).toBeGreaterThanOrEqual(markAt.get(name)!);
          },
        });
        for (const o of ops) {
          if (o.kind === 'push') {
            const chunk = Uint8Array.from({ length: o.n }, () => nextByte++ % 255);
            const dropped = q.push(chunk);
            expect(dropped).toBe(Math.max(0, o.n - (seconds * 8000 - q.queuedBytes)));
            pushed += o.n - dropped;
            expected.push(...chunk.subarray(0, o.n - dropped));
          } else if (o.kind === 'mark') {
            const name = `m${made.length}`;
            markAt.set(name, pushed);
            if (q.mark(name)) made.push(name);
          } else if (o.kind === 'pull') {
            const frame = q.pull();
            if (frame) {
              expect(frame.length).toBe(FRAME_BYTES);
              for (const b of frame) if (b !== 0xff) heard.push(b);
            }
          } else {
            clearing = true;
            expected.splice(expected.length - q.queuedBytes, q.queuedBytes);
            q.clear();
            clearing = false;
          }
        }
        expect(heard).toEqual(expected.slice(0, heard.length));
        expect(echoed).toEqual(made.slice(0, echoed.length));
        expect(q.pendingMarks).toBe(made.length - echoed.length);
      }),
      { numRuns: 300 },
    );
  });
});
