// The console's one way to the API: the typed client (clients/typescript), authenticated by the session
// cookie (httpOnly: this code never sees it) and the session's CSRF header.
import { apiError, createSentralClient, SentralApiError, type SentralClient } from '../../../clients/typescript/src/client.js';
import type { paths } from '../../../clients/typescript/src/schema.js';

/** The JSON body of a path's operation's success answer. */
export type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: infer R;
}
  ? R extends { 200: { content: { 'application/json': infer T } } }
    ? T
    : R extends { 201: { content: { 'application/json': infer T } } }
      ? T
      : R extends { 202: { content: { 'application/json': infer T } } }
        ? T
        : never
  : never;

/** The signed-in session: the key's mode, profile and scopes, and the CSRF token. */
export type Session = Body<'/v1/console-sessions/current', 'get'>;

const origin = (): string => globalThis.location.origin;

let client: SentralClient | null = null;
let current: Session | null = null;

/** The client of the signed-in session (after `loadSession`). */
export function api(): SentralClient {
  if (!client) throw new Error('not signed in');
  return client;
}

/** The signed-in session, or null. */
export function session(): Session | null {
  return current;
}

/** Reads the session of this browser's cookie; null when there is none (or it ended). */
export async function loadSession(): Promise<Session | null> {
  const bare = createSentralClient({ baseUrl: origin() });
  const { data, response } = await bare.GET('/v1/console-sessions/current');
  if (!data) {
    if (response.status === 401) return null;
    throw apiError(response, await response.clone().json().catch(() => null));
  }
  current = data;
  client = createSentralClient({ baseUrl: origin(), headers: { 'x-csrf-token': data.csrfToken } });
  return data;
}

/** Uses a sign-in link's token: sets the session cookie. */
export async function signIn(token: string): Promise<void> {
  const bare = createSentralClient({ baseUrl: origin() });
  const { error, response } = await bare.POST('/v1/console-sessions/sign-in', { body: { token } });
  if (error !== undefined || !response.ok) throw apiError(response, error);
}

/** Signs in with an API key typed into the page: asks for a link with it and uses the link at once. */
export async function signInWithKey(apiKey: string): Promise<void> {
  const keyed = createSentralClient({ baseUrl: origin(), apiKey });
  const { data, error, response } = await keyed.POST('/v1/console-sessions', { body: {} });
  if (!data) throw apiError(response, error);
  await signIn(new URL(data.url).hash.slice(1));
}

/** Signs out: the session is revoked and the cookie cleared. */
export async function signOut(): Promise<void> {
  if (client) await client.DELETE('/v1/console-sessions/current');
  client = null;
  current = null;
}

/** The data of a client result, or throws its error as a SentralApiError. */
export function need<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw apiError(result.response, result.error);
  return result.data;
}

/** A message for a person from whatever went wrong. */
export function problem(err: unknown): string {
  if (err instanceof SentralApiError) return `${err.message} (${err.code})`;
  return err instanceof Error ? err.message : String(err);
}

export { SentralApiError };
