import type { Clock } from '../../shared/clock/clock.js';
import { newId } from '../../shared/ids/ids.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import { checkTarget, type Resolver } from '../../shared/net/target-check.js';
import { generateEd25519, generateSecret } from '../../shared/signing/standard-webhooks.js';
import type {
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointCreated,
  WebhookEndpointDeleted,
  WebhookEndpointUpdate,
  WebhookSecretRotated,
} from '../../protocol/webhooks/webhook-endpoint.js';
import type { KeyPrincipal } from '../accounts/principal.js';
import { ownProfileRows, requestedProfile } from '../accounts/profile-scope.js';
import type { Db } from '../../shared/db/database.js';
import { isoOrNull } from '../../shared/clock/iso.js';

/** How long the previous secrets keep signing after a rotation (Svix's default: 24 hours). */
export const SECRET_ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

/** Which targets may be registered: SENTRAL_ALLOW_INSECURE_TARGETS, and a resolver for tests. */
export interface TargetPolicy {
  allowInsecure: boolean;
  lookup?: Resolver;
}

/** An endpoint row. */
export interface EndpointRow {
  id: string;
  company_id: string;
  profile_id: string | null;
  mode: 'live' | 'test';
  url: string;
  events: string[];
  description: string;
  ed25519_private_key: string | null;
  ed25519_public_key: string | null;
  disabled_at_ms: number | null;
  disabled_reason: 'gone' | 'failing' | null;
  failing_since_ms: number | null;
  created_at_ms: number;
  updated_at_ms: number;
}

/**
 * Registers an endpoint and returns it with its signing secret (shown only here). A profile key registers
 * for its own profile; a company key for the whole company or, with profileId, for one of its profiles.
 * The mode is the key's (a key cannot register for the other mode).
 */
export async function createEndpoint(
  db: Db,
  clock: Clock,
  caller: KeyPrincipal,
  input: WebhookEndpointCreate,
  policy: TargetPolicy,
): Promise<WebhookEndpointCreated> {
  const mode = input.mode ?? caller.mode;
  if (mode !== caller.mode) {
    throw new SentralError('forbidden', { message: `A ${caller.mode} key can only register ${caller.mode} endpoints.`, param: 'mode' });
  }
  const profileId = await requestedProfile(db, caller, input.profileId);
  const url = await checkedUrl(input.url, policy);
  const now = clock.now();
  const secret = generateSecret();
  const id = newId('ep', clock);
  const [row] = await db<EndpointRow[]>`
    insert into webhook_endpoints (id, company_id, profile_id, mode, url, events, description, created_at_ms, updated_at_ms)
    values (${id}, ${caller.companyId}, ${profileId}, ${mode}, ${url}, ${db.array([...input.events])},
            ${input.description ?? ''}, ${now}, ${now})
    returning *`;
  await db`insert into webhook_endpoint_secrets (endpoint_id, secret, created_at_ms) values (${id}, ${secret}, ${now})`;
  return { ...toEndpoint(row!), secret };
}

/** The endpoints the caller can see: its company and mode; only its profile's for a profile key. */
export async function listEndpoints(db: Db, caller: KeyPrincipal): Promise<WebhookEndpoint[]> {
  const rows = await db<EndpointRow[]>`
    select * from webhook_endpoints
    where company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${ownProfileRows(db, caller)}
    order by created_at_ms, id`;
  return rows.map(toEndpoint);
}

/** One endpoint row the caller can see, or not_found. */
export async function findEndpoint(db: Db, caller: KeyPrincipal, id: string): Promise<EndpointRow> {
  const [row] = await db<EndpointRow[]>`
    select * from webhook_endpoints
    where id = ${id} and company_id = ${caller.companyId} and mode = ${caller.mode}
      and ${ownProfileRows(db, caller)}`;
  if (!row) throw new SentralError('not_found', { message: 'No such webhook endpoint.' });
  return row;
}

/** One endpoint the caller can see, or not_found. */
export async function getEndpoint(db: Db, caller: KeyPrincipal, id: string): Promise<WebhookEndpoint> {
  return toEndpoint(await findEndpoint(db, caller, id));
}

/** Changes url, events or description (a new url is checked like a new endpoint's). */
export async function updateEndpoint(
  db: Db,
  clock: Clock,
  caller: KeyPrincipal,
  id: string,
  patch: WebhookEndpointUpdate,
  policy: TargetPolicy,
): Promise<WebhookEndpoint> {
  const current = await findEndpoint(db, caller, id);
  const url = patch.url === undefined ? current.url : await checkedUrl(patch.url, policy);
  const events = patch.events === undefined ? current.events : [...patch.events];
  const [row] = await db<EndpointRow[]>`
    update webhook_endpoints
    set url = ${url}, events = ${db.array(events)}, description = ${patch.description ?? current.description},
        updated_at_ms = ${clock.now()}
    where id = ${id} returning *`;
  return toEndpoint(row!);
}

/** Deletes an endpoint with its secrets, deliveries and attempts (the events stay in the event log). */
export async function deleteEndpoint(db: Db, caller: KeyPrincipal, id: string): Promise<WebhookEndpointDeleted> {
  await findEndpoint(db, caller, id);
  await db`delete from webhook_endpoints where id = ${id}`;
  return { id, object: 'webhook_endpoint', deleted: true };
}

/**
 * Adds a new secret and returns it; the secrets in use so far keep signing (every delivery carries a v1
 * entry for each) until `graceMs` from now, then only the new one signs.
 */
export async function rotateSecret(
  db: Db,
  clock: Clock,
  caller: KeyPrincipal,
  id: string,
  graceMs: number = SECRET_ROTATION_GRACE_MS,
): Promise<WebhookSecretRotated> {
  await findEndpoint(db, caller, id);
  const now = clock.now();
  const previousExpiresAt = now + graceMs;
  const secret = generateSecret();
  await db`delete from webhook_endpoint_secrets where endpoint_id = ${id} and expires_at_ms <= ${now}`;
  await db`update webhook_endpoint_secrets set expires_at_ms = ${previousExpiresAt} where endpoint_id = ${id} and expires_at_ms is null`;
  await db`insert into webhook_endpoint_secrets (endpoint_id, secret, created_at_ms) values (${id}, ${secret}, ${now})`;
  await db`update webhook_endpoints set updated_at_ms = ${now} where id = ${id}`;
  return { object: 'webhook_secret', secret, previousExpiresAt: new Date(previousExpiresAt).toISOString() };
}

/** Turns on Ed25519 (v1a) signing; returns the endpoint with its whpk_ public key (the same key when already on). */
export async function enableEd25519(db: Db, clock: Clock, caller: KeyPrincipal, id: string): Promise<WebhookEndpoint> {
  const current = await findEndpoint(db, caller, id);
  if (current.ed25519_public_key !== null) return toEndpoint(current);
  const pair = generateEd25519();
  const [row] = await db<EndpointRow[]>`
    update webhook_endpoints
    set ed25519_private_key = ${pair.privateKey}, ed25519_public_key = ${pair.publicKey}, updated_at_ms = ${clock.now()}
    where id = ${id} returning *`;
  return toEndpoint(row!);
}

/**
 * Re-enables a disabled endpoint and forgets its failing streak; every pending delivery (those that waited
 * while it was disabled and those waiting for a retry) is due at once.
 */
export async function reviveEndpoint(db: Db, clock: Clock, caller: KeyPrincipal, id: string): Promise<WebhookEndpoint> {
  await findEndpoint(db, caller, id);
  const now = clock.now();
  const [row] = await db<EndpointRow[]>`
    update webhook_endpoints
    set disabled_at_ms = null, disabled_reason = null, failing_since_ms = null, updated_at_ms = ${now}
    where id = ${id} returning *`;
  await db`
    update webhook_deliveries set next_attempt_at_ms = ${now}
    where endpoint_id = ${id} and state = 'pending' and next_attempt_at_ms > ${now}`;
  return toEndpoint(row!);
}

/** The secrets that sign now: the current one and those still in their rotation grace. */
export async function signingSecrets(db: Db, endpointId: string, nowMs: number): Promise<string[]> {
  const rows = await db<{ secret: string }[]>`
    select secret from webhook_endpoint_secrets
    where endpoint_id = ${endpointId} and (expires_at_ms is null or expires_at_ms > ${nowMs})
    order by created_at_ms desc, id desc`;
  return rows.map((r) => r.secret);
}

/** An endpoint row as the API shows it. */
export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    object: 'webhook_endpoint',
    url: row.url,
    events: row.events,
    description: row.description,
    mode: row.mode,
    profileId: row.profile_id,
    publicKey: row.ed25519_public_key,
    disabled: row.disabled_at_ms !== null,
    disabledReason: row.disabled_reason,
    disabledAt: isoOrNull(row.disabled_at_ms),
    failingSince: isoOrNull(row.failing_since_ms),
    createdAt: new Date(row.created_at_ms).toISOString(),
    updatedAt: new Date(row.updated_at_ms).toISOString(),
  };
}

async function checkedUrl(url: string, policy: TargetPolicy): Promise<string> {
  const options = { allowInsecure: policy.allowInsecure, kind: 'webhook' as const };
  return (await checkTarget(url, policy.lookup ? { ...options, lookup: policy.lookup } : options)).href;
}

