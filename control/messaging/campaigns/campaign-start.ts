import { performance } from 'node:perf_hooks';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql, Tx } from '../../../shared/db/database.js';
import { isSentralError, SentralError } from '../../../shared/errors/sentral-error.js';
import type { Metadata } from '../../../protocol/api/common.js';
import { profileRoom, reserve } from '../../billing/ledger.js';
import { priceListFor } from '../../billing/price-list.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import { contactScope } from '../templates/template-preview.js';
import { compileTemplate, findTemplate, type CompiledTemplate, type RenderedParts } from '../templates/templates.js';
import type { TemplateScope } from '../templates/template-engine.js';
import { campaignChannelFor } from './campaign-channels.js';
import { moveCampaign } from './campaign-control.js';
import { findCampaign, type CampaignRow } from './campaigns.js';

// Longest stretch of rendering (ms) before other requests of this process get a turn of the event loop.
const RENDER_SLICE_MS = 10;
// Recipient rows per insert.
const INSERT_CHUNK = 10_000;

/** A recipient as the start stores it. */
interface NewRecipient {
  contactId: string;
  address: string | null;
  state: 'pending' | 'skipped';
  skipReason: string | null;
  content: Record<string, unknown> | null;
  priceOre: number;
}

/** The audience rendered, priced and stored: what the start reserves. */
interface AudienceTotal {
  snapshot: { subject: string | null; body: string | null; html: string | null };
  totalOre: number;
  sendable: number;
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
 * counted), and moves the campaign to scheduled or running with campaign.started, in one transaction on
 * the locked draft. The recipients are rendered in a fast loop (renderNow), then stored with a few large
 * inserts; the balance is reserved last, so it is locked only for the end of the transaction.
 */
export async function startCampaign(sql: Sql, clock: Clock, caller: KeyPrincipal, id: string): Promise<CampaignRow> {
  return sql.begin(async (tx) => {
    const found = await findCampaign(tx, caller, id);
    const [row] = await tx<CampaignRow[]>`select * from campaigns where id = ${found.id} for update`;
    const campaign = row!;
    if (campaign.status !== 'draft') throw new SentralError('campaign_state_invalid', { message: `The campaign is ${campaign.status}; only a draft can start.` });
    const now = clock.now();
    if (campaign.valid_until_ms !== null && campaign.valid_until_ms <= now) throw new SentralError('campaign_validity_passed', { param: 'validUntil' });
    const audience = await storeAudience(tx, caller, campaign);
    let reservationId: string | null = null;
    if (campaign.mode === 'live' && audience.totalOre > 0) reservationId = await reserveAudience(tx, clock, campaign, audience.totalOre, audience.sendable);
    const rate = campaign.rate_per_second;
    const [ready] = await tx<CampaignRow[]>`
      update campaigns set template_snapshot = ${tx.json(audience.snapshot)}, reservation_id = ${reservationId}, started_at_ms = ${now},
        bucket_tokens = ${rate}, bucket_at_ms = ${now}
      where id = ${campaign.id} returning *`;
    return moveCampaign(tx, clock, ready!, { type: 'start', later: campaign.send_at_ms !== null && campaign.send_at_ms > now });
  });
}

// Reads the audience (one query, the suppression list with it), renders each contact's message, prices
// it and stores the recipients (a few large inserts).
async function storeAudience(tx: Tx, caller: KeyPrincipal, campaign: CampaignRow): Promise<AudienceTotal> {
  const side = campaignChannelFor(campaign.channel);
  const template = await findTemplate(tx, caller, campaign.template_id, 'templateId');
  const snapshot = { subject: template.subject, body: template.body, html: template.html };
  const compiled = compileTemplate({ channel: template.channel, ...snapshot });
  const prices = await priceListFor(tx, campaign.company_id);
  // The audience is sorted in memory (100,000 contacts need more than the default 4 MB, which sorts on disk).
  await tx`set local work_mem = '64MB'`;
  const addressColumn = campaign.channel === 'sms' ? tx`c.phone` : campaign.channel === 'email' ? tx`c.email` : tx`c.national_id`;
  const audience = await tx<AudienceRow[]>`
    select c.id, c.name, c.phone, c.email, c.national_id, c.external_ref, c.attributes,
           exists (select 1 from suppressions s where s.profile_id = c.profile_id and s.address = ${addressColumn}) as suppressed
    from contact_list_members m join contacts c on c.id = m.contact_id
    where m.list_id = ${campaign.list_id} and c.profile_id = ${campaign.profile_id} and c.mode = ${campaign.mode}
      and ${campaign.exclude_list_ids.length === 0 ? tx`true` : tx`not exists (
        select 1 from contact_list_members x where x.contact_id = c.id and x.list_id = any(${tx.array(campaign.exclude_list_ids)}::text[]))`}
    order by c.seq`;

  const recipients: NewRecipient[] = [];
  let totalOre = 0;
  let sendable = 0;
  let sliceStart = performance.now();
  for (const contact of audience) {
    // Rendering a large audience takes CPU: other requests of this process get their turn.
    if (performance.now() - sliceStart > RENDER_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
    const address = side.addressOf(contact);
    const skip = (reason: string): void => void recipients.push({ contactId: contact.id, address, state: 'skipped', skipReason: reason, content: null, priceOre: 0 });
    if (address === null) {
      skip('contact_address_missing');
      continue;
    }
    if (contact.suppressed) {
      skip('recipient_opted_out');
      continue;
    }
    let message: ReturnType<typeof side.message>;
    try {
      const scope = contactScope(contact);
      message = side.message(compiled.renderNow(scope) ?? (await renderOnce(compiled, scope)), prices, { sender: campaign.sender, address });
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
    sendable++;
    recipients.push({ contactId: contact.id, address, state: 'pending', skipReason: null, content: message.content, priceOre: message.priceOre });
  }
  if (sendable === 0) throw new SentralError('campaign_audience_empty');
  for (let i = 0; i < recipients.length; i += INSERT_CHUNK) await insertRecipients(tx, campaign.id, i, recipients.slice(i, i + INSERT_CHUNK));
  return { snapshot, totalOre, sendable };
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

// Recipient rows in audience order from position `first`: one multi-row insert of arrays. (COPY was no
// faster here, and the embedded PGlite of standalone mode cannot take COPY FROM STDIN.)
async function insertRecipients(tx: Tx, campaignId: string, first: number, chunk: readonly NewRecipient[]): Promise<void> {
  await tx`
      insert into campaign_recipients (campaign_id, position, contact_id, address, state, skip_reason, content, price_ore)
      select ${campaignId}, * from unnest(
        ${tx.array(chunk.map((_, k) => first + k))}::int[], ${tx.array(chunk.map((r) => r.contactId))}::text[],
        ${tx.array(chunk.map((r) => r.address))}::text[], ${tx.array(chunk.map((r) => r.state))}::text[],
        ${tx.array(chunk.map((r) => r.skipReason))}::text[], ${tx.array(chunk.map((r) => (r.content === null ? null : JSON.stringify(r.content))))}::jsonb[],
        ${tx.array(chunk.map((r) => r.priceOre))}::bigint[])`;
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
