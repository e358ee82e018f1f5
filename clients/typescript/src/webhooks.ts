import { DEFAULT_TOLERANCE_SECONDS, verifySignature } from './signature.js';
import type { SentralEvent } from './events.js';

/** An event as delivered to a webhook endpoint (the same envelope as GET /v1/events/{id}); narrow it on `type`. */
export type WebhookEvent = SentralEvent;

/**
 * What a delivery is checked against: a `whsec_…` secret (the `v1` HMAC-SHA256 entries) or a `whpk_…` public
 * key (the `v1a` Ed25519 entries, once Ed25519 signing is turned on), several of them (e.g. the old and the
 * new secret during a rotation), or the keys spelt out with the receiver's clock and tolerance.
 */
export type WebhookKeys = string | readonly string[] | SignatureKeys;

/** Keys spelt out, with the receiver's clock and tolerance. */
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
 * Verifies a webhook delivery (Standard Webhooks: `webhook-id`, `webhook-timestamp`, `webhook-signature`)
 * against the raw body as received, and returns the parsed event. Both schemes sentral signs with are
 * checked: `v1` (HMAC-SHA256, a `whsec_` secret) and `v1a` (Ed25519, a `whpk_` public key); the key's prefix
 * says which. Throws WebhookVerificationError when no entry matches or the timestamp is over 5 minutes off.
 */
export function verifyWebhook(headers: HeaderSource, body: string | Uint8Array, keys: WebhookKeys): WebhookEvent {
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signature = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signature) throw new WebhookVerificationError('The webhook-id, webhook-timestamp and webhook-signature headers are required.');
  const spelt = spell(keys);
  const given = [...(spelt.secrets ?? []), ...(spelt.secret !== undefined ? [spelt.secret] : []), ...(spelt.publicKey !== undefined ? [spelt.publicKey] : [])];
  const secrets = given.filter((k) => !k.startsWith('whpk_'));
  const publicKeys = given.filter((k) => k.startsWith('whpk_'));
  if (given.length === 0) throw new Error('verifyWebhook needs a whsec_ secret or a whpk_ public key');
  const ok = verifySignature(signature, { secrets, publicKeys }, id, timestamp, text, {
    now: spelt.now ?? Date.now(),
    toleranceSeconds: spelt.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
  });
  if (!ok) throw new WebhookVerificationError('The webhook signature does not match, or its timestamp is outside the tolerance.');
  return JSON.parse(text) as WebhookEvent;
}

function spell(keys: WebhookKeys): SignatureKeys {
  if (typeof keys === 'string') return { secrets: [keys] };
  if (Array.isArray(keys)) return { secrets: keys as readonly string[] };
  return keys as SignatureKeys;
}

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? (value.length === 1 ? value[0] : undefined) : value;
}
