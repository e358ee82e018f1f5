import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readMailboxEntry } from '../../control/calls/mailbox/call-mailbox.js';
import { InvalidEffectError, sortEffects } from '../../control/calls/host/effect.js';

const bytes = (value: unknown): Uint8Array => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

describe('reading mailbox messages', () => {
  it('reads an actor message into the event the machine gets', () => {
    const entry = readMailboxEntry(bytes({ id: 'm1', callId: 'call_1', type: 'inc', payload: { by: 2 }, replyTo: 'reply.inbox_1.m1', at: 5 }));
    expect(entry).toEqual({ id: 'm1', callId: 'call_1', type: 'inc', payload: { by: 2 }, replyTo: 'reply.inbox_1.m1', at: 5 });
    // A sender without an inbox (before the inboxes) still gets its answer.
    expect(readMailboxEntry(bytes({ id: 'm1', callId: 'call_1', type: 'inc', replyTo: 'reply.m1' }))).toMatchObject({ replyTo: 'reply.m1' });
  });

  it('reads a media event: envelope fields out, the rest as payload', () => {
    const entry = readMailboxEntry(bytes({ eventId: 'evt_1', source: 'media', nodeId: 'n1', callId: 'call_1', at: 9, seq: 3, type: 'leg.answered', legId: 'l1' }));
    expect(entry).toEqual({ id: 'evt_1', callId: 'call_1', type: 'leg.answered', at: 9, payload: { nodeId: 'n1', seq: 3, legId: 'l1' } });
  });

  it.each([
    ['bytes that are not UTF-8', new Uint8Array([0xc3, 0x28])],
    ['text that is not JSON', bytes('{nope')],
    ['a JSON array', bytes([1])],
    ['a message without an id', bytes({ callId: 'call_1', type: 'inc' })],
    ['a call id that is no subject token', bytes({ id: 'm', callId: 'call.1', type: 'inc' })],
    ['a reply subject outside reply.*', bytes({ id: 'm', callId: 'c', type: 'inc', replyTo: 'cmd.0.c' })],
    ['a reply subject of more than an inbox and an id', bytes({ id: 'm', callId: 'c', type: 'inc', replyTo: 'reply.a.b.m' })],
    ['a reply subject with a wildcard', bytes({ id: 'm', callId: 'c', type: 'inc', replyTo: 'reply.*.m' })],
    ['a payload that overrides type', bytes({ id: 'm', callId: 'c', type: 'inc', payload: { type: 'finish' } })],
    ['a payload that overrides at', bytes({ id: 'm', callId: 'c', type: 'inc', payload: { at: 1 } })],
    ['a fractional at', bytes({ id: 'm', callId: 'c', type: 'inc', at: 1.5 })],
    ['a media event without eventId', bytes({ source: 'media', callId: 'c', type: 'x', at: 1 })],
    ['a media event without at', bytes({ source: 'media', eventId: 'e', callId: 'c', type: 'x' })],
    ['an oversized message', bytes({ id: 'm', callId: 'c', type: 'inc', pad: 'x'.repeat(300_000) })],
  ])('drops %s', (_what, data) => {
    expect(typeof readMailboxEntry(data)).toBe('string');
  });

  it('never throws on arbitrary bytes or JSON', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (data) => void readMailboxEntry(data)));
    fc.assert(fc.property(fc.jsonValue(), (value) => void readMailboxEntry(bytes(JSON.stringify(value)))));
  });
});

describe('sorting effects', () => {
  it('ids effects by message and emission index and sorts them by who acts', () => {
    const sorted = sortEffects('m1', [
      { type: 'note' },
      { type: 'timer.set', timerId: 't', fireAt: 10, event: { type: 'ring' } } as { type: string },
      { type: 'reply', status: 201, body: { ok: true } } as { type: string },
      { type: 'timer.cancel', timerId: 't' } as { type: string },
      { type: 'media.op', op: 'play' } as { type: string },
    ]);
    expect(sorted.others).toEqual([{ id: 'm1:0', type: 'note' }, { id: 'm1:4', type: 'media.op', op: 'play' }]);
    expect(sorted.timerOps).toEqual([
      { op: 'set', timer: { timerId: 't', fireAt: 10, event: { type: 'ring' } } },
      { op: 'cancel', timerId: 't' },
    ]);
    expect(sorted.reply).toEqual({ status: 201, body: { ok: true } });
  });

  it.each([
    ['timer.set without fireAt', { type: 'timer.set', timerId: 't', event: { type: 'x' } }],
    ['timer.set with a fractional fireAt', { type: 'timer.set', timerId: 't', fireAt: 1.5, event: { type: 'x' } }],
    ['timer.set without an event type', { type: 'timer.set', timerId: 't', fireAt: 1, event: {} }],
    ['timer.cancel without timerId', { type: 'timer.cancel' }],
    ['reply with a status that is not HTTP', { type: 'reply', status: 42 }],
  ])('refuses %s', (_what, effect) => {
    expect(() => sortEffects('m', [effect as { type: string }])).toThrow(InvalidEffectError);
  });
});
