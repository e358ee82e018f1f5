import type { Clock } from '../../../shared/clock/clock.js';
import type { Tx } from '../../../shared/db/database.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import type { CampaignEventData } from '../../../protocol/messaging/campaign.js';
import { release } from '../../billing/ledger.js';
import { recordEvent } from '../../events/event-log.js';
import { applyMessageEvent } from '../message-moves.js';
import type { KeyPrincipal } from '../../accounts/principal.js';
import { stepCampaign, type CampaignEffect, type CampaignEvent } from './campaign-machine.js';
import { messageChannels } from '../channels/channel-registry.js';
import { campaignCounts, campaignMoney, findCampaign, type CampaignRow } from './campaigns.js';

/** How often a campaign whose messages are still with the sender looks again whether it can settle. */
export const SETTLE_POLL_MS = 1_000;

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
      const channel = messageChannels.get(row.channel);
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
  const data: CampaignEventData = { campaignId: row.id, state: row.status, counts: await campaignCounts(tx, row.id), money: await campaignMoney(tx, row.reservation_id), mode: row.mode, profileId: row.profile_id };
  await recordEvent(tx, clock, { companyId: row.company_id, profileId: row.profile_id, mode: row.mode, type, data: { ...data }, objectId: row.id });
}

/** Pause, resume or cancel (the API's moves) on a campaign the caller can see, in one transaction. */
export async function controlCampaign(tx: Tx, clock: Clock, caller: KeyPrincipal, id: string, action: 'pause' | 'resume' | 'cancel'): Promise<CampaignRow> {
  const found = await findCampaign(tx, caller, id);
  const [row] = await tx<CampaignRow[]>`select * from campaigns where id = ${found.id} for update`;
  const now = clock.now();
  const event: CampaignEvent = action === 'resume' ? { type: 'resume', later: row!.send_at_ms !== null && row!.send_at_ms > now } : { type: action };
  return moveCampaign(tx, clock, row!, event);
}
