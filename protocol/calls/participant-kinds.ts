/**
 * Participant kinds as one table: everything sentral treats differently per kind is a column here, so adding a
 * kind is one row (and its tests). Control (launcher, additions, handovers, the call machine, views, the
 * signer, the inbound flow, the media node count) and media read it; nothing else names kinds.
 */
import type { LegKind } from '../media/media-op.js';
import type { RoomParticipantKind } from '../room/room-message.js';
import type { ParticipantKind } from './participant.js';

/** The price list's per-minute rates a participant can be charged at. */
export type ParticipantPriceKey = 'phoneMinuteOre' | 'appParticipantMinuteOre' | 'botMinuteOre' | 'streamMinuteOre';

/**
 * How a participant's room connection lives: `app` (its token follows the call's paid time, it may reconnect
 * within a grace), `bot` (its token follows its own paid time, a drop means it left), `link` (a moved caller's
 * link, redialled by its node after a network failure), null (no room connection).
 */
export type ConnectionRule = 'app' | 'bot' | 'link' | null;

/** What one participant kind is. */
export interface ParticipantKindTraits {
  /** Keeps a conference or an app-only call open (bots, AI agents and streams do not). */
  person: boolean;
  /** How it joins the media room (the kind in its room token), or null: not through the room. */
  room: RoomParticipantKind | null;
  /** The leg the media node makes for it: one leg, counted in the node's capacity. */
  leg: LegKind;
  /** The rate it is charged at, or null: it costs nothing of itself (a moved caller's own call pays). */
  price: ParticipantPriceKey | null;
  /**
   * Has its own reservation and paid time even when it comes with the call (capped at `maxMinutes`); otherwise,
   * at creation, its rate is part of the call's own charge and it shares the call's paid time. Added to a
   * running call, every priced kind gets its own reservation at the same rate.
   */
  ownReservation: boolean;
  /** Most minutes its own reservation covers (null: as long as the call). */
  maxMinutes: number | null;
  /** The rule its room token and connection follow. */
  connection: ConnectionRule;
}

/** Most minutes a bot or an AI agent is reserved for (the interface's limit). */
export const BOT_MAX_MINUTES = 60;

/** The table: one row per participant kind. */
export const PARTICIPANT_KINDS: Readonly<Record<ParticipantKind, Readonly<ParticipantKindTraits>>> = {
  phone: { person: true, room: null, leg: 'phone', price: 'phoneMinuteOre', ownReservation: false, maxMinutes: null, connection: null },
  app: { person: true, room: 'app', leg: 'room', price: 'appParticipantMinuteOre', ownReservation: false, maxMinutes: null, connection: 'app' },
  staff: { person: true, room: 'app', leg: 'room', price: 'appParticipantMinuteOre', ownReservation: false, maxMinutes: null, connection: 'app' },
  bot: { person: false, room: 'bot', leg: 'room', price: 'botMinuteOre', ownReservation: true, maxMinutes: BOT_MAX_MINUTES, connection: 'bot' },
  ai_agent: { person: false, room: 'bot', leg: 'room', price: 'botMinuteOre', ownReservation: true, maxMinutes: BOT_MAX_MINUTES, connection: 'bot' },
  stream: { person: false, room: null, leg: 'stream', price: 'streamMinuteOre', ownReservation: true, maxMinutes: null, connection: null },
  call: { person: true, room: 'call', leg: 'link', price: null, ownReservation: false, maxMinutes: null, connection: 'link' },
};

/** The row of `kind`. */
export function kindOf(kind: ParticipantKind): Readonly<ParticipantKindTraits> {
  return PARTICIPANT_KINDS[kind];
}

/** Legs the media node makes for participants of these kinds: every kind has one (its `leg`). */
export function mediaLegCount(kinds: readonly ParticipantKind[]): number {
  return kinds.length;
}
