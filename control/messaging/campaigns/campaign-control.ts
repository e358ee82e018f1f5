import type { Clock } from '../../../shared/clock/clock.js';
import type { Tx } from '../../../shared/db/database.js';
import { isSentralError, SentralError } from '../../../shared/errors/sentral-error.js';
import type { CampaignEventData } from '../../../protocol/messaging/campaign.js';
import { profileRoom, release, reserve } from '../../billing/ledger.js';
import { priceListFor } from '../../billing/price-list.js';
import { recordEvent } from '../../events/event-log.js';
import { applyMessageEvent } from '../message-store.js';
import { contactScope } from '../templates/template-preview.js';
import { compileTemplate, findTemplate, type CompiledTemplate, type RenderedParts } from '../templates/templates.js';
import type { TemplateScope } from '../templates/template-engine.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import { stepCampaign, type CampaignEffect, type CampaignEvent } from './campaign-machine.js';
import { campaignChannelFor } from './campaign-channels.js';
import { campaignCounts, campaignMoney, findCampaign, type CampaignRow } from './campaigns.js';
import type { Metadata } from '../../../protocol/api/common.js';

/** How often a campaign whose messages are still with the sender looks again whether it can settle. */
export const SETTLE_POLL_MS = 1_000;

// Recipient rows written per statement.
const INSERT_BATCH = 1000;
// Contacts rendered between two turns of the event loop.
const YIELD_EVERY = 500;

/**
 * Moves a campaign (locked by the caller's transaction) with an event: the machine decides the next status
 * and the effects, carried out here in the same transaction. A move the status does not allow is
 * campaign_state_invalid.
 */
export async function moveCampaign(tx: Tx, clock: Clock, row: CampaignRow, event: CampaignEvent): Promise<CampaignRow> {
  const step = stepCampaign(row.status, event);
  if (step === null) {
    throw new SentralError('campaign_state_invalid', { message: `The campaign is ${row.status}; it cannot ${event.type === 'drained' ? 'complete' : event.type}.` });
  }
  const now = clock.now();
  const finished = step.status === 'completed' || step.status === 'canceled';
  const [moved] = await tx<CampaignRow[]>`
    update campaigns set status = ${step.status}, updated_at_ms = ${now},
      finished_at_ms = ${finished ? now : null},
      next_run_at_ms = ${nextRunAfter(step.status, row, now)}
    where id = ${row.id} returning *`;
  let current = moved!;
  for (const effect of step.effects) current = await carryOut(tx, clock, current, effect);
  return current;
}

// When the runner next takes the campaign: a finished or paused one only while its money waits to settle
// (the settle effect sets that).
function nextRunAfter(status: CampaignRow['status'], row: CampaignRow, now: number): number | null {
  if (status === 'running') return now;
  if (status === 'scheduled') return row.send_at_ms;
  return null;
}

async function carryOut(tx: Tx, clock: Clock, row: CampaignRow, effect: CampaignEffect): Promise<CampaignRow> {
  switch (effect.type) {
    case 'skipPending':
      await tx`update campaign_recipients set state = ${effect.reason} where campaign_id = ${row.id} and state = 'pending'`;
      return row;
    case 'cancelQueued': {
      const channel = campaignChannelFor(row.channel).channel;
      const queued = await tx<{ id: string }[]>`select id from messages where campaign_id = ${row.id} and state in ('scheduled', 'accepted')`;
      for (const m of queued) {
        await applyMessageEvent(tx, clock, channel, m.id, { type: 'fail', code: 'campaign_canceled', desc: 'The campaign was canceled before this message was sent.' });
      }
      return row;
    }
    case 'settle':
      return settleCampaign(tx, clock, row);
    case 'record':
      await recordCampaignEvent(tx, clock, row, effect.event);
      return row;
  }
}

/**
 * Gives the reservation's rest back once no message of the campaign can still draw from it (none waiting
 * or with the sender) and no recipient is pending; until then the runner looks again every SETTLE_POLL_MS.
 */
export async function settleCampaign(tx: Tx, clock: Clock, row: CampaignRow): Promise<CampaignRow> {
  if (row.settled_at_ms !== null) return row;
  const [open] = await tx<{ n: number }[]>`
    select (select count(*) from messages where campaign_id = ${row.id} and state in ('scheduled', 'accepted', 'sending'))::int
         + (select count(*) from campaign_recipients where campaign_id = ${row.id} and state = 'pending')::int as n`;
  const now = clock.now();
  if (open!.n > 0) {
    const [waiting] = await tx<CampaignRow[]>`update campaigns set next_run_at_ms = ${now + SETTLE_POLL_MS} where id = ${row.id} returning *`;
    return waiting!;
  }
  if (row.reservation_id !== null) await release(tx, clock, { reservationId: row.reservation_id });
  const [settled] = await tx<CampaignRow[]>`update campaigns set settled_at_ms = ${now}, next_run_at_ms = null where id = ${row.id} returning *`;
  return settled!;
}

async function recordCampaignEvent(tx: Tx, clock: Clock, row: CampaignRow, type: 'campaign.started' | 'campaign.completed' | 'campaign.canceled'): Promise<void> {
  const data: CampaignEventData = { campaignId: row.id, status: row.status, counts: await campaignCounts(tx, row.id), money: await campaignMoney(tx, row.reservation_id) };
  await recordEvent(tx, clock, { companyId: row.company_id, profileId: row.profile_id, mode: row.mode, type, data: { ...data }, objectId: row.id });
}

/** A recipient as the start stores it. */
interface NewRecipient {
  campaign_id: string;
  position: number;
  contact_id: string;
  address: string | null;
  state: 'pending' | 'skipped';
  skip_reason: string | null;
  content: unknown;
  price_ore: number;
}

interface AudienceRow {
  id: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  national_id: string | null;
  external_ref: string | null;
  attributes: Metadata;
  suppressed: boolean;
}

/**
 * Starts a draft (POST …/start): renders the template for every contact of the list less the exclusions,
 * prices each message, reserves the whole audience at once (live keys) or refuses with the shortfall,
 * stores one recipient row per contact (suppressed ones and those the channel cannot reach skipped and
 * counted), and moves the campaign to scheduled or running with campaign.started. All in one transaction.
 */
export async function startCampaign(tx: Tx, clock: Clock, caller: KeyPrincipal, id: string): Promise<CampaignRow> {
  const found = await findCampaign(tx, caller, id);
  const [row] = await tx<CampaignRow[]>`select * from campaigns where id = ${found.id} for update`;
  if (row!.status !== 'draft') throw new SentralError('campaign_state_invalid', { message: `The campaign is ${row!.status}; only a draft can start.` });
  const campaign = row!;
  const now = clock.now();
  if (campaign.valid_until_ms !== null && campaign.valid_until_ms <= now) throw new SentralError('campaign_validity_passed', { param: 'validUntil' });
  const side = campaignChannelFor(campaign.channel);
  const template = await findTemplate(tx, caller, campaign.template_id, 'templateId');
  const snapshot = { subject: template.subject, body: template.body, html: template.html };
  const compiled = compileTemplate({ channel: template.channel, ...snapshot });
  const prices = await priceListFor(tx, campaign.company_id);
  const addressColumn = campaign.channel === 'sms' ? tx`c.phone` : campaign.channel === 'email' ? tx`c.email` : tx`c.national_id`;
  const audience = await tx<AudienceRow[]>`
    select c.id, c.name, c.phone, c.email, c.national_id, c.external_ref, c.attributes,
           exists (select 1 from suppressions s where s.profile_id = c.profile_id and s.address = ${addressColumn}) as suppressed
    from contact_list_members m join contacts c on c.id = m.contact_id
    where m.list_id = ${campaign.list_id} and c.profile_id = ${campaign.profile_id} and c.mode = ${campaign.mode}
      and not exists (select 1 from contact_list_members x where x.contact_id = c.id and x.list_id = any(${tx.array(campaign.exclude_list_ids)}::text[]))
    order by c.seq`;

  const recipients: NewRecipient[] = [];
  let totalOre = 0;
  for (const contact of audience) {
    // Rendering a large audience takes seconds of CPU: other requests of this process get their turn.
    if (recipients.length % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
    const base = { campaign_id: campaign.id, position: recipients.length, contact_id: contact.id, address: side.addressOf(contact) };
    const skip = (reason: string): void => void recipients.push({ ...base, state: 'skipped', skip_reason: reason, content: null, price_ore: 0 });
    if (base.address === null) {
      skip('contact_address_missing');
      continue;
    }
    if (contact.suppressed) {
      skip('recipient_opted_out');
      continue;
    }
    let message: ReturnType<typeof side.message>;
    try {
      message = side.message(await renderOnce(compiled, contactScope(contact)), prices, { sender: campaign.sender, address: base.address });
    } catch (err) {
      if (!isSentralError(err)) throw err;
      skip(err.code);
      continue;
    }
    if ('code' in message) {
      skip(message.code);
      continue;
    }
    totalOre += message.priceOre;
    recipients.push({ ...base, state: 'pending', skip_reason: null, content: message.content, price_ore: message.priceOre });
  }
  const sendable = recipients.filter((r) => r.state === 'pending').length;
  if (sendable === 0) throw new SentralError('campaign_audience_empty');

  let reservationId: string | null = null;
  if (campaign.mode === 'live' && totalOre > 0) reservationId = await reserveAudience(tx, clock, campaign, totalOre, sendable);
  for (let i = 0; i < recipients.length; i += INSERT_BATCH) {
    const batch = recipients.slice(i, i + INSERT_BATCH).map((r) => ({ ...r, content: r.content === null ? null : tx.json(r.content as never) }));
    await tx`insert into campaign_recipients ${tx(batch)}`;
  }
  const rate = campaign.rate_per_second;
  const [ready] = await tx<CampaignRow[]>`
    update campaigns set template_snapshot = ${tx.json(snapshot)}, reservation_id = ${reservationId}, started_at_ms = ${now},
      bucket_tokens = ${rate}, bucket_at_ms = ${now}
    where id = ${campaign.id} returning *`;
  return moveCampaign(tx, clock, ready!, { type: 'start', later: campaign.send_at_ms !== null && campaign.send_at_ms > now });
}

// The render limit is wall time: a pause of the whole process (a GC, a loaded machine) can end one render
// that is no trouble at all, so a limit is believed only when a second try hits it too.
async function renderOnce(compiled: CompiledTemplate, scope: TemplateScope): Promise<RenderedParts> {
  try {
    return await compiled.render(scope);
  } catch (err) {
    if (!isSentralError(err, 'template_limit_exceeded')) throw err;
    return compiled.render(scope);
  }
}

// Reserves the audience's price, or refuses naming what it costs and how much is missing.
async function reserveAudience(tx: Tx, clock: Clock, campaign: CampaignRow, totalOre: number, messages: number): Promise<string> {
  try {
    const reservation = await reserve(tx, clock, { companyId: campaign.company_id, profileId: campaign.profile_id, service: campaignChannelFor(campaign.channel).channel.service, amountOre: totalOre, reference: campaign.id });
    return reservation.reservationId;
  } catch (err) {
    const costs = `The campaign costs ${totalOre} øre for ${messages} messages`;
    if (isSentralError(err, 'insufficient_balance')) {
      const [c] = await tx<{ balance_ore: number }[]>`select balance_ore from companies where id = ${campaign.company_id}`;
      const balance = Number(c!.balance_ore);
      throw new SentralError('insufficient_balance', { message: `${costs}; the balance is ${balance} øre, ${totalOre - balance} øre short. Nothing was reserved.` });
    }
    if (isSentralError(err, 'profile_limit_reached')) {
      const room = (await profileRoom(tx, clock, campaign.company_id, campaign.profile_id)) ?? 0;
      throw new SentralError('profile_limit_reached', { message: `${costs}; the profile's monthly limit leaves ${room} øre, ${totalOre - room} øre short. Nothing was reserved.` });
    }
    throw err;
  }
}

/** Pause, resume or cancel (the API's moves) on a campaign the caller can see, in one transaction. */
export async function controlCampaign(tx: Tx, clock: Clock, caller: KeyPrincipal, id: string, action: 'pause' | 'resume' | 'cancel'): Promise<CampaignRow> {
  const found = await findCampaign(tx, caller, id);
  const [row] = await tx<CampaignRow[]>`select * from campaigns where id = ${found.id} for update`;
  const now = clock.now();
  const event: CampaignEvent = action === 'resume' ? { type: 'resume', later: row!.send_at_ms !== null && row!.send_at_ms > now } : { type: action };
  return moveCampaign(tx, clock, row!, event);
}
