/**
 * A stream request resolved into what the actor and the media node need: the endpoint's URL and unexpired
 * secrets (and Ed25519 key), the call's numbers, the listen target and the limits. The endpoint must be
 * one the caller sees (its company and mode) and belong to the whole company or to the call's profile.
 */
import type { StreamLaunch } from '../../../protocol/calls/call-actor.js';
import { STREAM_MAX_MINUTES, type StreamStartRequest } from '../../../protocol/calls/stream.js';
import type { Clock } from '../../../shared/clock/clock.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import type { Db } from '../../../shared/db/database.js';
import { findEndpoint, signingSecrets } from '../../events/webhook-endpoints.js';
import { derivedId } from '../../../shared/ids/derived-id.js';

/** The id of the stream asked for in POST /v1/calls (it starts when the call is answered). */
export function creationStreamId(callId: string): string {
  return derivedId('str', callId, 'stream');
}

/** What the stream is opened in. */
export interface StreamCallContext {
  profileId: string;
  from: string | null;
  to: string | null;
  /** The call's own telephone (what listen.mode single hears without a participantId). */
  primaryParticipantId: string | null;
  /** Minutes the call is paid for: the stream never runs longer. */
  callMinutes: number;
  /** Participant ids in the call (a listen target must be one of them). */
  participantIds: readonly string[];
}

/** Resolves a stream request into the launch sent to the actor (its charge added by the caller). */
export async function resolveStream(
  db: Db,
  clock: Clock,
  caller: KeyPrincipal,
  call: StreamCallContext,
  request: StreamStartRequest,
  streamId: string,
): Promise<Omit<StreamLaunch, 'charge'>> {
  // The interface also writes endpoint ids with the short prefix whe_.
  const endpointId = request.endpointId.replace(/^whe_/, 'ep_');
  // A profile key may stream to its profile's endpoints and to the company-wide ones (docs/calls-api.md):
  // looked up at company level, then held to the call's profile below.
  const endpoint = await findEndpoint(db, { ...caller, profileId: null }, endpointId).catch((err: unknown) => {
    throw err instanceof SentralError && err.code === 'not_found' ? new SentralError('not_found', { message: 'No such webhook endpoint.', param: 'endpointId' }) : err;
  });
  if (endpoint.profile_id !== null && endpoint.profile_id !== call.profileId) {
    throw new SentralError('not_found', { message: 'The endpoint belongs to another profile than the call.', param: 'endpointId' });
  }
  if (endpoint.disabled_at_ms !== null) throw new SentralError('webhook_endpoint_disabled', { param: 'endpointId' });
  const secrets = (await signingSecrets(db, endpointId, clock.now())).slice(0, 5);
  let listenParticipantId: string | null = null;
  if (request.listen?.mode === 'single') {
    listenParticipantId = request.listen.participantId ?? call.primaryParticipantId;
    if (listenParticipantId === null) {
      throw new SentralError('invalid_request', { message: 'listen.mode single needs listen.participantId in a call without a telephone.', param: 'listen.participantId' });
    }
    if (!call.participantIds.includes(listenParticipantId)) throw new SentralError('not_found', { message: 'No such participant in the call.', param: 'listen.participantId' });
  }
  const maxMinutes = Math.max(1, Math.min(request.maxMinutes ?? STREAM_MAX_MINUTES, STREAM_MAX_MINUTES, call.callMinutes));
  return {
    participantId: streamId,
    endpointId,
    listenParticipantId,
    leg: {
      streamId,
      url: endpoint.url,
      secrets,
      ...(endpoint.ed25519_private_key !== null ? { ed25519PrivateKey: endpoint.ed25519_private_key } : {}),
      accountSid: caller.companyId,
      from: call.from,
      to: call.to,
      customParameters: request.customParameters ?? {},
      audio: request.audio ?? 'talk',
      maxMinutes,
      reconnect: request.reconnect ?? true,
      test: caller.mode === 'test',
    },
  };
}
