import net from 'node:net';
import type tls from 'node:tls';
import { Agent, buildConnector } from 'undici';
import { isSentralError } from '../../shared/errors/sentral-error.js';
import { resolveTarget, type Resolver, type TargetCheckOptions } from '../../shared/net/target-check.js';
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
  /** The connections to send on (default: the process's own). */
  connections?: WebhookConnections;
}

/** What the endpoint answered, or why there is no answer. */
export interface SendResult {
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
}

/**
 * Signs (Standard Webhooks `v1`/`v1a`) and POSTs one webhook on a kept-alive connection to its URL, or on a
 * new one opened to the address the target check resolved just before (pinned: DNS is not asked again
 * between check and connect). Redirects are not followed. Never throws.
 */
export async function sendWebhook(webhook: OutgoingWebhook, options: SendOptions): Promise<SendResult> {
  const check = { allowInsecure: options.allowInsecureTargets, kind: 'webhook' as const, ...(options.lookup ? { lookup: options.lookup } : {}) };
  const timestamp = Math.floor(options.attemptedAt / 1000);
  const signature = signatureHeader(webhook.secrets, webhook.ed25519PrivateKey ?? undefined, webhook.id, timestamp, webhook.body);
  const headers = ['content-type', 'application/json', 'user-agent', 'sentral-webhooks/1', 'webhook-id', webhook.id, 'webhook-timestamp', String(timestamp), 'webhook-signature', signature];
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
  // undici's own codes (UND_ERR_…) name a class, its message the case ("other side closed").
  if (e?.code?.startsWith('UND_ERR')) return `connection failed: ${e.message}`;
  if (e?.code) return `connection failed: ${e.code}`;
  return `connection failed: ${e?.message ?? String(err)}`;
}

/** What a POST is rejected with when its time runs out. */
export const TIMED_OUT = new Error('attempt timed out');

// How long an idle connection is kept when the server did not say (Keep-Alive: timeout); undici closes it
// a second before the server's own limit when the server says.
const DEFAULT_IDLE_MS = 15_000;

/** What the endpoint answered: its status and the first bytes of its body. */
export interface PostResponse {
  statusCode: number;
  body: Buffer;
}

/**
 * Keep-alive HTTP/1.1 connections per endpoint origin for webhook POSTs (undici's pools). A connection is
 * opened only to the address the target check resolved just before (DNS pinned: nothing asks DNS again
 * between check and connect); TLS checks the certificate against the URL's host name.
 */
export class WebhookConnections {
  // One agent per target-check policy: production has one (allowInsecure from the configuration); tests add
  // their own resolvers.
  private readonly agents = new Map<Resolver | undefined, Map<boolean, Agent>>();

  /** `tlsOptions` are added to every TLS connection's (tests pass a CA). */
  constructor(private readonly tlsOptions: tls.ConnectionOptions = {}) {}

  /**
   * POSTs `body` with `headers` (name, value, name, value…) to `url`, checked with `check` when a connection
   * is opened; resolves with the status and up to `keep` bytes of the body, or rejects with the connection's
   * error, the target check's SentralError, or TIMED_OUT after `timeoutMs`.
   */
  post(url: string, check: TargetCheckOptions, headers: string[], body: string, keep: number, timeoutMs: number): Promise<PostResponse> {
    const target = new URL(url);
    return new Promise((resolve, reject) => {
      const kept: Buffer[] = [];
      let size = 0;
      let statusCode = 0;
      let settled = false;
      let abort: ((reason: Error) => void) | null = null;
      const settle = (err: Error | null): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) reject(err);
        else resolve({ statusCode, body: Buffer.concat(kept) });
      };
      const timer = setTimeout(() => {
        abort?.(TIMED_OUT);
        settle(TIMED_OUT);
      }, timeoutMs);
      // undici's handler interface, not its streams: a webhook's answer is a status and a few bytes kept.
      // The whole body is read (not only what is kept), so the connection can carry the next request.
      this.agent(check).dispatch(
        { origin: target.origin, path: `${target.pathname}${target.search}`, method: 'POST', headers, body, headersTimeout: 0, bodyTimeout: 0 },
        {
          onConnect: (abortRequest) => {
            if (settled) abortRequest(TIMED_OUT);
            else abort = abortRequest;
          },
          onHeaders: (status) => {
            statusCode = status;
            return true;
          },
          onData: (chunk) => {
            if (size < keep) kept.push(chunk.subarray(0, keep - size));
            size += chunk.length;
            return true;
          },
          onComplete: () => settle(null),
          onError: (err) => settle(err),
        },
      );
    });
  }


  /** Closes every connection. */
  async close(): Promise<void> {
    const agents = [...this.agents.values()].flatMap((byPolicy) => [...byPolicy.values()]);
    this.agents.clear();
    await Promise.all(agents.map((agent) => agent.destroy()));
  }

  private agent(check: TargetCheckOptions): Agent {
    let byPolicy = this.agents.get(check.lookup);
    if (!byPolicy) this.agents.set(check.lookup, (byPolicy = new Map()));
    let agent = byPolicy.get(check.allowInsecure);
    if (!agent) byPolicy.set(check.allowInsecure, (agent = this.newAgent(check)));
    return agent;
  }

  private newAgent(check: TargetCheckOptions): Agent {
    const connect = buildConnector({ ...this.tlsOptions });
    return new Agent({
      keepAliveTimeout: DEFAULT_IDLE_MS,
      keepAliveTimeoutThreshold: 1_000,
      connect: (options, callback) => {
        const origin = `${options.protocol}//${options.host}/`;
        resolveTarget(origin, check).then(
          // The socket goes to the checked address; SNI and the certificate check keep the name (undici
          // derives them from `host`; an address literal has none).
          (checked) => connect({ ...options, hostname: checked.address, ...(net.isIP(options.hostname.replace(/^\[|\]$/g, '')) ? {} : { servername: options.hostname }) }, callback),
          (err: unknown) => callback(err as Error, null),
        );
      },
    });
  }
}

// The process's connections: kept alive per endpoint origin, each opened to an address checked just before.
const connections = new WebhookConnections();
