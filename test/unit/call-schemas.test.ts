import fc from 'fast-check';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { CreateCallRequest, UpdateCallRequest } from '../../protocol/calls/call.js';
import { GatherRequest, PlayRequest, SayRequest } from '../../protocol/calls/command.js';
import { AddParticipantRequest, UpdateParticipantRequest } from '../../protocol/calls/participant.js';
import { StreamStartRequest } from '../../protocol/calls/stream.js';
import { VOICE_LANGUAGES, VOICE_NAMES, Voice, canonicalVoice } from '../../protocol/speech/voice.js';

const profileId = '6f1d7a52-3c7e-4b8e-9d51-1b2c3d4e5f60';

describe('call request bodies accept what the interface shows', () => {
  it('a call to a phone with a message, an app-only conference, and a call with a stream', () => {
    expect(Value.Check(CreateCallRequest, { profileId, to: '+4712345678', from: '+4787654321', text: 'Hei', repeat: true, maxMinutes: 10, externalRef: 'x', metadata: { a: 1 } })).toBe(true);
    expect(Value.Check(CreateCallRequest, { profileId, conference: true, participants: [{ kind: 'app', externalRef: 'u1' }, { kind: 'bot', maxMinutes: 5 }] })).toBe(true);
    expect(Value.Check(CreateCallRequest, { profileId, to: '+4712345678', from: '+4787654321', stream: { endpointId: 'whe_abc', audio: 'listen', listen: { mode: 'mixed' } } })).toBe(true);
  });

  it('participant add and update, commands and streams', () => {
    expect(Value.Check(AddParticipantRequest, { participant: { kind: 'phone', to: '+4712345678', displayName: 'Kari' } })).toBe(true);
    expect(Value.Check(UpdateParticipantRequest, { muted: true, audioMode: 'whisper' })).toBe(true);
    expect(Value.Check(SayRequest, { text: 'Hei', voice: 'nb-NO', participantId: 'part_1' })).toBe(true);
    expect(Value.Check(PlayRequest, { audioClipId: 'clip_1', repeat: 2 })).toBe(true);
    expect(Value.Check(GatherRequest, { text: 'Tast 1', choices: [{ id: 'a', digits: '1' }], timeoutSeconds: 5 })).toBe(true);
    expect(Value.Check(StreamStartRequest, { endpointId: 'ep_1', customParameters: { a: 'b' }, maxMinutes: 60, reconnect: false })).toBe(true);
    expect(Value.Check(UpdateCallRequest, { metadata: { outcome: 'sold' } })).toBe(true);
  });
});

describe('voices are one union in protocol/', () => {
  it('the say, gather and call bodies take exactly the listed voices, and the schema lists them all for OpenAPI', () => {
    for (const voice of VOICE_NAMES) {
      expect(Value.Check(SayRequest, { text: 'Hei', voice })).toBe(true);
      expect(Value.Check(GatherRequest, { text: 'Hei', voice })).toBe(true);
      expect(Value.Check(CreateCallRequest, { profileId, to: '+4712345678', text: 'Hei', voice })).toBe(true);
    }
    for (const voice of ['nb', 'klingon', 'en-gb', 'en-GB+f3', '']) expect(Value.Check(SayRequest, { text: 'Hei', voice })).toBe(false);
    const listed = (Voice as unknown as { anyOf: Array<{ const: string }> }).anyOf.map((v) => v.const);
    expect(listed).toEqual([...VOICE_NAMES]);
    expect(VOICE_NAMES).toHaveLength(Object.keys(VOICE_LANGUAGES).length * 3);
  });

  it('a voice in any letter case is its listed spelling; anything else is not a voice', () => {
    expect(canonicalVoice('EN-us-FEMALE')).toBe('en-US-female');
    expect(canonicalVoice('nb-no')).toBe('nb-NO');
    expect(canonicalVoice('nb')).toBeNull();
  });
});

describe('call request bodies refuse hostile input', () => {
  it.each([
    ['no profile', { to: '+4712345678' }],
    ['a profile that is not a UUID', { profileId: "1' or 1=1 --" }],
    ['a number that is not E.164', { profileId, to: '12345' }],
    ['a number with letters', { profileId, to: '+47abc45678' }],
    ['an unknown field', { profileId, isAdmin: true }],
    ['a huge text', { profileId, text: 'a'.repeat(4001) }],
    ['an empty text', { profileId, text: '' }],
    ['maxMinutes as a string', { profileId, maxMinutes: '10' }],
    ['negative maxMinutes', { profileId, maxMinutes: -1 }],
    ['fractional maxMinutes', { profileId, maxMinutes: 1.5 }],
    ['participants that is not an array', { profileId, participants: { kind: 'app' } }],
    ['an unknown participant kind', { profileId, participants: [{ kind: 'admin' }] }],
    ['a stream participant at creation (streams go in `stream`)', { profileId, participants: [{ kind: 'stream' }] }],
    ['too many participants', { profileId, participants: Array.from({ length: 21 }, () => ({ kind: 'app' })) }],
    ['a clip id with path characters', { profileId, audioClipId: '../../etc/passwd' }],
    ['an unknown amd mode', { profileId, amd: { mode: 'guess' } }],
    ['metadata that is an array', { profileId, metadata: [1, 2] }],
    ['metadata with too many keys', { profileId, metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i])) }],
  ])('POST /v1/calls with %s', (_, body) => {
    expect(Value.Check(CreateCallRequest, body)).toBe(false);
  });

  it.each([
    ['more than 20 customParameters', { endpointId: 'ep_1', customParameters: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }],
    ['maxMinutes over 60', { endpointId: 'ep_1', maxMinutes: 61 }],
    ['a customParameter that is not a string', { endpointId: 'ep_1', customParameters: { a: 1 } }],
    ['an endpoint id that is a URL', { endpointId: 'https://evil.example/' }],
    ['an unknown audio', { endpointId: 'ep_1', audio: 'both' }],
    ['an unknown listen mode', { endpointId: 'ep_1', listen: { mode: 'all' } }],
  ])('a stream start with %s', (_, body) => {
    expect(Value.Check(StreamStartRequest, body)).toBe(false);
  });

  it.each([
    ['an add without the participant wrapper', AddParticipantRequest, { kind: 'app' }],
    ['a bot with more than 60 minutes', AddParticipantRequest, { participant: { kind: 'bot', maxMinutes: 61 } }],
    ['an empty update', UpdateParticipantRequest, {}],
    ['an unknown audioMode', UpdateParticipantRequest, { audioMode: 'shout' }],
    ['muted as a string', UpdateParticipantRequest, { muted: 'yes' }],
    ['speech input twice', GatherRequest, { input: ['speech', 'speech'] }],
    ['an unknown input', GatherRequest, { input: ['voice'] }],
    ['a phrase of 101 characters', GatherRequest, { input: ['speech'], choices: [{ id: 'a', phrases: ['x'.repeat(101)] }] }],
    ['choice digits that are not keys', GatherRequest, { choices: [{ id: 'a', digits: 'abc' }] }],
    ['a zero timeout', GatherRequest, { timeoutSeconds: 0 }],
    ['a thousand repeats', SayRequest, { text: 'hi', repeat: 1000 }],
    ['a PATCH that tries to set the state', UpdateCallRequest, { metadata: {}, state: 'ended' }],
  ] as Array<[string, TSchema, unknown]>)('%s', (_, schema, body) => {
    expect(Value.Check(schema, body)).toBe(false);
  });

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        for (const schema of [CreateCallRequest, AddParticipantRequest, UpdateParticipantRequest, StreamStartRequest, GatherRequest, SayRequest, PlayRequest, UpdateCallRequest]) {
          expect(typeof Value.Check(schema, value)).toBe('boolean');
        }
      }),
      { numRuns: 300 },
    );
  });
});
