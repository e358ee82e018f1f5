/**
 * Usage by service over a time range: the øre are the ledger's captures (what was drawn from the balance,
 * so they equal the ledger to the øre), the counts come from what was used: calls and their counted
 * minutes from the calls' read model, messages and SMS units from the messages (live and test alike; a
 * canceled message never went), numbers' months from the rent rows. Test keys cost nothing: their usage is
 * counts only.
 */
import type { Db } from '../../shared/db/database.js';

/** The services usage is split by, in the order shown. */
export const USAGE_SERVICES = ['phone', 'sms', 'email', 'letters', 'streams', 'bots', 'recordings', 'transcription', 'numbers'] as const;
/** A service of the usage split. */
export type UsageService = (typeof USAGE_SERVICES)[number];

/** One service's usage: øre drawn and the counts (each 0 where it does not apply). */
export interface UsageLine {
  ore: number;
  calls: number;
  minutes: number;
  messages: number;
  /** SMS: the units (parts) sent; numbers: the months of rent charged. */
  units: number;
}

/** Usage of one profile in one mode: a line per service (every service present) and the total øre. */
export interface UsageSplit {
  totalOre: number;
  services: Record<string, UsageLine>;
}

/**
 * A message channel as usage counts it (a MessageChannel is one): the name its messages carry, and the
 * ledger service its money is booked under and the usage service both count under.
 */
export interface CountedChannel {
  readonly name: string;
  readonly names: { readonly ledgerService: string; readonly usageService: string };
}

// The ledger's and the price items' names of what calls and numbers paid for, by usage service (a message
// channel names its own). A name not known keeps its own name as a service, so the split always adds up to
// the ledger.
const SERVICE_OF: Record<string, string> = Object.fromEntries([
  ...['phone', 'inbound', 'app', 'staff', 'call'].map((name) => [name, 'phone']),
  ['bot', 'bots'], ['ai_agent', 'bots'], ['stream', 'streams'], ['recording', 'recordings'], ['transcription', 'transcription'],
  ['number', 'numbers'],
]);

/** The usage service a ledger service or price item belongs to (`channels`: the message channels). */
export function usageServiceOf(name: string, channels: Iterable<CountedChannel>): string {
  const known = SERVICE_OF[name];
  if (known !== undefined) return known;
  for (const channel of channels) if (channel.names.ledgerService === name) return channel.names.usageService;
  return name;
}

// The usage service a message channel's messages count under.
function channelService(name: string, channels: Iterable<CountedChannel>): string {
  for (const channel of channels) if (channel.name === name) return channel.names.usageService;
  return name;
}

function emptySplit(): UsageSplit {
  return { totalOre: 0, services: Object.fromEntries(USAGE_SERVICES.map((s) => [s, { ore: 0, calls: 0, minutes: 0, messages: 0, units: 0 }])) };
}

function line(split: UsageSplit, service: string): UsageLine {
  return (split.services[service] ??= { ore: 0, calls: 0, minutes: 0, messages: 0, units: 0 });
}

/** What to measure: a company, optionally one profile, over [fromMs, toMs). */
export interface UsageRange {
  companyId: string;
  profileId: string | null;
  fromMs: number;
  toMs: number;
}

/** Usage per profile (live: øre and counts; test: counts only), for every profile with any; `channels`: the message channels. */
export async function usageByProfile(db: Db, range: UsageRange, channels: readonly CountedChannel[]): Promise<Map<string, { live: UsageSplit; test: UsageSplit }>> {
  const out = new Map<string, { live: UsageSplit; test: UsageSplit }>();
  const of = (profileId: string, mode: 'live' | 'test'): UsageSplit => {
    let entry = out.get(profileId);
    if (!entry) out.set(profileId, (entry = { live: emptySplit(), test: emptySplit() }));
    return entry[mode];
  };
  const profile = range.profileId;
  const captured = await db<{ profile_id: string; service: string; ore: number }[]>`
    select profile_id, service, sum(amount_ore)::bigint as ore
    from ledger_entries
    where company_id = ${range.companyId} and kind = 'capture' and profile_id is not null
      and (${profile}::uuid is null or profile_id = ${profile}::uuid)
      and created_at_ms >= ${range.fromMs} and created_at_ms < ${range.toMs}
    group by profile_id, service`;
  for (const row of captured) {
    const split = of(row.profile_id, 'live');
    const service = usageServiceOf(row.service, channels);
    line(split, service).ore += row.ore;
    split.totalOre += row.ore;
  }
  const messages = await db<{ profile_id: string; mode: 'live' | 'test'; channel: string; messages: number; units: number }[]>`
    select profile_id, mode, channel, count(*)::bigint as messages,
           coalesce(sum((content->>'units')::bigint), 0)::bigint as units
    from messages
    where company_id = ${range.companyId} and direction = 'outbound' and state <> 'canceled'
      and (${profile}::uuid is null or profile_id = ${profile}::uuid)
      and created_at_ms >= ${range.fromMs} and created_at_ms < ${range.toMs}
    group by profile_id, mode, channel`;
  for (const row of messages) {
    const entry = line(of(row.profile_id, row.mode), channelService(row.channel, channels));
    entry.messages += row.messages;
    entry.units += row.units;
  }
  const calls = await db<{ profile_id: string; mode: 'live' | 'test'; calls: number }[]>`
    select profile_id, mode, count(*)::bigint as calls from calls
    where company_id = ${range.companyId} and (${profile}::uuid is null or profile_id = ${profile}::uuid)
      and created_at_ms >= ${range.fromMs} and created_at_ms < ${range.toMs}
    group by profile_id, mode`;
  for (const row of calls) line(of(row.profile_id, row.mode), 'phone').calls += row.calls;
  const minutes = await db<{ profile_id: string; mode: 'live' | 'test'; item: string; minutes: number }[]>`
    select c.profile_id, c.mode, i->>'item' as item, sum((i->>'minutes')::bigint)::bigint as minutes
    from calls c join call_views v on v.call_id = c.id
      cross join lateral jsonb_array_elements(case when jsonb_typeof(v.body->'priceItems') = 'array' then v.body->'priceItems' else '[]'::jsonb end) as i
    where c.company_id = ${range.companyId} and (${profile}::uuid is null or c.profile_id = ${profile}::uuid)
      and c.created_at_ms >= ${range.fromMs} and c.created_at_ms < ${range.toMs}
    group by c.profile_id, c.mode, i->>'item'`;
  for (const row of minutes) line(of(row.profile_id, row.mode), usageServiceOf(row.item, channels)).minutes += row.minutes;
  const rents = await db<{ profile_id: string; months: number }[]>`
    select n.profile_id, count(*)::bigint as months from number_rents r join phone_numbers n on n.id = r.number_id
    where n.company_id = ${range.companyId} and (${profile}::uuid is null or n.profile_id = ${profile}::uuid)
      and r.created_at_ms >= ${range.fromMs} and r.created_at_ms < ${range.toMs}
    group by n.profile_id`;
  for (const row of rents) line(of(row.profile_id, 'live'), 'numbers').units += row.months;
  return out;
}

/** Usage of one profile (every service present, zero where nothing was used); `channels`: the message channels. */
export async function profileUsage(db: Db, range: UsageRange & { profileId: string }, channels: readonly CountedChannel[]): Promise<{ live: UsageSplit; test: UsageSplit }> {
  return (await usageByProfile(db, range, channels)).get(range.profileId) ?? { live: emptySplit(), test: emptySplit() };
}

/** A test split as shown: counts only (test keys cost nothing). */
export function countsOnly(split: UsageSplit): { services: Record<string, Omit<UsageLine, 'ore'>> } {
  return { services: Object.fromEntries(Object.entries(split.services).map(([s, { ore: _ore, ...counts }]) => [s, counts])) };
}
