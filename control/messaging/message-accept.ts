import type { Clock } from '../../shared/clock/clock.js';
import type { Tx } from '../../shared/db/database.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { Metadata } from '../../protocol/api/common.js';
import { findProfiles, viewerOf } from '../accounts/profiles.js';
import type { MessageChannel, MessageSend } from './message-channel.js';
import type { MessageRow } from './message-row.js';
import { reserveMessages } from './message-money.js';
import { recordStatuses } from './message-moves.js';

// Accepting messages: the one way a message comes in, for every channel and for a single send, a batch or
// a campaign: the row, its reservation and its first status event, in the caller's transaction.

/** An outbound message to accept (the channel's route or the campaign runner builds it). */
export interface NewMessage {
  /** Derived from the Idempotency-Key (or campaign and contact): the same request names the same message. */
  id: string;
  companyId: string;
  profileId: string;
  mode: 'live' | 'test';
  from: string;
  to: string;
  content: Record<string, unknown>;
  priceOre: number;
  sendAtMs: number | null;
  validUntilMs: number | null;
  externalRef: string | null;
  metadata: Metadata | null;
  /** A campaign's message draws from the campaign's reservation (made when the campaign started). */
  campaign?: { id: string; reservationId: string | null };
}

/**
 * The message a send asks for: its id, whose it is and the request's externalRef and metadata, with the
 * channel's own fields.
 */
export function messageOf(
  send: MessageSend<{ externalRef?: string; metadata?: Metadata }>,
  profile: { id: string },
  fields: Pick<NewMessage, 'from' | 'to' | 'content' | 'priceOre' | 'sendAtMs' | 'validUntilMs'>,
): NewMessage {
  const { id, caller, body } = send;
  return { id, companyId: caller.companyId, profileId: profile.id, mode: caller.mode, ...fields, externalRef: body.externalRef ?? null, metadata: body.metadata ?? null };
}

/**
 * Stores an outbound message with its reservation and first status event, in the caller's transaction (the
 * 201 goes out after it commits). A message already stored under this id is returned as it is now
 * (`created` false): a retried request or a restarted campaign never sends twice.
 */
export async function acceptMessage(tx: Tx, clock: Clock, channel: MessageChannel, input: NewMessage): Promise<{ row: MessageRow; created: boolean }> {
  const [outcome] = await acceptMessages(tx, clock, channel, [input]);
  if (outcome instanceof SentralError) throw outcome;
  return outcome!;
}

/**
 * acceptMessage for a batch, set-based: one read of the ids already stored (none when the caller read them
 * in this transaction and gives them as `stored`), one reservation pass (one lock per profile, one balance
 * update per company), one insert of the messages and one of their events. Each input gets its outcome or
 * its own error (a money refusal); an id given twice is stored once.
 */
export async function acceptMessages(
  tx: Tx,
  clock: Clock,
  channel: MessageChannel,
  inputs: readonly NewMessage[],
  stored?: ReadonlyMap<string, MessageRow>,
): Promise<({ row: MessageRow; created: boolean } | SentralError)[]> {
  if (inputs.length === 0) return [];
  const existing = stored ?? new Map((await tx<MessageRow[]>`select * from messages where id = any(${tx.array(inputs.map((i) => i.id))}::text[])`).map((row) => [row.id, row]));
  const seen = new Set<string>();
  const fresh = inputs.filter((input) => !existing.has(input.id) && !seen.has(input.id) && seen.add(input.id));
  const money = await reserveMessages(tx, clock, channel.names.ledgerService, fresh.filter((input) => input.campaign === undefined));
  const now = clock.now();
  const outcome = new Map<string, SentralError>();
  const rows = fresh.flatMap((input) => {
    const reservation = input.campaign ? input.campaign.reservationId : money.get(input.id) ?? null;
    if (reservation instanceof SentralError) {
      outcome.set(input.id, reservation);
      return [];
    }
    const state = input.sendAtMs !== null && input.sendAtMs > now ? 'scheduled' : channel.transitions.initial;
    return [{
      id: input.id, channel: channel.name, company_id: input.companyId, profile_id: input.profileId, mode: input.mode, direction: 'outbound',
      state, from_address: input.from, to_address: input.to, content: tx.json(input.content as never), price_ore: input.priceOre,
      reservation_id: reservation, own_reservation: input.campaign === undefined, send_at_ms: input.sendAtMs, valid_until_ms: input.validUntilMs,
      next_attempt_at_ms: state === 'scheduled' ? input.sendAtMs : now, external_ref: input.externalRef,
      metadata: input.metadata === null ? null : tx.json(input.metadata as never), campaign_id: input.campaign?.id ?? null,
      created_at_ms: now, updated_at_ms: now,
    }];
  });
  const created = rows.length === 0 ? [] : await tx<MessageRow[]>`insert into messages ${tx(rows)} returning *`;
  const createdById = new Map(created.map((row) => [row.id, row]));
  await recordStatuses(tx, clock, new Map([[channel.name, channel]]), rows.map((r) => createdById.get(r.id)!));
  return inputs.map((input) => {
    const before = existing.get(input.id);
    if (before) return { row: before, created: false };
    return outcome.get(input.id) ?? { row: createdById.get(input.id)!, created: true };
  });
}

/** Stores an inbound message (state `received`); the channel records its own event for it. */
export async function storeInbound(
  tx: Tx,
  clock: Clock,
  channel: MessageChannel,
  input: { id: string; companyId: string; profileId: string; mode: 'live' | 'test'; from: string; to: string; content: Record<string, unknown>; numberId: string | null },
): Promise<MessageRow> {
  const now = clock.now();
  const [row] = await tx<MessageRow[]>`
    insert into messages (id, channel, company_id, profile_id, mode, direction, state, from_address, to_address, content, number_id,
                          created_at_ms, updated_at_ms)
    values (${input.id}, ${channel.name}, ${input.companyId}, ${input.profileId}, ${input.mode}, 'inbound', ${channel.transitions.received},
            ${input.from}, ${input.to}, ${tx.json(input.content as never)}, ${input.numberId}, ${now}, ${now})
    returning *`;
  return row!;
}

/**
 * Accepts what callers asked for on a channel, in the caller's transaction (a route's group commit, a batch's
 * all-or-nothing): a message already stored under a send's id is returned as it is; the others are checked
 * in this order: the profile (visible to the key, active, the channel switched on), then the channel's own
 * admission (sender, recipients, content, schedule), then stored with their reservations, blobs and first
 * status events. Each lookup is one query for the whole batch; each send gets its message or its own
 * error, and one refused send changes nothing for the others.
 */
export async function acceptSends<B>(tx: Tx, clock: Clock, channel: MessageChannel<B>, sends: readonly MessageSend<B>[]): Promise<(MessageRow | SentralError)[]> {
  if (sends.length === 0) return [];
  // Both lookups go at once (one round trip on the transaction's connection); a send already stored had its
  // profile looked up for nothing.
  const [stored, allProfiles] = await Promise.all([
    tx<MessageRow[]>`select * from messages where id = any(${tx.array(sends.map((s) => s.id))}::text[])`,
    findProfiles(tx, sends.map((s) => ({ viewer: viewerOf(s.caller), ref: (s.body as { profileId: string }).profileId }))),
  ]);
  const existing = new Map(stored.map((row) => [row.id, row]));
  const asked = sends.filter((s) => !existing.has(s.id));
  const profiles = sends.flatMap((s, i) => (existing.has(s.id) ? [] : [allProfiles[i]]));
  const { profileService, serviceNoun } = channel.names;
  const refusals = new Map<MessageSend<B>, SentralError>();
  const open = asked.flatMap((send, i) => {
    const profile = profiles[i];
    if (!profile) refusals.set(send, new SentralError('not_found', { message: 'No such profile.', param: 'profileId' }));
    else if (profile.state !== 'active') refusals.set(send, new SentralError('profile_archived', { param: 'profileId' }));
    else if (!profile.services[profileService]) {
      refusals.set(send, new SentralError('service_disabled', { message: `The profile has ${serviceNoun} switched off (services.${profileService}).`, param: 'profileId' }));
    } else return [{ send, profile }];
    return [];
  });
  const admitted = await channel.admit(tx, clock, open);
  open.forEach(({ send }, k) => {
    const a = admitted[k]!;
    if (a instanceof SentralError) refusals.set(send, a);
  });
  const fresh = open.flatMap(({ send }, k) => {
    const a = admitted[k]!;
    return a instanceof SentralError ? [] : [{ send, ...a }];
  });
  const outcomes = await acceptMessages(tx, clock, channel, fresh.map((f) => f.message), existing);
  const blobs = fresh.flatMap((f, k) => {
    const outcome = outcomes[k]!;
    if (outcome instanceof SentralError || !outcome.created) return [];
    return f.blobs.map((b) => ({ message_id: f.message.id, name: b.name, content_type: b.contentType, body: b.body }));
  });
  if (blobs.length > 0) await tx`insert into message_blobs ${tx(blobs)}`;
  const accepted = new Map(fresh.map((f, k) => [f.send, outcomes[k]!]));
  return sends.map((send) => {
    const before = existing.get(send.id);
    if (before) return before;
    const refused = refusals.get(send);
    if (refused) return refused;
    const outcome = accepted.get(send)!;
    return outcome instanceof SentralError ? outcome : outcome.row;
  });
}
