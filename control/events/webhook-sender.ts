import { isSentralError } from '../../shared/errors/sentral-error.js';
import type { Resolver } from '../../shared/net/target-check.js';
import { signatureHeader } from '../../shared/signing/standard-webhooks.js';
import { TIMED_OUT, WebhookConnections } from './webhook-connections.js';

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
  /** The connections to send on (default: the process's own). */
  connections?: WebhookConnections;
}

/** What the endpoint answered, or why there is no answer. */
export interface SendResult {
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
}

// Connections are kept alive per endpoint URL; each was opened to an address checked just before.
const connections = new WebhookConnections();

/**
 * Signs (Standard Webhooks `v1`/`v1a`) and POSTs one webhook on a kept-alive connection to its URL, or on a
 * new one opened to the address the target check resolved just before (pinned: DNS is not asked again
 * between check and connect). Redirects are not followed. Never throws.
 */
export async function sendWebhook(webhook: OutgoingWebhook, options: SendOptions): Promise<SendResult> {
  const check = { allowInsecure: options.allowInsecureTargets, kind: 'webhook' as const, ...(options.lookup ? { lookup: options.lookup } : {}) };
  const timestamp = Math.floor(options.attemptedAt / 1000);
  const signature = signatureHeader(webhook.secrets, webhook.ed25519PrivateKey ?? undefined, webhook.id, timestamp, webhook.body);
  const headers = `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(webhook.body)}\r\nuser-agent: sentral-webhooks/1\r\n`
    + `webhook-id: ${webhook.id}\r\nwebhook-timestamp: ${timestamp}\r\nwebhook-signature: ${signature}\r\n`;
  try {
    const response = await (options.connections ?? connections).post(webhook.url, check, headers, webhook.body, MAX_RESPONSE_BODY_BYTES, options.timeoutMs);
    const statusCode = response.statusCode;
    // A character cut by the truncation is dropped rather than kept as U+FFFD.
    const responseBody = decoder.decode(response.body).replace(/\uFFFD$/, '');
    const error = statusCode >= 300 && statusCode < 400 ? 'redirects are not followed' : null;
    return { statusCode, responseBody, error };
  } catch (err) {
    if (isSentralError(err)) return { statusCode: null, responseBody: null, error: err.message };
    return { statusCode: null, responseBody: null, error: err === TIMED_OUT ? `no response within ${options.timeoutMs} ms` : describeError(err) };
  }
}

// Decoding is stateless between calls (no `stream` option), so one decoder serves every response.
const decoder = new TextDecoder('utf-8', { fatal: false });

function describeError(err: unknown): string {
  const e = err as { code?: string; message?: string } | undefined;
  if (e?.code) return `connection failed: ${e.code}`;
  return `connection failed: ${e?.message ?? String(err)}`;
}
