import { DEFAULT_TOLERANCE_SECONDS, verifySignature } from './signature.js';
import type { paths } from './schema.js';

/** An event as delivered to a webhook endpoint (the same envelope as GET /v1/events/{id}). */
export type WebhookEvent = paths['/v1/events/{id}']['get']['responses'][200]['content']['application/json'];

/** What a webhook or stream signature is checked against. */
export interface SignatureKeys {
  /** The endpoint's `whsec_` secret (v1, HMAC-SHA256). */
  secret?: string;
  /** Several secrets, e.g. the old and the new during a rotation. */
  secrets?: readonly string[];
  /** The endpoint's `whpk_` public key (v1a, Ed25519), when Ed25519 signing is on. */
  publicKey?: string;
  /** The receiver's time in epoch ms (default: the system clock). */
  now?: number;
  /** Allowed clock difference in seconds (default 300). */
  toleranceSeconds?: number;
}

/** A delivery whose signature does not verify: answer it 400 and do not act on it. */
export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/**
 * Verifies a webhook delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`
 * with `v1` HMAC and `v1a` Ed25519 entries) against the raw body as received, and returns the parsed event.
 */
export function verifyWebhook(body: string | Uint8Array, headers: HeaderSource, keys: SignatureKeys): WebhookEvent {
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signature = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signature) throw new WebhookVerificationError('The webhook-id, webhook-timestamp and webhook-signature headers are required.');
  const secrets = [...(keys.secrets ?? []), ...(keys.secret !== undefined ? [keys.secret] : [])];
  const publicKeys = keys.publicKey !== undefined ? [keys.publicKey] : [];
  if (secrets.length === 0 && publicKeys.length === 0) throw new Error('verifyWebhook needs a secret or a public key');
  const ok = verifySignature(signature, { secrets, publicKeys }, id, timestamp, text, {
    now: keys.now ?? Date.now(),
    toleranceSeconds: keys.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
  });
  if (!ok) throw new WebhookVerificationError('The webhook signature does not match, or its timestamp is outside the tolerance.');
  return JSON.parse(text) as WebhookEvent;
}

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
}
