import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import { Type, type TSchema } from 'typebox';
import { toSentralError } from '../../control/api/plugins/error-handler.js';
import { MoveRequest } from '../../protocol/calls/move.js';
import { CustomerNumberUpdate, NumberRent } from '../../protocol/api/numbers.js';
import { EmailCreate } from '../../protocol/messaging/email.js';
import { patternWords } from '../../protocol/api/pattern-words.js';
import { errorCatalogue } from '../../shared/errors/catalogue.js';
import { openApiDocument } from '../../clients/typescript/scripts/openapi-document.js';

/** The error a route answers for `body` refused by `schema`, as fastify hands TypeBox's issues over. */
function refusal(schema: TSchema, body: unknown): { message: string; param: string | undefined } {
  const validation = [...Compile(schema).Errors(body)];
  const err = toSentralError(Object.assign(new Error('body is not valid'), { validation, validationContext: 'body', statusCode: 400 }));
  expect(err.code).toBe('invalid_request');
  return { message: err.message, param: err.param };
}

describe('schema violations name the field the client got wrong', () => {
  it('a body matching no branch of a union hears about the branch it comes closest to', () => {
    expect(refusal(MoveRequest, { queue: 'a b' })).toEqual({ message: 'queue must be 1 to 64 letters, digits, - _ or ., starting with a letter or digit.', param: 'queue' });
    expect(refusal(MoveRequest, { callId: 5 })).toEqual({ message: 'callId must be string.', param: 'callId' });
    // Nothing closer in either branch: the first one speaks.
    expect(refusal(MoveRequest, {})).toEqual({ message: 'callId is required.', param: 'callId' });
    expect(refusal(MoveRequest, { queue: 'ok', callId: 'call_y' })).toEqual({ message: 'queue is not a known field.', param: 'queue' });
  });

  it('a union inside a body is judged by its own branches', () => {
    const schema = Type.Object({ target: Type.Union([Type.Object({ number: Type.String({ pattern: '^\\+[0-9]+$' }) }, { additionalProperties: false }), Type.Object({ staff: Type.String() }, { additionalProperties: false })]) });
    expect(refusal(schema, { target: { staff: 7 } })).toEqual({ message: 'target.staff must be string.', param: 'target.staff' });
    expect(refusal(schema, { target: { number: '12' } })).toEqual({ message: 'target.number is not in the form this field takes (see the API reference).', param: 'target.number' });
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

describe('no error message ever shows a regular expression', () => {
  it('every pattern of every operation\'s input has words, and a value it refuses hears them instead of the pattern', async () => {
    const doc = await openApiDocument();
    const patterns = new Map<string, string>();
    const walk = (node: unknown, where: string): void => {
      if (node === null || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach((n) => walk(n, where));
      const pattern = (node as { pattern?: unknown }).pattern;
      if (typeof pattern === 'string' && !patterns.has(pattern)) patterns.set(pattern, where);
      for (const [k, v] of Object.entries(node)) walk(v, `${where}/${k}`);
    };
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { parameters?: unknown; requestBody?: unknown }>>)) {
      for (const [method, op] of Object.entries(item)) {
        walk(op.parameters, `${method.toUpperCase()} ${path}`);
        walk(op.requestBody, `${method.toUpperCase()} ${path}`);
      }
    }
    expect(patterns.size).toBeGreaterThan(30);
    for (const [pattern, where] of patterns) {
      const words = patternWords(pattern);
      expect(words, `${where}: the pattern ${pattern} has no words in protocol/api/pattern-words.ts`).not.toBeNull();
      const { message } = refusal(Type.Object({ field: Type.String({ pattern }) }), { field: '\n\u0000 !' });
      expect(message).toBe(`field ${words}.`);
      expect(message).not.toContain(pattern);
    }
  }, 30_000);

  it('says what is allowed for the subject and the address of an email', () => {
    const base = { profileId: '6f1d7a52-3c7e-4b8e-9d51-1b2c3d4e5f60', from: 'post@butikk.example.no', to: 'kari@example.no', subject: 'Hei', text: 'x' };
    expect(refusal(EmailCreate, { ...base, subject: 'Hei\r\nBcc: x@y.no' })).toEqual({ message: 'subject must be one line: no CR or LF.', param: 'subject' });
    const bad = refusal(EmailCreate, { ...base, to: 'kari at example.no' });
    expect(bad.message).toMatch(/^to must be one email address such as kari@example.no/);
    expect(bad.message).not.toMatch(/[\^$\\[\]]/);
  });
});

it('answers only codes of the error catalogue, whatever was thrown (a raw SQLSTATE never leaks as a code)', () => {
  const thrown = [
    Object.assign(new Error('the database system is starting up'), { code: '57P03', severity: 'FATAL' }),
    Object.assign(new Error('cannot execute UPDATE in a read-only transaction'), { code: '25006' }),
    Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }),
    Object.assign(new Error('teapot'), { code: 'FST_ERR_SOMETHING_NEW', statusCode: 418 }),
    'a string',
  ];
  for (const error of thrown) expect(Object.keys(errorCatalogue), String(error)).toContain(toSentralError(error).code);
});
