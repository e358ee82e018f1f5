/**
 * How the API hands an action to a call's actor: a mailbox message whose id derives from the request's
 * Idempotency-Key (so a retry never acts twice), and the actor's answer turned into a body or a
 * catalogued error.
 */
import type { ReplyBody } from '../../../protocol/calls/call-actor.js';
import type { Bus } from '../../../shared/bus/bus.js';
import type { Clock } from '../../../shared/clock/clock.js';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors/catalogue.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { newId } from '../../../shared/ids/ids.js';
import { idempotentId, type KeyPrincipal } from '../../accounts/principal.js';
import { sendToActor } from '../mailbox/call-mailbox.js';

/**
 * How long the API waits for a call's actor to answer before it says 503 actor_unavailable with
 * Retry-After (the same Idempotency-Key then gets the stored result: the message is applied once). Under
 * half the lease TTL, so a request to a partition being taken over is answered within 5 s instead of
 * waiting the takeover out (docs/reliability.md).
 */
export const ACTOR_TIMEOUT_MS = 4_000;

/** What askActor needs. */
export interface ActorClient {
  bus: Bus;
  clock: Clock;
  partitions: number;
}

/** The mailbox message id of a request: derived from its Idempotency-Key, or new when it has none. */
export function messageIdFor(caller: KeyPrincipal, idempotencyKey: string | null, purpose: string): string {
  return idempotencyKey === null ? newId('msg') : idempotentId('msg', caller, idempotencyKey, purpose);
}

/** Sends `type` to the call's actor and returns its answer; an error answer is thrown as a SentralError. */
export async function askActor(
  client: ActorClient,
  callId: string,
  message: { id: string; type: string; payload?: Record<string, unknown> },
): Promise<{ status: number; body: ReplyBody }> {
  const reply = await sendToActor(client.bus, callId, message, { timeoutMs: ACTOR_TIMEOUT_MS, partitions: client.partitions, clock: client.clock });
  const body = reply.body as ReplyBody;
  if (reply.status >= 400 || (typeof body === 'object' && body !== null && 'error' in body)) throw replyError(reply.status, body);
  return { status: reply.status, body };
}

function replyError(status: number, body: unknown): SentralError {
  const error = (body as { error?: { code?: unknown; message?: unknown; param?: unknown } } | null)?.error;
  const given = typeof error?.code === 'string' && Object.hasOwn(errorCatalogue, error.code) ? (error.code as ErrorCode) : status >= 500 ? 'internal_error' : 'conflict';
  // A finished actor and a call in its last moments are the same thing to a customer: the call has ended.
  const code = given === 'actor_ended' ? 'call_ended' : given;
  return new SentralError(code, {
    ...(typeof error?.message === 'string' && code === given ? { message: error.message } : {}),
    ...(typeof error?.param === 'string' ? { param: error.param } : {}),
    ...(code === 'actor_unavailable' ? { retryAfterSeconds: 1 } : {}),
  });
}
