import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readCustomerMessage } from '../../media/stream/customer-message-reader.js';
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
