import { Type, type Static } from 'typebox';
import { Mode, Timestamp } from './common.js';

/** The answer of POST /v1/console-sessions: a sign-in link, valid 10 minutes and usable once. */
export const ConsoleSignInLink = Type.Object({
  id: Type.String({ description: 'cs_…, the session the link opens' }),
  object: Type.Literal('console_sign_in_link'),
  url: Type.String({ description: 'Open it in a browser: <origin>/console/sign-in#<token> (the token never reaches a server log)' }),
  expiresAt: Timestamp,
});
/** A sign-in link. */
export type ConsoleSignInLink = Static<typeof ConsoleSignInLink>;

/** POST /v1/console-sessions: no fields (the key is the credential); a body, when sent, is an empty object. */
export const ConsoleSignInLinkRequest = Type.Optional(Type.Object({}, { additionalProperties: false }));

/** POST /v1/console-sessions/sign-in: the token of a sign-in link (the part after `#`). */
export const ConsoleSignIn = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 128, description: 'The sign-in link\'s token' }) },
  { additionalProperties: false },
);
/** POST /v1/console-sessions/sign-in body. */
export type ConsoleSignIn = Static<typeof ConsoleSignIn>;

/** A signed-in console session, with the header value every other console request must carry. */
export const ConsoleSession = Type.Object({
  id: Type.String({ description: 'cs_…' }),
  object: Type.Literal('console_session'),
  keyId: Type.String({ description: 'The API key whose scopes the session has' }),
  keyPrefix: Type.String(),
  mode: Mode,
  profileId: Type.Union([Type.String(), Type.Null()], { description: 'Set when signed in with a profile key' }),
  scopes: Type.Array(Type.String()),
  csrfToken: Type.String({ description: 'Send it as X-CSRF-Token on every request made with the session cookie' }),
  expiresAt: Timestamp,
});
/** A signed-in console session. */
export type ConsoleSession = Static<typeof ConsoleSession>;

/** DELETE /v1/console-sessions/:id and …/current: the session, now revoked. */
export const ConsoleSessionRevoked = Type.Object({
  id: Type.String(),
  object: Type.Literal('console_session'),
  revokedAt: Timestamp,
});
/** A revoked console session. */
export type ConsoleSessionRevoked = Static<typeof ConsoleSessionRevoked>;
