import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
// Recipient rows per chunk written to COPY.
const COPY_CHUNK = 2000;
// A draft changed while its audience was rendered is rendered again, this many times at most.
const START_TRIES = 3;

/** A recipient as the start stores it. */
interface NewRecipient {
  contactId: string;
  address: string | null;
  state: 'pending' | 'skipped';
  skipReason: string | null;
  content: Record<string, unknown> | null;
  priceOre: number;
}

/** The audience rendered and priced: what the start's transaction stores and reserves. */
interface AudiencePlan {
  snapshot: { subject: string | null; body: string | null; html: string | null };
  recipients: NewRecipient[];
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
 * counted), and moves the campaign to scheduled or running with campaign.started. The audience is read,
 * rendered and priced before the transaction (seconds of CPU for a large one, holding no lock); the
 * transaction stores the recipients with one COPY and then reserves, so the balance is locked only at the
 * end. A draft changed meanwhile (PATCH) is rendered again.
 */
export async function startCampaign(sql: Sql, clock: Clock, caller: KeyPrincipal, id: string): Promise<CampaignRow> {
  for (let tries = 1; ; tries++) {
    const draft = await findCampaign(sql, caller, id);
    if (draft.status !== 'draft') throw new SentralError('campaign_state_invalid', { message: `The campaign is ${draft.status}; only a draft can start.` });
    const plan = await planAudience(sql, caller, draft);
    const started = await sql.begin(async (tx) => {
      const [row] = await tx<CampaignRow[]>`select * from campaigns where id = ${draft.id} for update`;
      const campaign = row!;
      if (campaign.status !== 'draft') throw new SentralError('campaign_state_invalid', { message: `The campaign is ${campaign.status}; only a draft can start.` });
      if (Number(campaign.updated_at_ms) !== Number(draft.updated_at_ms)) return null;
      return storeStart(tx, clock, campaign, plan);
    });
    if (started !== null) return started;
    if (tries >= START_TRIES) throw new SentralError('conflict', { message: 'The campaign kept changing while it was starting; start it again.' });
  }
}

// Reads the audience (one query, the suppression list with it), renders each contact's message and prices it.
async function planAudience(sql: Sql, caller: KeyPrincipal, campaign: CampaignRow): Promise<AudiencePlan> {
  const side = campaignChannelFor(campaign.channel);
  const template = await findTemplate(sql, caller, campaign.template_id, 'templateId');
  const snapshot = { subject: template.subject, body: template.body, html: template.html };
  const compiled = compileTemplate({ channel: template.channel, ...snapshot });
  const prices = await priceListFor(sql, campaign.company_id);
  const addressColumn = campaign.channel === 'sms' ? sql`c.phone` : campaign.channel === 'email' ? sql`c.email` : sql`c.national_id`;
  const audience = await sql<AudienceRow[]>`
    select c.id, c.name, c.phone, c.email, c.national_id, c.external_ref, c.attributes,
           exists (select 1 from suppressions s where s.profile_id = c.profile_id and s.address = ${addressColumn}) as suppressed
    from contact_list_members m join contacts c on c.id = m.contact_id
    where m.list_id = ${campaign.list_id} and c.profile_id = ${campaign.profile_id} and c.mode = ${campaign.mode}
      and not exists (select 1 from contact_list_members x where x.contact_id = c.id and x.list_id = any(${sql.array(campaign.exclude_list_ids)}::text[]))
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
  return { snapshot, recipients, totalOre, sendable };
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

// In the start's transaction, on the locked draft: the recipients, the reservation, the move to scheduled or running.
async function storeStart(tx: Tx, clock: Clock, campaign: CampaignRow, plan: AudiencePlan): Promise<CampaignRow> {
  const now = clock.now();
  if (campaign.valid_until_ms !== null && campaign.valid_until_ms <= now) throw new SentralError('campaign_validity_passed', { param: 'validUntil' });
  await copyRecipients(tx, campaign.id, plan.recipients);
  // Reserved last: the balance and the profile's limit stay locked only for the end of the transaction.
  let reservationId: string | null = null;
  if (campaign.mode === 'live' && plan.totalOre > 0) reservationId = await reserveAudience(tx, clock, campaign, plan.totalOre, plan.sendable);
  const rate = campaign.rate_per_second;
  const [ready] = await tx<CampaignRow[]>`
    update campaigns set template_snapshot = ${tx.json(plan.snapshot)}, reservation_id = ${reservationId}, started_at_ms = ${now},
      bucket_tokens = ${rate}, bucket_at_ms = ${now}
    where id = ${campaign.id} returning *`;
  return moveCampaign(tx, clock, ready!, { type: 'start', later: campaign.send_at_ms !== null && campaign.send_at_ms > now });
}

// The recipient rows in one COPY (text format), in audience order (their position).
async function copyRecipients(tx: Tx, campaignId: string, recipients: readonly NewRecipient[]): Promise<void> {
  const campaign = copyField(campaignId);
  function* lines(): Generator<string> {
    for (let i = 0; i < recipients.length; i += COPY_CHUNK) {
      let chunk = '';
      for (let k = i; k < Math.min(i + COPY_CHUNK, recipients.length); k++) {
        const r = recipients[k]!;
        const content = r.content === null ? null : JSON.stringify(r.content);
        chunk += `${campaign}\t${k}\t${copyField(r.contactId)}\t${copyField(r.address)}\t${r.state}\t${copyField(r.skipReason)}\t${copyField(content)}\t${r.priceOre}\n`;
      }
      yield chunk;
    }
  }
  const writable = await tx`
    copy campaign_recipients (campaign_id, position, contact_id, address, state, skip_reason, content, price_ore) from stdin`.writable();
  await pipeline(Readable.from(lines()), writable);
}

// A value in COPY's text format: \N for null; backslash, tab, line feed and carriage return escaped.
function copyField(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
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
