import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { idempotency, listCursors } from './operations.js';
import type { paths } from './schema.js';

/** Options of a sentral client. */
export interface SentralClientOptions {
  /** The API's base URL, e.g. http://127.0.0.1:8080. */
  baseUrl: string;
  /**
   * An API key (sk_live_… / sk_test_…) or, for the admin API, the admin token. Omitted in a browser
   * signed in to the console: its session cookie authenticates (with `headers` carrying X-CSRF-Token).
   */
  apiKey?: string;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Retries of a request answered 409 idempotency_in_flight or 503 with Retry-After (default 3). */
  maxRetries?: number;
  /** Longest wait before a retry, in ms, whatever Retry-After says (default 30 s). */
  maxRetryDelayMs?: number;
  /** The fetch to use (default: the global one). */
  fetch?: (request: Request) => Promise<Response>;
  /** Makes an Idempotency-Key (default: a random UUID). */
  idempotencyKey?: () => string;
  /** Waits before a retry (default: a timer). */
  sleep?: (ms: number) => Promise<void>;
}

/** An error body the API answered with, thrown by the helpers that return data rather than results. */
export class SentralApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly requestId: string | null,
  ) {
    super(message);
    this.name = 'SentralApiError';
  }
}

type ListPath = keyof typeof listCursors;
type ListItem<P extends ListPath> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': { data: Array<infer T> } } } } } } ? T : never;
type ListParams<P extends ListPath> = paths[P] extends { get: { parameters: infer Q } } ? Q : never;

/** The typed client: openapi-fetch's GET/POST/… over the API's paths, plus the helpers. */
export interface SentralClient extends Client<paths> {
  /**
   * Every item of a paged list, fetching the next page (the `nextCursor` passed back as `after` or
   * `before`, as the operation takes it) only when the previous one is used up.
   */
  paginate<P extends ListPath>(path: P, params?: Partial<ListParams<P>>): AsyncGenerator<ListItem<P>>;
}

/**
 * A typed client of the sentral API. Every operation that takes an Idempotency-Key gets one (a random UUID
 * unless the call passes its own), and a request answered 409 `idempotency_in_flight` (the first attempt is
 * still running) or 503 with Retry-After is sent again with the same key, so a retry never acts twice.
 */
export function createSentralClient(options: SentralClientOptions): SentralClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...options.headers, ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }) },
    fetch: retryingFetch(options),
  });
  // The global Web Crypto (Node 20 and browsers alike), so the client runs in both.
  client.use(idempotencyKeys(options.idempotencyKey ?? (() => globalThis.crypto.randomUUID())));
  return Object.assign(client, {
    async *paginate<P extends ListPath>(path: P, params: Partial<ListParams<P>> = {}): AsyncGenerator<ListItem<P>> {
      const cursorName = listCursors[path];
      const given = params as { path?: Record<string, unknown>; query?: Record<string, unknown> };
      let cursor: string | null | undefined = given.query?.[cursorName] as string | undefined;
      do {
        const query = { ...given.query, ...(cursor ? { [cursorName]: cursor } : {}) };
        // The path is one of the list paths; its exact parameter type is ListParams<P>.
        const { data, error, response } = await (client.GET as (p: string, init: unknown) => Promise<{ data?: { data: ListItem<P>[]; nextCursor: string | null }; error?: unknown; response: Response }>)(path, { params: { ...given, query } });
        if (!data) throw apiError(response, error);
        yield* data.data;
        cursor = data.nextCursor;
      } while (cursor);
    },
  }) as SentralClient;
}

/** The error body of a failed response as a SentralApiError. */
export function apiError(response: Response, body: unknown): SentralApiError {
  const e = (body as { error?: { code?: string; message?: string; requestId?: string } } | undefined)?.error;
  return new SentralApiError(response.status, e?.code ?? 'unknown', e?.message ?? response.statusText, e?.requestId ?? response.headers.get('request-id'));
}

function idempotencyKeys(newKey: () => string): Middleware {
  return {
    onRequest({ request, schemaPath }) {
      const mode = idempotency[`${request.method} ${schemaPath}`];
      if ((mode === 'required' || mode === 'optional') && !request.headers.has('idempotency-key')) {
        request.headers.set('idempotency-key', newKey());
      }
      return request;
    },
  };
}

function retryingFetch(options: SentralClientOptions): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  const maxRetries = options.maxRetries ?? 3;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  return async (request) => {
    // Only what cannot act twice is repeated: reads, and writes that carry an Idempotency-Key.
    const repeatable = request.method === 'GET' || request.headers.has('idempotency-key');
    for (let attempt = 0; ; attempt++) {
      const response = await send(request.clone());
      if (!repeatable || attempt >= maxRetries) return response;
      const wait = await retryDelay(response, attempt);
      if (wait === null) return response;
      await response.body?.cancel();
      await sleep(Math.min(wait, maxDelay));
    }
  };
}

/** How long to wait before repeating a request answered with `response`, or null when it is final. */
async function retryDelay(response: Response, attempt: number): Promise<number | null> {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  if (response.status === 503) return retryAfter;
  if (response.status !== 409) return null;
  const body = (await response.clone().json().catch(() => null)) as { error?: { code?: string } } | null;
  if (body?.error?.code !== 'idempotency_in_flight') return null;
  return retryAfter ?? 250 * 2 ** attempt;
}

function parseRetryAfter(value: string | null): number | null {
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
