import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { Type, type TSchema } from 'typebox';
import { toSentralError } from '../../control/api/plugins/error-handler.js';
import { MoveRequest } from '../../protocol/calls/move.js';
import { CustomerNumberUpdate, NumberRent } from '../../protocol/api/numbers.js';

/** The error a route answers for `body` refused by `schema`, as fastify hands TypeBox's issues over. */
function refusal(schema: TSchema, body: unknown): { message: string; param: string | undefined } {
  const validation = [...Compile(schema).Errors(body)];
  const err = toSentralError(Object.assign(new Error('body is not valid'), { validation, validationContext: 'body', statusCode: 400 }));
  expect(err.code).toBe('invalid_request');
  return { message: err.message, param: err.param };
}

describe('schema violations name the field the client got wrong', () => {
  it('a body matching no branch of a union hears about the branch it comes closest to', () => {
    expect(refusal(MoveRequest, { queue: 'a b' })).toEqual({ message: expect.stringMatching(/^queue must match pattern/), param: 'queue' });
    expect(refusal(MoveRequest, { callId: 5 })).toEqual({ message: 'callId must be string.', param: 'callId' });
    // Nothing closer in either branch: the first one speaks.
    expect(refusal(MoveRequest, {})).toEqual({ message: 'callId is required.', param: 'callId' });
    expect(refusal(MoveRequest, { queue: 'ok', callId: 'call_y' })).toEqual({ message: 'queue is not a known field.', param: 'queue' });
  });

  it('a union inside a body is judged by its own branches', () => {
    const schema = Type.Object({ target: Type.Union([Type.Object({ number: Type.String({ pattern: '^\\+[0-9]+$' }) }, { additionalProperties: false }), Type.Object({ staff: Type.String() }, { additionalProperties: false })]) });
    expect(refusal(schema, { target: { staff: 7 } })).toEqual({ message: 'target.staff must be string.', param: 'target.staff' });
    expect(refusal(schema, { target: { number: '12' } })).toEqual({ message: expect.stringMatching(/^target\.number must match pattern/), param: 'target.number' });
  });

  it('a body without unions keeps its first issue', () => {
    expect(refusal(Type.Object({ name: Type.String(), size: Type.Integer() }), { size: 'x' })).toEqual({ message: 'name is required.', param: 'name' });
  });
});

describe('validation errors speak the client\'s language', () => {
  it('an enum names its allowed values', () => {
    expect(refusal(CustomerNumberUpdate, { inboundMode: 'ivr' })).toEqual({ message: 'inboundMode must be one of "api", "routing".', param: 'inboundMode' });
    expect(refusal(CustomerNumberUpdate, { routing: { type: 'fax' } }).message).toBe('routing.type must be one of "forward", "message", "browser".');
  });

  it('a phone number is asked for as E.164, not as a regular expression', () => {
    expect(refusal(NumberRent, { profileId: '6f1d7a52-3c7e-4b8e-9d51-1b2c3d4e5f60', number: '0047123' })).toEqual({
      message: 'number must be a phone number in E.164 format: + and 7 to 15 digits, e.g. +4712345678.',
      param: 'number',
    });
  });
});
