/**
 * For the customer's WebSocket server: checks the `svc-stream` header that signs a stream's upgrade and the
 * `start` message that follows. The header is
 *
 *   svc-stream: t=<unix seconds>;id=<stream id>;sig=<v1,<base64> [v1,<base64> ...] [v1a,<base64>]>
 *
 * signed as a webhook is (see signature.ts) with the endpoint's registered URL, `https:` replaced by `wss:`,
 * as the body: the signed text is `<id>.<t>.<wss URL>`.
 */
import { DEFAULT_TOLERANCE_SECONDS, verifySignature } from './signature.js';

/** Name of the upgrade header (lower case, as Node presents incoming headers). */
export const STREAM_SIGNATURE_HEADER = 'svc-stream';

/** Why a stream upgrade or its start message was refused: the code is the API's error code. */
export class StreamVerificationError extends Error {
  constructor(
    readonly code: 'stream_signature_invalid' | 'stream_start_mismatch',
    message: string,
  ) {
    super(message);
    this.name = 'StreamVerificationError';
  }
}

/** The parts of an `svc-stream` header, named as the Standard Webhooks headers they stand for. */
export interface StreamSignatureParts {
  /** webhook-id: the stream id. */
  id: string;
  /** webhook-timestamp: unix seconds, as sent. */
  timestamp: string;
  /** webhook-signature: space-separated `v1,…` / `v1a,…` entries. */
  signature: string;
}

/** The URL a stream dials and signs: the endpoint URL with `https:` replaced by `wss:` (and `http:` by `ws:`). */
export function signedStreamUrl(endpointUrl: string): string {
  if (/^https:/i.test(endpointUrl)) return `wss:${endpointUrl.slice(6)}`;
  if (/^http:/i.test(endpointUrl)) return `ws:${endpointUrl.slice(5)}`;
  return endpointUrl;
}

/** Splits an `svc-stream` header value into its parts; null when it is not of that form. */
export function parseStreamSignature(value: string): StreamSignatureParts | null {
  const fields = new Map<string, string>();
  for (const part of value.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    if (fields.has(key)) return null;
    fields.set(key, part.slice(eq + 1).trim());
  }
  const id = fields.get('id');
  const timestamp = fields.get('t');
  const signature = fields.get('sig');
  if (!id || !timestamp || !signature || fields.size !== 3) return null;
  return { id, timestamp, signature };
}

/** Headers as Node's http module presents them (or any lower-cased record). */
export type UpgradeHeaders = Record<string, string | string[] | undefined>;

/** What a customer's server checks an upgrade against. */
export interface VerifyStreamUpgradeOptions {
  /** The endpoint URL as registered (https:…); a wss: URL is taken as is. */
  url: string;
  /** The endpoint's `whsec_` secret. */
  secret?: string;
  /** Several secrets, e.g. old and new during a rotation. */
  secrets?: readonly string[];
  /** The endpoint's `whpk_` public key, to accept the `v1a` signature. */
  publicKey?: string;
  /** The receiver's time in epoch milliseconds (default: the system clock). */
  now?: number;
  /** Allowed clock difference in seconds (default 300). */
  toleranceSeconds?: number;
}

/**
 * Checks the `svc-stream` header of an incoming upgrade and returns the stream id it signs. Throws
 * StreamVerificationError `stream_signature_invalid` when the header is missing, malformed, outside the
 * tolerance, or signed by none of the given keys. Call `assertStartMatches` on the start message next.
 */
export function verifyStreamUpgrade(headers: UpgradeHeaders, options: VerifyStreamUpgradeOptions): { streamId: string } {
  const raw = headers[STREAM_SIGNATURE_HEADER];
  const value = Array.isArray(raw) ? (raw.length === 1 ? raw[0] : undefined) : raw;
  if (value === undefined) throw refused('The svc-stream header is missing.');
  const parts = parseStreamSignature(value);
  if (parts === null) throw refused('The svc-stream header is not of the form t=…;id=…;sig=….');
  const secrets = [...(options.secrets ?? []), ...(options.secret !== undefined ? [options.secret] : [])];
  const publicKeys = options.publicKey !== undefined ? [options.publicKey] : [];
  if (secrets.length === 0 && publicKeys.length === 0) throw new Error('verifyStreamUpgrade needs a secret or a public key');
  const ok = verifySignature(parts.signature, { secrets, publicKeys }, parts.id, parts.timestamp, signedStreamUrl(options.url), {
    now: options.now ?? Date.now(),
    toleranceSeconds: options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
  });
  if (!ok) throw refused('The svc-stream signature does not match, or its timestamp is too old.');
  return { streamId: parts.id };
}

/**
 * Checks that a start message (parsed JSON) is about the stream the upgrade signature named. Throws
 * StreamVerificationError `stream_start_mismatch` otherwise.
 */
export function assertStartMatches(startMessage: unknown, streamId: string): void {
  const m = startMessage as { event?: unknown; streamSid?: unknown; start?: { streamSid?: unknown } } | null;
  const ok =
    typeof m === 'object' &&
    m !== null &&
    m.event === 'start' &&
    m.streamSid === streamId &&
    typeof m.start === 'object' &&
    m.start !== null &&
    m.start.streamSid === streamId;
  if (!ok) throw new StreamVerificationError('stream_start_mismatch', 'The start message streamSid differs from the signed stream id.');
}

function refused(message: string): StreamVerificationError {
  return new StreamVerificationError('stream_signature_invalid', message);
}
