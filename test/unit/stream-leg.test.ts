import { describe, expect, it } from 'vitest';
import { createStreamLeg } from '../../media/stream/stream-leg.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';
import { createLogger } from '../../shared/log/log.js';
import { isSentralError } from '../../shared/errors/sentral-error.js';
import { generateSecret } from '../../shared/signing/standard-webhooks.js';

const deps = { clock: new ManualClock(), log: createLogger({ level: 'silent' }), allowInsecureTargets: false };
const ctx = { callId: 'call_x', report: () => {}, ended: () => {} };
const valid = {
  streamId: 'str_1',
  url: 'https://bots.example.com/stream',
  secrets: [generateSecret()],
  accountSid: 'co_1',
  from: null,
  to: '+4722334455',
  customParameters: {},
  audio: 'talk',
  maxMinutes: 5,
  reconnect: true,
  test: false,
};

describe('stream leg settings', () => {
  it('builds an 8 kHz stream leg; a listen-only stream is never heard', () => {
    const talk = createStreamLeg('part_1', valid, ctx, deps);
    expect([talk.kind, talk.rate, talk.modes.audioMode]).toEqual(['stream', 8000, 'talk']);
    expect(createStreamLeg('part_2', { ...valid, audio: 'listen' }, ctx, deps).modes.audioMode).toBe('listen');
  });

  it.each([
    ['no settings', {}],
    ['null', null],
    ['maxMinutes over 60', { ...valid, maxMinutes: 61 }],
    ['21 custom parameters', { ...valid, customParameters: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }],
    ['a non-string custom parameter', { ...valid, customParameters: { a: 1 } }],
    ['no secrets', { ...valid, secrets: [] }],
    ['a secret without whsec_', { ...valid, secrets: ['hunter2'] }],
    ['a ftp URL', { ...valid, url: 'ftp://x/' }],
    ['a stream id with a semicolon', { ...valid, streamId: 'str;x' }],
    ['an unknown audio mode', { ...valid, audio: 'whisper' }],
  ])('refuses %s with invalid_request', (_name, settings) => {
    let error: unknown;
    try {
      createStreamLeg('part_1', settings, ctx, deps);
    } catch (err) {
      error = err;
    }
    expect(isSentralError(error, 'invalid_request')).toBe(true);
  });
});
