/**
 * The `svc-stream` header that signs the WebSocket upgrade of a stream to a customer's server, in the
 * Standard Webhooks scheme (the same keys and algorithms as webhook deliveries):
 *
 *   svc-stream: t=<unix seconds>;id=<stream id>;sig=<v1,<base64> [v1,<base64> ...] [v1a,<base64>]>
 *
 * - id is the stream id (the `streamSid` of the start message that follows), t the time of this dial;
 * - the signed body is the endpoint's registered URL with `https:` replaced by `wss:` (exactly as
 *   registered otherwise: no normalisation), so the signed text is `<id>.<t>.<wss URL>`;
 * - sig is a webhook-signature value: one `v1` (HMAC-SHA256) entry per unexpired `whsec_` secret of the
 *   endpoint and a `v1a` (Ed25519) entry when Ed25519 is on, separated by spaces.
 *
 * A receiver splits the header at `;` and each part at its first `=`, then verifies as for a webhook, e.g.
 * with the npm `standardwebhooks` library:
 *   new Webhook(secret).verify(wssUrl, { 'webhook-id': id, 'webhook-timestamp': t, 'webhook-signature': sig },
 *     { jsonParse: false })   // the body is a URL, not JSON
 * and checks that the start message's streamSid equals id. The client package's `verifyStreamUpgrade` and
 * `assertStartMatches` (clients/typescript/src/stream-upgrade.ts) do both; this file is the signing half.
 */
import { signatureHeader } from './standard-webhooks.js';

/** Name of the upgrade header (lower case, as Node presents incoming headers). */
export const STREAM_SIGNATURE_HEADER = 'svc-stream';

/** What signs a stream's upgrade. */
export interface StreamSigningInput {
  streamId: string;
  /** The endpoint's registered URL (https; http only for loopback development targets). */
  url: string;
  /** Every unexpired `whsec_` secret of the endpoint. */
  secrets: readonly string[];
  /** The endpoint's `whsk_` Ed25519 private key, when Ed25519 is on. */
  ed25519PrivateKey?: string;
  /** Signing time in epoch milliseconds (e.g. `clock.now()`). */
  now: number;
}

/** The URL a stream dials and signs: the endpoint URL with `https:` replaced by `wss:` (and `http:` by `ws:`). */
export function signedStreamUrl(endpointUrl: string): string {
  if (/^https:/i.test(endpointUrl)) return `wss:${endpointUrl.slice(6)}`;
  if (/^http:/i.test(endpointUrl)) return `ws:${endpointUrl.slice(5)}`;
  return endpointUrl;
}

/** The value of the `svc-stream` header for one dial of a stream. */
export function streamSignatureHeader(input: StreamSigningInput): string {
  if (input.streamId.includes(';')) throw new Error('a stream id cannot contain ";"');
  const t = Math.floor(input.now / 1000);
  const sig = signatureHeader(input.secrets, input.ed25519PrivateKey, input.streamId, t, signedStreamUrl(input.url));
  return `t=${t};id=${input.streamId};sig=${sig}`;
}
