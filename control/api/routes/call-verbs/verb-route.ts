/**
 * The route half of a call verb: how the API reaches it (POST /v1/calls/:id/<path>) and what it checks,
 * looks up or reserves before it asks the call's actor. The decision half (control/calls/verbs/<verb>.ts,
 * pure) decides on the request inside the call; the two meet by the verb's name. docs/verbs.md says how
 * to add one.
 */
import type { FastifyRequest } from 'fastify';
import type { TObject, TSchema } from 'typebox';
import type { Scope } from '../../../../protocol/api/scopes.js';
import type { PriceName } from '../../route-config.js';
import type { KeyPrincipal } from '../../../accounts/principal.js';
import type { CallsService } from '../../../calls/requests/calls-service.js';
import type { CallRow } from '../../../calls/store/call-records.js';

/** One HTTP request for a verb, after auth, validation and the call lookup. */
export interface VerbRequest<Body = unknown> {
  calls: CallsService;
  caller: KeyPrincipal;
  call: CallRow;
  body: Body;
  /** Path parameters besides the call's id. */
  params: Record<string, string>;
  idempotencyKey: string | null;
}

/** How a verb is reached over HTTP: POST /v1/calls/:id/<path>. */
export interface VerbRoute {
  /** The verb's name (its decision half's `name`). */
  verb: string;
  /** Below /v1/calls/:id/ (`say`, `streams/:streamId/stop`). */
  path: string;
  summary: string;
  scope: Scope;
  idempotency: 'required' | 'optional';
  /** The prices it reserves or draws (then idempotency is 'required'). */
  prices?: readonly PriceName[];
  /** OpenAPI tag (default calls). */
  tag?: string;
  body?: TSchema;
  /** Path parameters besides `id`. */
  params?: TObject;
  response: Record<number, TSchema>;
  /** Checks before the body is validated (a voice in any case, a refused input kind). */
  preValidation?: (request: FastifyRequest) => Promise<void>;
  /** Carries out the request: checks, reservations, then the call's actor; returns the answer. */
  handle(request: VerbRequest<never>): Promise<{ status: number; body: unknown }>;
}

/** Defines a verb's route. */
export function defineVerbRoute(route: VerbRoute): VerbRoute {
  return route;
}
