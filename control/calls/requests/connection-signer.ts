/**
 * Turns the connection grants in the actor's answers into what customers get: `connection: {url, token}`
 * with the room token signed by the control plane's key. The grant's window and generation are the actor's
 * decision; the same grant always signs to the same token.
 */
import type { KeyObject } from 'node:crypto';
import type { CallReply, ConnectionGrant, ParticipantReply } from '../../../protocol/calls/call-actor.js';
import type { Call } from '../../../protocol/calls/call.js';
import type { Participant } from '../../../protocol/calls/participant.js';
import { kindOf } from '../../../protocol/calls/participant-kinds.js';
import { issueRoomToken } from '../../../shared/signing/room-token.js';

/** A moved caller's link: its connection is its media node's alone. */
function isLink(p: ParticipantReply): boolean {
  return kindOf(p.kind).connection === 'link';
}

/** Signs connection grants with the room key. */
export class ConnectionSigner {
  constructor(private readonly privateKey: () => Promise<KeyObject>) {}

  /** A participant with its connection signed; a moved caller's (kind call) is its media node's alone, never shown. */
  async participant(p: ParticipantReply): Promise<Participant> {
    return { ...p, connection: p.connection === null || isLink(p) ? null : await this.connection(p.connection) };
  }

  /** The connection a moved caller's link joins the target's room with (kind call). */
  async link(p: ParticipantReply): Promise<{ url: string; token: string }> {
    if (!isLink(p) || p.connection === null) throw new Error(`participant ${p.id} has no link connection`);
    return this.connection(p.connection);
  }

  /** A call with every participant's connection signed. */
  async call(c: CallReply): Promise<Call> {
    return { ...c, participants: await Promise.all(c.participants.map((p) => this.participant(p))) };
  }

  private async connection(grant: ConnectionGrant): Promise<{ url: string; token: string }> {
    const token = await issueRoomToken(await this.privateKey(), {
      participantId: grant.participantId,
      callId: grant.callId,
      kind: grant.kind,
      notBefore: grant.notBefore,
      expiresAt: grant.expiresAt,
      generation: grant.generation,
    });
    return { url: grant.url, token };
  }
}
