import { emit, setup } from 'xstate';
import { stepStored } from '../../../shared/machines/machine-step.js';

/** Where a campaign stands (docs/campaigns.md). */
export type CampaignStatus = 'draft' | 'scheduled' | 'running' | 'paused' | 'completed' | 'canceled';

/** What can happen to a campaign. */
export type CampaignEvent =
  /** POST …/start: reserved and its recipients stored; `later` when sendAt is still ahead. */
  | { type: 'start'; later: boolean }
  /** sendAt came. */
  | { type: 'due' }
  | { type: 'pause' }
  /** POST …/resume; `later` when sendAt is still ahead. */
  | { type: 'resume'; later: boolean }
  | { type: 'cancel' }
  /** Every recipient was handed to the outbox (or skipped) and none of its messages can still draw money. */
  | { type: 'drained' }
  /** validUntil passed: what was not handed over will not be. */
  | { type: 'expired' };

/**
 * What the host does after a step, in order (the machine decides; the host does the I/O):
 * - skipPending: the recipients not handed over yet are skipped (canceled, or expired at validUntil);
 * - cancelQueued: the campaign's messages not yet taken by the sender are canceled;
 * - settle: once none of its messages can still draw money, the reservation's rest goes back (the host
 *   tries again later while some can);
 * - record: the campaign's event.
 */
export type CampaignEffect =
  | { type: 'skipPending'; reason: 'canceled' | 'expired' }
  | { type: 'cancelQueued' }
  | { type: 'record'; event: 'campaign.started' | 'campaign.completed' | 'campaign.canceled' }
  | { type: 'settle' };

/**
 * The lifecycle: draft → scheduled → running ⇄ paused → completed | canceled. Pure: `stepCampaign` gives
 * the next status and the effects it emitted, and the campaign's host carries them out in the transaction
 * that stores the status.
 */
export const campaignMachine = setup({
  types: { events: {} as CampaignEvent, emitted: {} as CampaignEffect },
  guards: { later: ({ event }) => (event.type === 'start' || event.type === 'resume') && event.later },
  actions: {
    skipCanceled: emit({ type: 'skipPending' as const, reason: 'canceled' as const }),
    skipExpired: emit({ type: 'skipPending' as const, reason: 'expired' as const }),
    cancelQueued: emit({ type: 'cancelQueued' as const }),
    started: emit({ type: 'record' as const, event: 'campaign.started' as const }),
    completed: emit({ type: 'record' as const, event: 'campaign.completed' as const }),
    canceled: emit({ type: 'record' as const, event: 'campaign.canceled' as const }),
    settle: emit({ type: 'settle' as const }),
  },
}).createMachine({
  id: 'campaign',
  initial: 'draft',
  states: {
    draft: {
      on: {
        start: [{ guard: 'later', target: 'scheduled', actions: 'started' }, { target: 'running', actions: 'started' }],
        cancel: { target: 'canceled', actions: 'canceled' },
      },
    },
    scheduled: {
      on: {
        due: 'running',
        pause: 'paused',
        cancel: { target: 'canceled', actions: ['skipCanceled', 'settle', 'canceled'] },
        expired: { target: 'completed', actions: ['skipExpired', 'settle', 'completed'] },
      },
    },
    running: {
      on: {
        pause: 'paused',
        cancel: { target: 'canceled', actions: ['skipCanceled', 'cancelQueued', 'settle', 'canceled'] },
        expired: { target: 'completed', actions: ['skipExpired', 'cancelQueued', 'settle', 'completed'] },
        drained: { target: 'completed', actions: ['settle', 'completed'] },
      },
    },
    paused: {
      on: {
        resume: [{ guard: 'later', target: 'scheduled' }, { target: 'running' }],
        cancel: { target: 'canceled', actions: ['skipCanceled', 'cancelQueued', 'settle', 'canceled'] },
        expired: { target: 'completed', actions: ['skipExpired', 'cancelQueued', 'settle', 'completed'] },
      },
    },
    completed: { type: 'final' },
    canceled: { type: 'final' },
  },
});

/** A step: the status after the event and the effects, or null when the event does not apply in `status`. */
export function stepCampaign(status: CampaignStatus, event: CampaignEvent): { status: CampaignStatus; effects: CampaignEffect[] } | null {
  const before = { state: status };
  const { record, effects } = stepStored<{ state: CampaignStatus }, CampaignEffect>(campaignMachine, before, event);
  return record === before ? null : { status: record.state, effects };
}
