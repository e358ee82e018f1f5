import { Type, type Static } from 'typebox';
import { Mode, Timestamp, Uuid } from './common.js';
import { allScopes } from './scopes.js';

/** A scope name as a schema (an enum of the scope catalogue). */
export const ScopeName = Type.Union(allScopes.map((s) => Type.Literal(s)));

/** POST /v1/api-keys. */
export const ApiKeyCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    mode: Mode,
    profileId: Type.Optional(Uuid),
    scopes: Type.Array(ScopeName, { minItems: 1, maxItems: 64, uniqueItems: true }),
  },
  { additionalProperties: false },
);
/** POST /v1/api-keys body. */
export type ApiKeyCreate = Static<typeof ApiKeyCreate>;

/** An API key without its secret. */
export const ApiKey = Type.Object({
  id: Type.String({ description: 'key_…' }),
  object: Type.Literal('api_key'),
  name: Type.String(),
  mode: Mode,
  profileId: Type.Union([Type.String(), Type.Null()]),
  scopes: Type.Array(Type.String()),
  prefix: Type.String({ description: 'The first characters of the key, for recognising it' }),
  createdAt: Timestamp,
  revokedAt: Type.Union([Timestamp, Type.Null()]),
});
/** An API key without its secret. */
export type ApiKey = Static<typeof ApiKey>;

/** The answer of POST /v1/api-keys: the key and, this once, its whole value. */
export const ApiKeyCreated = Type.Object({ ...ApiKey.properties, key: Type.String({ description: 'sk_live_… or sk_test_…, shown only here' }) });

/** A list of API keys. */
export const ApiKeyList = Type.Object({ object: Type.Literal('list'), data: Type.Array(ApiKey) });
