/**
 * Pricing participants from the participant kinds' table (protocol/calls/participant-kinds.ts): what a call
 * created with participants is charged, and what one participant added later reserves. Both read the same
 * row, so a kind costs the same whether it comes with the call or joins it later.
 */
import type { ParticipantKind, ParticipantSpec } from '../../../protocol/calls/participant.js';
import { kindOf, mediaLegCount } from '../../../protocol/calls/participant-kinds.js';
import type { PriceList } from '../../../protocol/api/admin.js';
import type { ChargeRequest } from './call-pricing.js';

/** The per-minute rate of `kind` (0 for a kind that costs nothing of itself). */
export function kindRate(prices: PriceList, kind: ParticipantKind): number {
  const key = kindOf(kind).price;
  return key === null ? 0 : prices[key];
}

/** The own reservation of a participant: one added to a running call (any kind), or one that has its own at creation. */
export function participantCharge(prices: PriceList, spec: Pick<ParticipantSpec, 'kind' | 'maxMinutes'>): ChargeRequest {
  const cap = kindOf(spec.kind).maxMinutes;
  return { service: spec.kind, rateOre: kindRate(prices, spec.kind), maxMinutes: cap === null ? null : Math.min(spec.maxMinutes ?? cap, cap) };
}

/** The own reservation of a stream for at most `maxMinutes`. */
export function streamCharge(prices: PriceList, maxMinutes: number): ChargeRequest {
  return { service: 'stream', rateOre: kindRate(prices, 'stream'), maxMinutes };
}

/** What a call is created with, as far as its price and the media node's load go. */
export interface CreationAsk {
  to?: string;
  participants?: readonly Pick<ParticipantSpec, 'kind' | 'maxMinutes'>[];
  recording?: boolean;
  transcription?: boolean;
}

/** The charges of a new call and where each participant's own charge is among them. */
export interface CreationCharges {
  /** The call's own charge first, then one per participant with its own reservation, in order. */
  requests: ChargeRequest[];
  /** For each requested participant, the index of its own charge in `requests`, or null: it shares the call's. */
  chargeIndex: (number | null)[];
  /** Legs the media node makes for the dialled phone and the participants (a stream adds one). */
  legs: number;
}

/**
 * Prices a new call: its own charge per minute covers the dialled phone, every participant without its own
 * reservation (phones, app users, staff), recording and transcription; bots and AI agents reserve their own.
 */
export function creationCharges(prices: PriceList, ask: CreationAsk): CreationCharges {
  const extra = ask.participants ?? [];
  const kinds: ParticipantKind[] = [...(ask.to === undefined ? [] : ['phone' as const]), ...extra.map((p) => p.kind)];
  const shared = kinds.filter((k) => !kindOf(k).ownReservation);
  const dialsPhone = kinds.includes('phone');
  const own: ChargeRequest = {
    service: dialsPhone ? 'phone' : 'app',
    rateOre:
      shared.reduce((sum, k) => sum + kindRate(prices, k), 0) +
      (ask.recording ? prices.recordingMinuteOre : 0) +
      (ask.transcription ? prices.transcriptionMinuteOre : 0),
    maxMinutes: null,
  };
  const requests: ChargeRequest[] = [own];
  const chargeIndex = extra.map((p) => {
    if (!kindOf(p.kind).ownReservation) return null;
    requests.push(participantCharge(prices, p));
    return requests.length - 1;
  });
  return { requests, chargeIndex, legs: mediaLegCount(kinds) };
}
