import type { Clock } from '../../../shared/clock/clock.js';
import type { ProfileServices } from '../../../protocol/api/profiles.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { newId } from '../../../shared/ids/ids.js';
import { cursorSeq, pageOf } from '../../../shared/db/page.js';
import type { Metadata } from '../../../protocol/api/common.js';
import {
  CAMPAIGN_DEFAULT_RATE,
  type Campaign,
  type CampaignCounts,
  type CampaignCreate,
  type CampaignDeleted,
  type CampaignMoney,
  type CampaignPage,
  type CampaignPageQuery,
  type CampaignUpdate,
  type QuietHoursSpec,
} from '../../../protocol/messaging/campaign.js';
import type { MessageChannelName } from '../../../protocol/messaging/template.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import type { Db } from '../../../shared/db/database.js';
import { findList } from '../contacts/contact-lists.js';
import { ownerProfile, visibleTo } from '../../accounts/profile-scope.js';
import { findTemplate } from '../templates/templates.js';
import type { CampaignStatus } from './campaign-machine.js';
import { messageChannels } from '../channels/channel-registry.js';
import { minuteOfDay } from './quiet-hours.js';

/** A campaign as stored. */
export interface CampaignRow {
  id: string;
  seq: number;
  company_id: string;
  profile_id: string;
  mode: 'live' | 'test';
  name: string;
  status: CampaignStatus;
  channel: MessageChannelName;
  sender: string;
  template_id: string;
  list_id: string;
  exclude_list_ids: string[];
  send_at_ms: number | null;
  valid_until_ms: number | null;
  rate_per_second: number;
  bucket_tokens: number;
  bucket_at_ms: number | null;
  quiet_start_minute: number | null;
  quiet_end_minute: number | null;
  template_snapshot: { subject: string | null; body: string | null; html: string | null } | null;
  reservation_id: string | null;
  next_run_at_ms: number | null;
  started_at_ms: number | null;
  finished_at_ms: number | null;
  settled_at_ms: number | null;
  metadata: Metadata | null;
  created_at_ms: number;
  updated_at_ms: number;
}

/** Creates a draft: its template and lists must be the profile's, the template of the campaign's channel. */
export async function createCampaign(db: Db, clock: Clock, caller: KeyPrincipal, input: CampaignCreate): Promise<Campaign> {
  const profileId = await ownerProfile(db, caller, input.profileId);
  const fields = await checkedFields(db, caller, profileId, input.channel, {
    name: input.name,
    sender: input.sender,
    template_id: input.templateId,
    list_id: input.listId,
    exclude_list_ids: input.excludeListIds ?? [],
    send_at_ms: timeOf(input.sendAt, 'sendAt'),
    valid_until_ms: timeOf(input.validUntil, 'validUntil'),
    rate_per_second: input.rate ?? CAMPAIGN_DEFAULT_RATE,
    ...quietOf(input.quietHours ?? null),
    metadata: input.metadata ?? null,
  });
  const now = clock.now();
  const [row] = await db<CampaignRow[]>`
    insert into campaigns ${db({
      id: newId('cmp', clock),
      company_id: caller.companyId,
      profile_id: profileId,
      mode: caller.mode,
      status: 'draft',
      channel: input.channel,
      ...fields,
      exclude_list_ids: db.array(fields.exclude_list_ids),
      metadata: fields.metadata === null ? null : db.json(fields.metadata),
      created_at_ms: now,
      updated_at_ms: now,
    } as Record<string, unknown>)}
    returning *`;
  return campaignView(db, row!);
}

/** Changes a draft (a campaign that has started is campaign_not_draft). */
export async function updateCampaign(db: Db, clock: Clock, caller: KeyPrincipal, id: string, patch: CampaignUpdate): Promise<Campaign> {
  const current = await findCampaign(db, caller, id);
  if (current.status !== 'draft') throw new SentralError('campaign_not_draft');
  const quiet = patch.quietHours === undefined ? { quiet_start_minute: current.quiet_start_minute, quiet_end_minute: current.quiet_end_minute } : quietOf(patch.quietHours);
  const fields = await checkedFields(db, caller, current.profile_id, current.channel, {
    name: patch.name ?? current.name,
    sender: patch.sender ?? current.sender,
    template_id: patch.templateId ?? current.template_id,
    list_id: patch.listId ?? current.list_id,
    exclude_list_ids: patch.excludeListIds ?? current.exclude_list_ids,
    send_at_ms: patch.sendAt === undefined ? current.send_at_ms : timeOf(patch.sendAt, 'sendAt'),
    valid_until_ms: patch.validUntil === undefined ? current.valid_until_ms : timeOf(patch.validUntil, 'validUntil'),
    rate_per_second: patch.rate ?? current.rate_per_second,
    ...quiet,
    metadata: patch.metadata ?? current.metadata,
  });
  const [row] = await db<CampaignRow[]>`
    update campaigns set ${db({
      ...fields,
      exclude_list_ids: db.array(fields.exclude_list_ids),
      metadata: fields.metadata === null ? null : db.json(fields.metadata),
      updated_at_ms: clock.now(),
    } as Record<string, unknown>)}
    where id = ${id} and status = 'draft' returning *`;
  if (!row) throw new SentralError('campaign_not_draft');
  return campaignView(db, row);
}

/** Deletes a draft (a campaign that has started stays, with its recipients and money). */
export async function deleteCampaign(db: Db, caller: KeyPrincipal, id: string): Promise<CampaignDeleted> {
  await findCampaign(db, caller, id);
  const [row] = await db<{ id: string }[]>`delete from campaigns where id = ${id} and status = 'draft' returning id`;
  if (!row) throw new SentralError('campaign_not_draft', { message: 'Only a draft can be deleted; cancel a campaign that has started.' });
  return { id, object: 'campaign', deleted: true };
}

/** One campaign row the caller can see, or not_found. */
export async function findCampaign(db: Db, caller: KeyPrincipal, id: string): Promise<CampaignRow> {
  const [row] = await db<CampaignRow[]>`select * from campaigns where id = ${id} and ${visibleTo(db, caller, 'campaigns')}`;
  if (!row) throw new SentralError('not_found', { message: 'No such campaign.' });
  return row;
}

/** The caller's campaigns, newest first. */
export async function listCampaigns(db: Db, caller: KeyPrincipal, query: CampaignPageQuery): Promise<CampaignPage> {
  const limit = query.limit ?? 20;
  const visible = visibleTo(db, caller, 'campaigns', query.profileId);
  const beforeSeq = query.before === undefined ? null : await cursorSeq(db<{ seq: number }[]>`select seq from campaigns where id = ${query.before} and ${visible}`, 'campaign', 'before');
  const rows = await db<CampaignRow[]>`
    select * from campaigns where ${visible} and ${beforeSeq === null ? db`true` : db`seq < ${beforeSeq}`}
    order by seq desc limit ${limit + 1}`;
  const page = pageOf(rows, limit, (r) => r);
  return { ...page, data: await Promise.all(page.data.map((r) => campaignView(db, r))) };
}

type Fields = Pick<
  CampaignRow,
  'name' | 'sender' | 'template_id' | 'list_id' | 'exclude_list_ids' | 'send_at_ms' | 'valid_until_ms' | 'rate_per_second' | 'quiet_start_minute' | 'quiet_end_minute' | 'metadata'
>;

async function checkedFields(db: Db, caller: KeyPrincipal, profileId: string, channel: MessageChannelName, fields: Fields): Promise<Fields> {
  // As a single message of the channel would be refused: the profile must have the channel's service on.
  const service = messageChannels.get(channel).names.profileService;
  const [profile] = await db<{ services: ProfileServices }[]>`select services from profiles where id = ${profileId}::uuid`;
  if (!profile?.services[service]) {
    throw new SentralError('service_disabled', { message: `The profile has ${channel} switched off (services.${service}).`, param: 'channel' });
  }
  const template = await findTemplate(db, caller, fields.template_id, 'templateId');
  if (template.profile_id !== profileId) throw new SentralError('not_found', { message: "No such template in the campaign's profile.", param: 'templateId' });
  if (template.channel !== channel) {
    throw new SentralError('invalid_request', { message: `The template is for ${template.channel}; the campaign sends ${channel}.`, param: 'templateId' });
  }
  const lists: Array<[string, string]> = [[fields.list_id, 'listId'], ...fields.exclude_list_ids.map((l, i): [string, string] => [l, `excludeListIds.${i}`])];
  for (const [listId, param] of lists) {
    const list = await findList(db, caller, listId, param);
    if (list.profile_id !== profileId) throw new SentralError('not_found', { message: "No such contact list in the campaign's profile.", param });
  }
  await messageChannels.get(channel).campaign.checkSender(db, profileId, caller.mode, fields.sender);
  if (fields.send_at_ms !== null && fields.valid_until_ms !== null && fields.valid_until_ms <= fields.send_at_ms) {
    throw new SentralError('invalid_request', { message: 'validUntil must be after sendAt.', param: 'validUntil' });
  }
  return { ...fields, exclude_list_ids: [...new Set(fields.exclude_list_ids)] };
}

function timeOf(value: string | null | undefined, param: string): number | null {
  if (value === undefined || value === null) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new SentralError('invalid_request', { message: `${param} must be an ISO 8601 time.`, param });
  return ms;
}

function quietOf(spec: QuietHoursSpec | null): Pick<CampaignRow, 'quiet_start_minute' | 'quiet_end_minute'> {
  if (spec === null) return { quiet_start_minute: null, quiet_end_minute: null };
  const start = minuteOfDay(spec.start);
  const end = minuteOfDay(spec.end);
  if (start === null || end === null || start === end) {
    throw new SentralError('invalid_request', { message: 'quietHours needs two different times of day (HH:MM).', param: 'quietHours' });
  }
  return { quiet_start_minute: start, quiet_end_minute: end };
}

const hhmm = (minute: number): string => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Recipients by where they stand: the recipient rows, and for those handed over, their message's state. */
export async function campaignCounts(db: Db, campaignId: string): Promise<CampaignCounts> {
  // One statement, so one snapshot: each recipient is counted once, by its message's state once it has one
  // (two reads could see a recipient pending and, after a send step committed between them, its message too).
  const rows = await db<{ state: string; skip_reason: string | null; message_state: string | null; canceled: boolean; n: number }[]>`
    select r.state, r.skip_reason, m.state as message_state, coalesce(m.error_code = 'campaign_canceled', false) as canceled, count(*)::int as n
    from campaign_recipients r left join messages m on m.id = r.message_id
    where r.campaign_id = ${campaignId}
    group by 1, 2, 3, 4`;
  const counts: CampaignCounts = { recipients: 0, pending: 0, sent: 0, delivered: 0, failed: 0, skipped: 0, canceled: 0, skippedByReason: {} };
  for (const r of rows) {
    counts.recipients += r.n;
    counts[recipientBucket(r.state, r.message_state, r.canceled)] += r.n;
    if (r.state === 'skipped') counts.skippedByReason[r.skip_reason ?? 'unknown'] = (counts.skippedByReason[r.skip_reason ?? 'unknown'] ?? 0) + r.n;
  }
  return counts;
}

// Where a recipient is counted: by its message once it has one, by its own state before.
function recipientBucket(state: string, messageState: string | null, canceled: boolean): Exclude<keyof CampaignCounts, 'recipients' | 'skippedByReason'> {
  if (messageState !== null) return canceled ? 'canceled' : messageBucket(messageState);
  if (state === 'skipped') return 'skipped';
  if (state === 'canceled' || state === 'expired') return 'canceled';
  return 'pending';
}

// Where a message's state puts its recipient (the states of every channel's transition table).
function messageBucket(state: string): 'pending' | 'sent' | 'delivered' | 'failed' | 'canceled' {
  if (state === 'scheduled' || state === 'accepted' || state === 'sending') return 'pending';
  if (state === 'sent') return 'sent';
  // A letter read or printed was delivered first.
  if (state === 'delivered' || state === 'read' || state === 'delivered_to_print') return 'delivered';
  if (state === 'canceled') return 'canceled';
  return 'failed';
}

/** The campaign's reservation: reserved, drawn and given back. */
export async function campaignMoney(db: Db, reservationId: string | null): Promise<CampaignMoney> {
  if (reservationId === null) return { reservedOre: 0, spentOre: 0, releasedOre: 0 };
  const [r] = await db<{ reserved_ore: number; captured_ore: number; released_ore: number }[]>`
    select reserved_ore, captured_ore, released_ore from reservations where id = ${reservationId}`;
  return { reservedOre: Number(r?.reserved_ore ?? 0), spentOre: Number(r?.captured_ore ?? 0), releasedOre: Number(r?.released_ore ?? 0) };
}

/** A campaign as the API shows it, with its counts and money. */
export async function campaignView(db: Db, row: CampaignRow): Promise<Campaign> {
  return {
    id: row.id,
    object: 'campaign',
    profileId: row.profile_id,
    name: row.name,
    state: row.status,
    channel: row.channel,
    sender: row.sender,
    templateId: row.template_id,
    listId: row.list_id,
    excludeListIds: row.exclude_list_ids,
    sendAt: iso(row.send_at_ms),
    validUntil: iso(row.valid_until_ms),
    rate: row.rate_per_second,
    quietHours: row.quiet_start_minute === null || row.quiet_end_minute === null ? null : { start: hhmm(row.quiet_start_minute), end: hhmm(row.quiet_end_minute) },
    counts: await campaignCounts(db, row.id),
    money: await campaignMoney(db, row.reservation_id),
    metadata: row.metadata,
    mode: row.mode,
    createdAt: iso(row.created_at_ms)!,
    startedAt: iso(row.started_at_ms),
    finishedAt: iso(row.finished_at_ms),
    settledAt: iso(row.settled_at_ms),
  };
}
