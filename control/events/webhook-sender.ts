import http from 'node:http';
import https from 'node:https';
import { pinnedLookup } from '../../shared/net/pinned-lookup.js';
import { resolveTarget, type CheckedTarget, type Resolver } from '../../shared/net/target-check.js';
import { signatureHeader } from '../../shared/signing/standard-webhooks.js';

/** At most this much of a response body is kept with the attempt. */
export const MAX_RESPONSE_BODY_BYTES = 1024;

/** One webhook to send: the delivery's id (the `webhook-id`), its signed body, where and with which keys. */
export interface OutgoingWebhook {
  id: string;
  url: string;
  body: string;
  secrets: string[];
  ed25519PrivateKey: string | null;
}

/** How a send is made. */
export interface SendOptions {
  /** When the attempt started (epoch ms): the signed timestamp. */
  attemptedAt: number;
  /** Whole attempt, from connecting to the end of the (truncated) response. */
  timeoutMs: number;
  allowInsecureTargets: boolean;
  /** Resolver for the target check (tests). */
  lookup?: Resolver;
}

/** What the endpoint answered, or why there is no answer. */
export interface SendResult {
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
}

// Connections are kept alive per host and port; each was made to an address checked when it was opened.
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

/**
 * Checks the target, signs (Standard Webhooks `v1`/`v1a`) and POSTs one webhook to the checked address
 * (pinned: DNS is not asked again between check and connect). Redirects are not followed. Never throws.
 */
export async function sendWebhook(webhook: OutgoingWebhook, options: SendOptions): Promise<SendResult> {
  let target: CheckedTarget;
  try {
    const checkOptions = { allowInsecure: options.allowInsecureTargets, kind: 'webhook' as const };
    target = await resolveTarget(webhook.url, options.lookup ? { ...checkOptions, lookup: options.lookup } : checkOptions);
  } catch (err) {
    return { statusCode: null, responseBody: null, error: err instanceof Error ? err.message : String(err) };
  }
  const timestamp = Math.floor(options.attemptedAt / 1000);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(webhook.body)),
    'user-agent': 'sentral-webhooks/1',
    'webhook-id': webhook.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(webhook.secrets, webhook.ed25519PrivateKey ?? undefined, webhook.id, timestamp, webhook.body),
  };
  try {
    const { statusCode, responseBody } = await post(target, headers, webhook.body, options.timeoutMs);
    const error = statusCode >= 300 && statusCode < 400 ? 'redirects are not followed' : null;
    return { statusCode, responseBody, error };
  } catch (err) {
    return { statusCode: null, responseBody: null, error: err === TIMED_OUT ? `no response within ${options.timeoutMs} ms` : describeError(err) };
  }
}

// What a request is destroyed with when its attempt runs out of time.
const TIMED_OUT = new Error('attempt timed out');
// Decoding is stateless between calls (no `stream` option), so one decoder serves every response.
const decoder = new TextDecoder('utf-8', { fatal: false });

// One POST to the checked address; resolves with the status and at most MAX_RESPONSE_BODY_BYTES of the body,
// or rejects with TIMED_OUT after `timeoutMs` (a plain timer: an AbortSignal per request cost about 5 % of
// the dispatcher's CPU in a profile of bench/webhooks).
function post(target: CheckedTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<{ statusCode: number; responseBody: string }> {
  const isHttps = target.url.protocol === 'https:';
  const client = isHttps ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(target.url, { method: 'POST', headers, lookup: pinnedLookup(target), agent: agents[isHttps ? 'https:' : 'http:'] }, (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let done = false;
      const finish = (): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        const bytes = Buffer.concat(chunks).subarray(0, MAX_RESPONSE_BODY_BYTES);
        const text = decoder.decode(bytes).replace(/\uFFFD$/, '');
        resolve({ statusCode: response.statusCode ?? 0, responseBody: text });
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        // Enough kept: the rest is not read (the connection is dropped rather than drained).
        if (size >= MAX_RESPONSE_BODY_BYTES) {
          finish();
          response.destroy();
        }
      });
      response.on('end', finish);
      response.on('error', (err) => (done ? undefined : fail(err)));
      response.on('close', finish);
    });
    const fail = (err: unknown): void => {
      clearTimeout(timer);
      reject(err);
    };
    // Rejects first, so that an error the destroy causes on a response under way does not name the cause.
    const timer = setTimeout(() => {
      fail(TIMED_OUT);
      request.destroy(TIMED_OUT);
    }, timeoutMs);
    request.on('error', fail);
    request.end(body);
  });
}

function describeError(err: unknown): string {
  const e = err as { code?: string; message?: string } | undefined;
  if (e?.code) return `connection failed: ${e.code}`;
  return `connection failed: ${e?.message ?? String(err)}`;
}
