import type { Clock } from '../../shared/clock/clock.js';
import { newId } from '../../shared/ids/ids.js';
import { SentralError } from '../../shared/errors/sentral-error.js';
import type { NumberCreate, NumberRouting, NumberUpdate, PhoneNumberRecord } from '../../protocol/api/admin.js';
import type { Db } from '../../shared/db/database.js';
import { isoOrNull } from '../../shared/clock/iso.js';
import { isTestNumber } from './test-numbers.js';

/** A phone_numbers row. */
export interface NumberRow {
  id: string;
  number: string;
  company_id: string;
  profile_id: string;
  inbound_mode: 'api' | 'routing';
  decide_within_seconds: number;
  routing: NumberRouting | null;
  assigned_to: string | null;
  status: 'active' | 'suspended' | 'released';
  type: 'phone' | 'sms';
  mode: 'live' | 'test';
  sms_enabled: boolean;
  paid_until_ms: number | null;
  release_at_ms: number | null;
  created_at_ms: number;
}

/** Default decision window of an inbound call on an api-mode number. */
export const DEFAULT_DECIDE_WITHIN_SECONDS = 10;

/** Provisions a number to a profile of a company (the profile must be active; the number not active elsewhere). */
export async function provisionNumber(db: Db, clock: Clock, input: NumberCreate): Promise<PhoneNumberRecord> {
  if (isTestNumber(input.number)) throw new SentralError('invalid_request', { message: `${input.number} is a test number: test keys rent it, it is never live.`, param: 'number' });
  await assertActiveProfile(db, input.companyId, input.profileId);
  const [row] = await db<NumberRow[]>`
    insert into phone_numbers (id, number, company_id, profile_id, inbound_mode, decide_within_seconds, routing, assigned_to, created_at_ms)
    values (${newId('num', clock)}, ${input.number}, ${input.companyId}, ${input.profileId.toLowerCase()}, ${input.inboundMode ?? 'routing'},
            ${input.decideWithinSeconds ?? DEFAULT_DECIDE_WITHIN_SECONDS}, ${input.routing ? db.json(input.routing) : null},
            ${input.assignedTo ?? null}, ${clock.now()})
    on conflict (number) where status <> 'released' do nothing
    returning *`;
  if (!row) throw new SentralError('number_taken', { param: 'number' });
  return toRecord(row);
}

/** One number by id, or not_found. */
export async function getNumber(db: Db, id: string): Promise<PhoneNumberRecord> {
  const [row] = await db<NumberRow[]>`select * from phone_numbers where id = ${id}`;
  if (!row) throw new SentralError('not_found', { message: 'No such number.' });
  return toRecord(row);
}

/** Numbers, optionally of one company, newest last. */
export async function listNumbers(db: Db, companyId?: string): Promise<PhoneNumberRecord[]> {
  const rows = await db<NumberRow[]>`
    select * from phone_numbers where ${companyId === undefined ? db`true` : db`company_id = ${companyId}`}
    order by created_at_ms, id limit 1000`;
  return rows.map(toRecord);
}

/** The active number with this E.164 value, if provisioned (inbound calls and `from` checks use it). */
export async function findActiveNumber(db: Db, number: string): Promise<PhoneNumberRecord | null> {
  const [row] = await db<NumberRow[]>`select * from phone_numbers where number = ${number} and status = 'active'`;
  return row ? toRecord(row) : null;
}

/** Changes a number's profile, inbound settings, routing, salesperson or status. */
export async function updateNumber(db: Db, id: string, input: NumberUpdate): Promise<PhoneNumberRecord> {
  const current = await getNumber(db, id);
  if (input.profileId !== undefined) await assertActiveProfile(db, current.companyId, input.profileId);
  const routing = input.routing === undefined ? current.routing : input.routing;
  const [row] = await db<NumberRow[]>`
    update phone_numbers set
      profile_id = ${(input.profileId ?? current.profileId).toLowerCase()},
      inbound_mode = ${input.inboundMode ?? current.inboundMode},
      decide_within_seconds = ${input.decideWithinSeconds ?? current.decideWithinSeconds},
      routing = ${routing === null ? null : db.json(routing)},
      assigned_to = ${input.assignedTo === undefined ? current.assignedTo : input.assignedTo},
      status = ${input.state ?? current.state}
    where id = ${id} returning *`.catch((err: unknown) => {
    // Re-activating a number that is active elsewhere meets the one-active-number index.
    if ((err as { code?: string }).code === '23505') throw new SentralError('number_taken', { param: 'state' });
    throw err;
  });
  return toRecord(row!);
}

async function assertActiveProfile(db: Db, companyId: string, profileId: string): Promise<void> {
  const [p] = await db<{ status: string }[]>`select status from profiles where id = ${profileId.toLowerCase()}::uuid and company_id = ${companyId}`;
  if (!p) throw new SentralError('not_found', { message: 'No such profile in this company.', param: 'profileId' });
  if (p.status !== 'active') throw new SentralError('profile_archived', { param: 'profileId' });
}

/** The API's record of a number row. */
export function toRecord(row: NumberRow): PhoneNumberRecord {
  return {
    id: row.id,
    object: 'number',
    number: row.number,
    companyId: row.company_id,
    profileId: row.profile_id,
    inboundMode: row.inbound_mode,
    decideWithinSeconds: row.decide_within_seconds,
    routing: row.routing,
    assignedTo: row.assigned_to,
    state: row.status,
    type: row.type,
    mode: row.mode,
    smsEnabled: row.sms_enabled,
    paidUntil: isoOrNull(row.paid_until_ms),
    releaseAt: isoOrNull(row.release_at_ms),
    createdAt: new Date(row.created_at_ms).toISOString(),
  };
}
