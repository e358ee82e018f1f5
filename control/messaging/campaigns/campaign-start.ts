import { performance } from 'node:perf_hooks';
import type { Clock } from '../../../shared/clock/clock.js';
import type { Sql, Tx } from '../../../shared/db/database.js';
import { isSentralError, SentralError } from '../../../shared/errors/sentral-error.js';
import type { Metadata } from '../../../protocol/api/common.js';
import { profileRoom, reserve } from '../../billing/ledger.js';
import { priceListFor } from '../../billing/price-list.js';
import type { PriceList } from '../../../protocol/api/admin.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import { contactScope } from '../templates/template-preview.js';
import { compileTemplate, findTemplate, type CompiledTemplate, type RenderedParts } from '../templates/templates.js';
import type { TemplateScope } from '../templates/template-engine.js';
import { messageChannels } from '../channels/channel-registry.js';
import type { CampaignRules } from '../message-channel.js';
import { sqlRenderedText, storeSqlRenderedSms } from './sql-rendered-audience.js';
import { moveCampaign } from './campaign-control.js';
import { findCampaign, type CampaignRow } from './campaigns.js';

// Longest stretch of rendering (ms) before other requests of this process get a turn of the event loop.
const RENDER_SLICE_MS = 10;
// Recipient rows per insert.
const INSERT_CHUNK = 10_000;

/** A recipient as the start stores it. */
interface NewRecipient {
  position: number;
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
  address: string | null;
  suppressed: boolean;
}

/**
 * Starts a draft (POST …/start): renders the template for every contact of the list less the exclusions,
 * prices each message, reserves the whole audience at once (live keys) or refuses with the shortfall,
 * stores one recipient row per contact (suppressed ones and those the channel cannot reach skipped and
 * counted), and moves the campaign to scheduled or running with campaign.started, in one transaction on
 * the locked draft (storeAudience says how the audience is rendered and stored); the balance is reserved
 * last, so it is locked only for the end of the transaction.
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
// it and stores the recipients. An SMS campaign with a plain template is rendered, judged and stored by
// PostgreSQL in one statement (sql-rendered-audience.ts), JavaScript taking only the contacts that
// statement leaves to it; any other is rendered here and stored with a few large inserts.
async function storeAudience(tx: Tx, caller: KeyPrincipal, campaign: CampaignRow): Promise<AudienceTotal> {
  const side = messageChannels.get(campaign.channel).campaign;
  const template = await findTemplate(tx, caller, campaign.template_id, 'templateId');
  const snapshot = { subject: template.subject, body: template.body, html: template.html };
  const compiled = compileTemplate({ channel: template.channel, ...snapshot });
  const prices = await priceListFor(tx, campaign.company_id);
  // The audience is sorted in memory (100,000 contacts need more than the default 4 MB, which sorts on disk).
  await tx`set local work_mem = '64MB'`;
  const addressColumn = tx(`c.${side.addressColumn}`);
  const audience = {
    columns: tx`c.id, c.name, c.phone, c.email, c.national_id, c.external_ref, c.attributes, ${addressColumn} as address,
      exists (select 1 from suppressions s where s.profile_id = c.profile_id and s.address = ${addressColumn}) as suppressed`,
    from: tx`from contact_list_members m join contacts c on c.id = m.contact_id
      where m.list_id = ${campaign.list_id} and c.profile_id = ${campaign.profile_id} and c.mode = ${campaign.mode}
        and ${campaign.exclude_list_ids.length === 0 ? tx`true` : tx`not exists (
          select 1 from contact_list_members x where x.contact_id = c.id and x.list_id = any(${tx.array(campaign.exclude_list_ids)}::text[]))`}`,
  };
  const inSql = side.renderedInSql === true && compiled.plainBody !== null ? sqlRenderedText(tx, compiled.plainBody) : null;
  let contacts: Array<AudienceRow & { position: number }>;
  if (inSql !== null) {
    contacts = await storeSqlRenderedSms<AudienceRow>(tx, campaign.id, audience, inSql, prices.smsUnitOre);
  } else {
    const rows = await tx<AudienceRow[]>`select ${audience.columns} ${audience.from} order by c.seq`;
    contacts = rows.map((row, position) => Object.assign(row, { position }));
  }

  const recipients: NewRecipient[] = [];
  let sliceStart = performance.now();
  for (const contact of contacts) {
    // Rendering a large audience takes CPU: other requests of this process get their turn.
    if (performance.now() - sliceStart > RENDER_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
    recipients.push(await judged(contact, side, compiled, prices, campaign.sender));
  }
  for (let i = 0; i < recipients.length; i += INSERT_CHUNK) await insertRecipients(tx, campaign.id, recipients.slice(i, i + INSERT_CHUNK));
  const [total] = await tx<{ total_ore: string; sendable: number }[]>`
    select coalesce(sum(price_ore), 0) as total_ore, count(*) filter (where state = 'pending')::int as sendable
    from campaign_recipients where campaign_id = ${campaign.id}`;
  if (total!.sendable === 0) throw new SentralError('campaign_audience_empty');
  return { snapshot, totalOre: Number(total!.total_ore), sendable: total!.sendable };
}

// One contact's recipient: skipped with the reason, or its rendered message at its price.
async function judged(contact: AudienceRow & { position: number }, side: CampaignRules, compiled: CompiledTemplate, prices: PriceList, sender: string): Promise<NewRecipient> {
  const { position, address } = contact;
  const skip = (reason: string): NewRecipient => ({ position, contactId: contact.id, address, state: 'skipped', skipReason: reason, content: null, priceOre: 0 });
  if (address === null) return skip('contact_address_missing');
  if (contact.suppressed) return skip('recipient_opted_out');
  let message: ReturnType<typeof side.message>;
  try {
    const scope = contactScope(contact);
    message = side.message(compiled.renderNow(scope) ?? (await renderOnce(compiled, scope)), prices, { sender, address });
  } catch (err) {
    if (!isSentralError(err)) throw err;
    return skip(err.code);
  }
  if ('code' in message) return skip(message.code);
  return { position, contactId: contact.id, address, state: 'pending', skipReason: null, content: message.content, priceOre: message.priceOre };
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

// Recipient rows: one multi-row insert of arrays. (COPY was no faster here, and the embedded PGlite of
// standalone mode cannot take COPY FROM STDIN.)
async function insertRecipients(tx: Tx, campaignId: string, chunk: readonly NewRecipient[]): Promise<void> {
  await tx`
      insert into campaign_recipients (campaign_id, position, contact_id, address, state, skip_reason, content, price_ore)
      select ${campaignId}, * from unnest(
        ${tx.array(chunk.map((r) => r.position))}::int[], ${tx.array(chunk.map((r) => r.contactId))}::text[],
        ${tx.array(chunk.map((r) => r.address))}::text[], ${tx.array(chunk.map((r) => r.state))}::text[],
        ${tx.array(chunk.map((r) => r.skipReason))}::text[], ${tx.array(chunk.map((r) => (r.content === null ? null : JSON.stringify(r.content))))}::jsonb[],
        ${tx.array(chunk.map((r) => r.priceOre))}::bigint[])`;
}

// Reserves the audience's price, or refuses naming what it costs and how much is missing.
async function reserveAudience(tx: Tx, clock: Clock, campaign: CampaignRow, totalOre: number, messages: number): Promise<string> {
  try {
    const reservation = await reserve(tx, clock, { companyId: campaign.company_id, profileId: campaign.profile_id, service: messageChannels.get(campaign.channel).names.ledgerService, amountOre: totalOre, reference: campaign.id });
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
