import { describe, expect, it } from 'vitest';
import { stepCampaign, type CampaignEvent, type CampaignStatus } from '../../control/messaging/campaigns/campaign-machine.js';
import { minuteOfDay, quietUntil } from '../../control/messaging/campaigns/quiet-hours.js';

describe('campaign lifecycle', () => {
  it('starts now or later, pauses and resumes, completes when drained, with its effects as data', () => {
    expect(stepCampaign('draft', { type: 'start', later: false })).toEqual({ status: 'running', effects: [{ type: 'record', event: 'campaign.started' }] });
    expect(stepCampaign('draft', { type: 'start', later: true })?.status).toBe('scheduled');
    expect(stepCampaign('scheduled', { type: 'due' })).toEqual({ status: 'running', effects: [] });
    expect(stepCampaign('running', { type: 'pause' })).toEqual({ status: 'paused', effects: [] });
    expect(stepCampaign('paused', { type: 'resume', later: false })?.status).toBe('running');
    expect(stepCampaign('paused', { type: 'resume', later: true })?.status).toBe('scheduled');
    expect(stepCampaign('running', { type: 'drained' })).toEqual({
      status: 'completed',
      effects: [{ type: 'settle' }, { type: 'record', event: 'campaign.completed' }],
    });
  });

  it('cancel skips what was not handed over, cancels what the sender has not taken, and settles the money', () => {
    for (const from of ['running', 'paused'] as const) {
      expect(stepCampaign(from, { type: 'cancel' })).toEqual({
        status: 'canceled',
        effects: [{ type: 'skipPending', reason: 'canceled' }, { type: 'cancelQueued' }, { type: 'settle' }, { type: 'record', event: 'campaign.canceled' }],
      });
    }
    expect(stepCampaign('draft', { type: 'cancel' })).toEqual({ status: 'canceled', effects: [{ type: 'record', event: 'campaign.canceled' }] });
    expect(stepCampaign('running', { type: 'expired' })?.effects[0]).toEqual({ type: 'skipPending', reason: 'expired' });
  });

  it('refuses what a status does not allow, and final states stay final', () => {
    const refused: Array<[CampaignStatus, CampaignEvent]> = [
      ['draft', { type: 'pause' }],
      ['draft', { type: 'drained' }],
      ['running', { type: 'start', later: false }],
      ['running', { type: 'resume', later: false }],
      ['paused', { type: 'pause' }],
      ['paused', { type: 'drained' }],
      ['scheduled', { type: 'drained' }],
    ];
    for (const [status, event] of refused) expect(stepCampaign(status, event), `${status} ${event.type}`).toBeNull();
    const events: CampaignEvent[] = [{ type: 'start', later: false }, { type: 'due' }, { type: 'pause' }, { type: 'resume', later: false }, { type: 'cancel' }, { type: 'drained' }, { type: 'expired' }];
    for (const final of ['completed', 'canceled'] as const) for (const e of events) expect(stepCampaign(final, e)).toBeNull();
  });
});

describe('quiet hours in Europe/Oslo', () => {
  const quiet = { startMinute: minuteOfDay('21:00')!, endMinute: minuteOfDay('08:00')! };

  it('is quiet from 21:00 to 08:00 Oslo time and ends at 08:00 the next morning', () => {
    // 15 March 2026 is winter time (UTC+1): 20:59 Oslo is 19:59 UTC.
    expect(quietUntil(Date.UTC(2026, 2, 15, 19, 59), quiet)).toBeNull();
    expect(quietUntil(Date.UTC(2026, 2, 15, 20, 0), quiet)).toBe(Date.UTC(2026, 2, 16, 7, 0));
    expect(quietUntil(Date.UTC(2026, 2, 16, 6, 59, 59), quiet)).toBe(Date.UTC(2026, 2, 16, 7, 0));
    expect(quietUntil(Date.UTC(2026, 2, 16, 7, 0), quiet)).toBeNull();
    // Summer time (UTC+2).
    expect(quietUntil(Date.UTC(2026, 5, 1, 19, 30), quiet)).toBe(Date.UTC(2026, 5, 2, 6, 0));
  });

  it('follows the clocks over a daylight saving change (29 March 2026: 02:00 becomes 03:00)', () => {
    // 22:00 Oslo on 28 March (UTC+1) to 08:00 Oslo on 29 March (UTC+2): nine hours of UTC, not ten.
    expect(quietUntil(Date.UTC(2026, 2, 28, 21, 0), quiet)).toBe(Date.UTC(2026, 2, 29, 6, 0));
  });

  it('handles a window within one day, and an empty one', () => {
    const lunch = { startMinute: minuteOfDay('11:30')!, endMinute: minuteOfDay('12:15')! };
    expect(quietUntil(Date.UTC(2026, 2, 15, 10, 45), lunch)).toBe(Date.UTC(2026, 2, 15, 11, 15));
    expect(quietUntil(Date.UTC(2026, 2, 15, 11, 15), lunch)).toBeNull();
    expect(quietUntil(Date.UTC(2026, 2, 15, 11, 0), { startMinute: 600, endMinute: 600 })).toBeNull();
    expect(minuteOfDay('24:00')).toBeNull();
  });
});
