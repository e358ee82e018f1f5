import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readCustomerMessage, readCustomerMessageStrictly } from '../../media/stream/customer-message-reader.js';
import { readOrdinaryMedia } from '../../media/stream/ordinary-media.js';
import { ErrorThrottle } from '../../media/stream/error-throttle.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';

const sid = 'str_test';
const text = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
const read = (value: unknown, binary = false) => readCustomerMessage(text(value), binary, sid);

describe('customer stream messages', () => {
  it('reads media of any length as raw mu-law bytes', () => {
    const audio = Buffer.from([1, 2, 3, 250, 255]);
    expect(read({ event: 'media', streamSid: sid, media: { payload: audio.toString('base64') } })).toEqual({ kind: 'media', audio });
  });

  it('reads mark and clear, ignoring unknown fields', () => {
    expect(read({ event: 'mark', streamSid: sid, mark: { name: 'greeting' }, extra: 1 })).toEqual({ kind: 'mark', name: 'greeting' });
    expect(read({ event: 'clear', streamSid: sid })).toEqual({ kind: 'clear' });
  });

  it.each([
    ['a binary frame', Buffer.from([1, 2, 3]), true, 'stream_binary_frame'],
    ['a frame over 64 KiB', Buffer.alloc(64 * 1024 + 1, 0x20), false, 'stream_message_too_large'],
    ['non-JSON', text('hello'), false, 'stream_invalid_json'],
    ['invalid UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), false, 'stream_invalid_json'],
    ['a JSON array', text([1, 2]), false, 'stream_invalid_json'],
    ['JSON null', text('null'), false, 'stream_invalid_json'],
    ['a JSON number', text('42'), false, 'stream_invalid_json'],
    ['an unknown event', text({ event: 'start', streamSid: sid }), false, 'stream_unknown_event'],
    ['no event', text({ streamSid: sid }), false, 'stream_unknown_event'],
    ['a non-string event', text({ event: { toString: 1 }, streamSid: sid }), false, 'stream_unknown_event'],
    ['__proto__ games', text('{"__proto__":{"event":"clear"},"streamSid":"str_test"}'), false, 'stream_unknown_event'],
    ['media without payload', text({ event: 'media', streamSid: sid, media: {} }), false, 'stream_invalid_message'],
    ['media with a numeric payload', text({ event: 'media', streamSid: sid, media: { payload: 5 } }), false, 'stream_invalid_message'],
    ['mark without name', text({ event: 'mark', streamSid: sid }), false, 'stream_invalid_message'],
    ['a mark name over 256 characters', text({ event: 'mark', streamSid: sid, mark: { name: 'x'.repeat(257) } }), false, 'stream_invalid_message'],
    ['no streamSid', text({ event: 'clear' }), false, 'stream_invalid_message'],
    ['a wrong streamSid', text({ event: 'clear', streamSid: 'str_other' }), false, 'stream_wrong_stream_sid'],
    ['bad base64', text({ event: 'media', streamSid: sid, media: { payload: 'abc$' } }), false, 'stream_invalid_payload'],
    ['base64 with a bad length', text({ event: 'media', streamSid: sid, media: { payload: 'abcde' } }), false, 'stream_invalid_payload'],
    ['URL-safe base64', text({ event: 'media', streamSid: sid, media: { payload: 'ab-_' } }), false, 'stream_invalid_payload'],
    ['base64 with a line break', text({ event: 'media', streamSid: sid, media: { payload: 'abcd\nabcd' } }), false, 'stream_invalid_payload'],
    ['base64 whose padding bits are not zero', text({ event: 'media', streamSid: sid, media: { payload: 'AB==' } }), false, 'stream_invalid_payload'],
    ['an empty payload', text({ event: 'media', streamSid: sid, media: { payload: '' } }), false, 'stream_invalid_payload'],
  ])('refuses %s', (_name, data, binary, code) => {
    expect(readCustomerMessage(data as Buffer, binary as boolean, sid)).toMatchObject({ kind: 'refused', code });
  });

  it('names the unknown event in the error, printable and short', () => {
    const out = read({ event: `evil\u0000\n"${'x'.repeat(100)}`, streamSid: sid });
    expect(out.kind === 'refused' && out.message).toMatch(/^The event "evil\?\?'x+" is not one of media, mark or clear\.$/);
    expect(out.kind === 'refused' && out.message!.length).toBeLessThan(100);
  });

  it.each([
    ['a lone high surrogate in a mark name', '{"event":"mark","streamSid":"str_test","mark":{"name":"a\\ud800"}}', 'mark.name'],
    ['a lone low surrogate in an unknown field', '{"event":"clear","streamSid":"str_test","x":"\\udc00"}', 'x'],
    ['a NUL in a mark name', '{"event":"mark","streamSid":"str_test","mark":{"name":"a\\u0000"}}', 'mark.name'],
    ['100,000-deep nesting', `{"event":"clear","streamSid":"str_test","x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`, 'x'],
  ])('refuses %s with an error naming where, never passing it on', (_, json, where) => {
    const out = read(json);
    expect(out).toMatchObject({ kind: 'refused', code: 'stream_invalid_message' });
    expect(out.kind === 'refused' && out.message).toContain(where);
  });

  it('never throws, whatever the bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.boolean(), (bytes, binary) => {
        const out = readCustomerMessage(Buffer.from(bytes), binary, sid);
        expect(['media', 'mark', 'clear', 'refused']).toContain(out.kind);
      }),
    );
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const out = read(value);
        expect(['media', 'mark', 'clear', 'refused']).toContain(out.kind);
      }),
    );
  });
});

describe('the fast path for ordinary media agrees with the strict reader', () => {
  const strict = (data: Buffer) => readCustomerMessageStrictly(data, false, sid);
  const both = (data: Buffer) => {
    const out = readCustomerMessage(data, false, sid);
    expect(out).toEqual(strict(data));
    return out;
  };
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  // Characters a hostile or sloppy encoder puts in a payload: URL-safe digits, padding, whitespace, JSON and
  // Unicode specials, a character whose low byte is a base64 digit (U+0141), lone and paired surrogates.
  const HOSTILE = ['-', '_', '=', ' ', '\n', '\r', '\t', '$', '.', '\\', '"', '\u0000', '\u00e9', '\u00ff', '\u0100', '\u0141', '\ud800', '\udc00', '\ud83d\ude00'];
  const audio = fc.uint8Array({ minLength: 1, maxLength: 700 }).map((a) => Buffer.from(a));
  // An ordinary message's text as encoders write it: any key order, compact or Python's json.dumps spacing.
  const ordinaryText = (payload: unknown, streamSid: unknown = sid) =>
    fc
      .tuple(fc.shuffledSubarray(['event', 'streamSid', 'media'], { minLength: 3, maxLength: 3 }), fc.constantFrom([',', ':'], [', ', ': '], [' ,\n', ' : ']))
      .map(([order, [comma, colon]]) => {
        const value: Record<string, unknown> = { event: 'media', streamSid, media: { payload } };
        const pairs = order.map((k) => `${JSON.stringify(k)}${colon}${JSON.stringify(value[k])}`);
        return Buffer.from(`{${pairs.join(comma)}}`);
      });

  it('takes every valid ordinary media message, with the very audio the strict reader gives', () => {
    fc.assert(
      fc.property(
        audio.chain((a) => fc.tuple(fc.constant(a), ordinaryText(a.toString('base64')))),
        ([a, data]) => {
          expect(readOrdinaryMedia(JSON.parse(data.toString()), sid)).toEqual(a);
          expect(both(data)).toEqual({ kind: 'media', audio: a });
        },
      ),
    );
  });

  it('takes a payload exactly when the strict reader does, whatever its characters', () => {
    const payload = fc.oneof(
      audio.map((a) => a.toString('base64')),
      fc.string({ unit: fc.constantFrom(...ALPHABET, '=', '=', ...HOSTILE), maxLength: 24 }),
      fc.string({ unit: 'binary', maxLength: 12 }),
    );
    fc.assert(
      fc.property(payload.chain((p) => ordinaryText(p)), (data) => {
        const fast = readOrdinaryMedia(JSON.parse(data.toString()), sid);
        const reference = strict(data);
        expect(fast === undefined ? { kind: 'not fast' } : { kind: 'media', audio: fast }).toEqual(reference.kind === 'media' ? reference : { kind: 'not fast' });
        both(data);
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses or reads every mutated media message exactly as the strict reader does', () => {
    const valid = audio.map((a) => ({ event: 'media', streamSid: sid, media: { payload: a.toString('base64') } }) as Record<string, unknown>);
    const hostileText = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'binary', maxLength: 8 }));
    const hostileValue = fc.oneof(hostileText, fc.jsonValue({ maxDepth: 3 }), fc.constant(JSON.parse('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]')));
    type Message = Record<string, unknown> & { media: Record<string, unknown> & { payload: string } };
    // Changes the payload while the message still has one (an earlier mutation may have taken it away).
    const onPayload = (f: (p: string) => string) => (m: Message) => {
      if (typeof m.media?.payload === 'string') m.media.payload = f(m.media.payload);
    };
    const mutation = fc.oneof(
      // The payload: a character replaced or inserted, one removed, cut short, padding added, the last digit changed.
      fc.tuple(fc.nat(), hostileText, fc.boolean()).map(([at, c, insert]) =>
        onPayload((p) => p.slice(0, at % (p.length + 1)) + c + p.slice(insert ? at % (p.length + 1) : (at % (p.length + 1)) + 1)),
      ),
      fc.nat().map((at) => onPayload((p) => p.slice(0, at % (p.length + 1)))),
      fc.constantFrom('=', '==', 'A=', 'AA==', '\n').map((tail) => onPayload((p) => p + tail)),
      fc.constantFrom(...ALPHABET).map((c) =>
        onPayload((p) => {
          const digits = p.replace(/=+$/, '');
          return digits.slice(0, -1) + c + p.slice(digits.length);
        }),
      ),
      // The other fields: the event, the sid, the media object, a field too many.
      fc.constantFrom('Media', 'mark', 'clear', ' media', 'media\u0000', 5, null).map((e) => (m: Message) => void (m.event = e as string)),
      fc.constantFrom('str_other', `${sid}\ud800`, `${sid} `, 7, null).map((s) => (m: Message) => void (m.streamSid = s as string)),
      fc.constantFrom('event', 'streamSid', 'media').map((k) => (m: Message) => void delete m[k]),
      fc.constantFrom<(p: string) => unknown>((p) => [p], () => null, (p) => p, () => 5, () => ({}), (p) => ({ payload: [p] }), () => ({ payload: 5 })).map(
        (f) => (m: Message) => void (m.media = f(String(m.media?.payload)) as Message['media']),
      ),
      fc.tuple(fc.oneof(fc.constantFrom('track', 'chunk', '__proto__', 'x\ud800', ''), fc.string({ unit: 'binary', maxLength: 6 })), hostileValue, fc.boolean()).map(
        ([key, value, inMedia]) =>
          (m: Message) =>
            void ((inMedia && typeof m.media === 'object' && m.media !== null ? m.media : m)[key] = value),
      ),
    );
    fc.assert(
      fc.property(valid, fc.array(mutation, { minLength: 1, maxLength: 3 }), (generated, mutations) => {
        const message = structuredClone(generated);
        for (const mutate of mutations) mutate(message as Message);
        const data = Buffer.from(JSON.stringify(message));
        const fast = readOrdinaryMedia(JSON.parse(data.toString()), sid);
        const out = both(data);
        if (fast !== undefined) expect(out).toEqual({ kind: 'media', audio: fast });
      }),
      { numRuns: 1500 },
    );
  });

  it('reads a frame that differs from an ordinary one by a few bytes anywhere exactly as the strict reader does (the byte matcher)', () => {
    const ordinary = fc
      .tuple(audio, fc.constantFrom([',', ':'], [', ', ': ']))
      .map(([a, [comma, colon]]) => Buffer.from(`{"event"${colon}"media"${comma}"streamSid"${colon}"${sid}"${comma}"media"${colon}{"payload"${colon}"${a.toString('base64')}"}}`));
    const byte = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(...Buffer.from('"\\{}:, =-_+/Aa0\n')));
    const edit = fc.tuple(fc.constantFrom('replace', 'insert', 'delete'), fc.nat(), byte);
    fc.assert(
      fc.property(ordinary, fc.array(edit, { minLength: 0, maxLength: 3 }), (data, edits) => {
        let bytes = [...data];
        for (const [kind, where, value] of edits) {
          const at = where % (bytes.length + 1);
          if (kind === 'insert') bytes.splice(at, 0, value);
          else if (at < bytes.length) bytes.splice(at, 1, ...(kind === 'replace' ? [value] : []));
        }
        both(Buffer.from(bytes));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads hostile frames exactly as the strict reader does', () => {
    const frames = fc.oneof(
      fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
      fc.jsonValue().map((v) => text(v)),
      fc.record({ event: fc.constantFrom('media', 'mark', 'clear'), streamSid: fc.constantFrom(sid, 'x'), media: fc.jsonValue(), mark: fc.jsonValue() }, { requiredKeys: ['event'] }).map((v) => text(v)),
      fc.string({ unit: 'binary', maxLength: 80 }).map((p) => text(`{"event":"media","streamSid":"${sid}","media":{"payload":"${p}"}}`)),
    );
    fc.assert(fc.property(frames, (data) => void both(data)), { numRuns: 1500 });
  });
});

describe('error throttle', () => {
  it('admits 5 errors a second and reports how many it held back', async () => {
    const clock = new ManualClock();
    const throttle = new ErrorThrottle(clock, 5);
    const admitted = Array.from({ length: 100 }, () => throttle.admit()).filter((a) => a.send);
    expect(admitted).toHaveLength(5);
    await clock.advance(1000);
    expect(throttle.admit()).toEqual({ send: true, suppressed: 95 });
    expect(throttle.admit()).toEqual({ send: true, suppressed: 0 });
  });
});
