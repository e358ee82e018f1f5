import { Type, type Static } from 'typebox';
import { Instant, Ore, Timestamp } from './common.js';

/** GET /v1/profiles/:slug/usage and GET /v1/usage query: a month, or a range [from, to); default the current month. */
export const UsageQuery = Type.Object(
  {
    period: Type.Optional(Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$', description: 'a UTC month, YYYY-MM' })),
    from: Type.Optional(Instant),
    to: Type.Optional(Instant),
  },
  { additionalProperties: false },
);
/** A usage query. */
export type UsageQuery = Static<typeof UsageQuery>;

/** One service's usage: øre drawn from the balance and counts (0 where a count does not apply to the service). */
export const UsageLine = Type.Object({
  ore: Ore,
  calls: Type.Integer({ description: 'calls started (phone)' }),
  minutes: Type.Integer({ description: 'started minutes counted (phone, streams, bots, recordings, transcription)' }),
  messages: Type.Integer({ description: 'messages sent, not counting canceled ones (sms, email, letters)' }),
  units: Type.Integer({ description: 'sms: the units (parts) of the messages; numbers: the months of rent charged' }),
});

/** Test usage of a service: counts only (test keys cost nothing). */
export const UsageCounts = Type.Object({
  calls: Type.Integer(),
  minutes: Type.Integer(),
  messages: Type.Integer(),
  units: Type.Integer(),
});

/** Live usage split by service (phone, sms, email, letters, streams, bots, recordings, transcription, numbers). */
export const LiveUsage = Type.Object({ totalOre: Ore, services: Type.Record(Type.String(), UsageLine) });
/** Test usage split by service, counts only. */
export const TestUsage = Type.Object({ services: Type.Record(Type.String(), UsageCounts) });

/** Usage of one profile over [from, to): live øre and counts equal to the ledger; test counts. */
export const Usage = Type.Object({
  object: Type.Literal('usage'),
  profileId: Type.String(),
  from: Timestamp,
  to: Timestamp,
  currency: Type.Literal('NOK'),
  live: LiveUsage,
  test: TestUsage,
  limitOre: Type.Union([Type.Integer(), Type.Null()]),
});
/** Usage of one profile. */
export type Usage = Static<typeof Usage>;

/** GET /v1/usage: the company's usage with the same split per profile. */
export const CompanyUsage = Type.Object({
  object: Type.Literal('company_usage'),
  from: Timestamp,
  to: Timestamp,
  currency: Type.Literal('NOK'),
  totalOre: Ore,
  profiles: Type.Array(Type.Object({ profileId: Type.String(), slug: Type.String(), live: LiveUsage, test: TestUsage })),
});

/** GET /v1/balance: what the company has to spend and what open reservations hold. */
export const Balance = Type.Object({
  object: Type.Literal('balance'),
  companyId: Type.String(),
  currency: Type.Literal('NOK'),
  balanceOre: Type.Integer({ description: 'available øre (open reservations already taken off)' }),
  reservedOre: Type.Integer({ description: 'øre held by open reservations (calls under way)' }),
  openReservations: Type.Integer({ description: 'how many reservations are open' }),
});
