import type { Services } from '../../../shared/services/services.js';
import type { Tx } from '../../../shared/db/database.js';
import type { Clock } from '../../../shared/clock/clock.js';
import { takeFromBucket } from '../../../shared/kv/token-bucket.js';
import { startClaimLoop, type ClaimLoop } from '../../../shared/work/claim-loop.js';
import { CAMPAIGN_RUNNER_WAKE_SUBJECT } from '../../../protocol/bus/bus-names.js';
import { derivedId } from '../../../shared/ids/derived-id.js';
import { wakeDispatcher } from '../../events/event-log.js';
import { acceptMessages, type NewMessage } from '../message-accept.js';
import { SentralError } from '../../../shared/errors/sentral-error.js';
import { wakeOutbox } from '../send-batcher.js';
import { messageChannels } from '../channels/channel-registry.js';
import type { MessageBlob } from '../message-channel.js';
import { claimMessages } from '../message-outbox.js';
import type { MessageRow } from '../message-row.js';
import type { OutboxSender } from '../outbox/outbox-sender.js';
import { moveCampaign, settleCampaign, SETTLE_POLL_MS } from './campaign-control.js';
import type { CampaignRow } from './campaigns.js';
import { quietUntil } from './quiet-hours.js';
import { reportCampaigns } from './campaign-metrics.js';

/** Options of the campaign runner (tests and benchmarks change them). */
export interface CampaignRunnerOptions {
  /** Campaigns worked on at once (default 4). */
  concurrency?: number;
  /** Most recipients handed to the outbox in one transaction (default 500). */
  batch?: number;
  /** How long a runner holds a campaign it works on before another may take it (default 30 s). */
  leaseMs?: number;
  /** The safety poll (default 5 s). */
  pollIntervalMs?: number;
  /**
   * The outbox sender of this process (the messaging role's): a step claims as many of its new messages as
   * the sender has free places for in the step's own transaction and hands them over once it commits (one
   * step); without it, or beyond those places, they wait `accepted` for an outbox's claim.
   */
  outbox?: Pick<OutboxSender, 'hold' | 'leaseMs'>;
}

/** A running campaign runner. */
export interface CampaignRunner {
  wake(): void;
  /** Resolves when no campaign is being claimed or worked on (tests, between clock moves). */
  whenIdle(): Promise<void>;
  stop(): Promise<void>;
}

interface PendingRecipient {
  position: number;
  contact_id: string;
  address: string;
  content: Record<string, unknown>;
  price_ore: number;
  suppressed: boolean;
}

/** What one step did: messages handed to the outbox and events recorded (to wake their consumers). */
interface StepResult {
  accepted: number;
  moved: boolean;
  /** Of the accepted, those claimed for this process's outbox in the step (handed to it after the commit). */
  claimed: MessageRow[];
}

/** Places of this process's outbox held for a step's messages: how many, and the lease a claim gives. */
interface OutboxPlaces {
  room: number;
  leaseMs: number;
}

const NOTHING: StepResult = { accepted: 0, moved: false, claimed: [] };

/**
 * Sends running campaigns (part of the messaging role): a claim loop over campaigns whose next run has
 * come. Each run is one transaction on the locked campaign: a scheduled campaign whose sendAt came starts
 * running; a running one hands the next recipients to the outbox as its token bucket allows (rate per
 * second, one second deep), nothing in quiet hours (it looks again when they end), nothing after
 * validUntil (the rest expires); when every recipient is handed over and its messages are past the point
 * of drawing money it completes and settles. A recipient's message id derives from campaign and contact,
 * so a run repeated after a crash accepts the same messages again, which acceptMessages returns unchanged.
 */
export async function startCampaignRunner(services: Services, options: CampaignRunnerOptions = {}): Promise<CampaignRunner> {
  const { sql, clock, log, bus } = services;
  const leaseMs = options.leaseMs ?? 30_000;
  const batch = options.batch ?? 500;

  const loop: ClaimLoop = await startClaimLoop<string>({
    name: 'campaign runner',
    clock,
    log,
    bus,
    wakeSubject: CAMPAIGN_RUNNER_WAKE_SUBJECT,
    concurrency: options.concurrency ?? 4,
    pollIntervalMs: options.pollIntervalMs ?? 5_000,
    async claim(room, now, held) {
      const rows = await sql<{ id: string }[]>`
        update campaigns set next_run_at_ms = ${now + leaseMs}
        where id in (select id from campaigns where next_run_at_ms <= ${now} and not (id = any(${sql.array([...held])}::text[]))
                     order by next_run_at_ms limit ${room} for update skip locked)
        returning id`;
      return rows.map((r) => r.id);
    },
    idOf: (id) => id,
    async run(id) {
      const places = await options.outbox?.hold(batch);
      let claimed: MessageRow[] = [];
      try {
        const result = await sql.begin((tx) => stepCampaignRun(tx, clock, id, batch, places ? { room: places.count, leaseMs: options.outbox!.leaseMs } : null));
        claimed = result.claimed;
        if (result.accepted > claimed.length) await wakeOutbox(services).catch(() => undefined);
        if (result.accepted > 0 || result.moved) await wakeDispatcher(bus).catch(() => undefined);
      } finally {
        // Only after the commit: a message is handed to a carrier once its claim is durable.
        places?.fill(claimed);
      }
    },
    async nextDueAt() {
      const [row] = await sql<{ next: number | null }[]>`select min(next_run_at_ms) as next from campaigns where next_run_at_ms is not null`;
      return row?.next ?? null;
    },
  });
  const queue = reportCampaigns(services.metrics, sql, clock, log);
  return {
    wake: () => loop.wake(),
    whenIdle: () => loop.whenIdle(),
    stop: () => {
      queue.remove();
      return loop.stop();
    },
  };
}

/** Tells the campaign runners a campaign may be due now (after the transaction that started or resumed it commits). */
export async function wakeCampaignRunners(services: Pick<Services, 'bus'>): Promise<void> {
  await services.bus.notify(CAMPAIGN_RUNNER_WAKE_SUBJECT, new Uint8Array(0));
}

async function stepCampaignRun(tx: Tx, clock: Clock, id: string, batch: number, places: OutboxPlaces | null): Promise<StepResult> {
  const [row] = await tx<CampaignRow[]>`select * from campaigns where id = ${id} for update`;
  if (!row) return NOTHING;
  const now = clock.now();
  const later = async (at: number | null): Promise<StepResult> => {
    await tx`update campaigns set next_run_at_ms = ${at} where id = ${id}`;
    return NOTHING;
  };
  switch (row.status) {
    case 'scheduled':
      if (row.valid_until_ms !== null && now >= row.valid_until_ms) {
        await moveCampaign(tx, clock, row, { type: 'expired' });
        return { ...NOTHING, moved: true };
      }
      if (row.send_at_ms !== null && now < row.send_at_ms) return later(row.send_at_ms);
      return { ...(await handOver(tx, clock, await moveCampaign(tx, clock, row, { type: 'due' }), batch, places)), moved: true };
    case 'running':
      return handOver(tx, clock, row, batch, places);
    case 'completed':
    case 'canceled':
      await settleCampaign(tx, clock, row);
      return NOTHING;
    default:
      // draft and paused wait for the API; a stale next run time is cleared.
      return later(null);
  }
}

// One step of a running campaign, on its locked row.
async function handOver(tx: Tx, clock: Clock, campaign: CampaignRow, batch: number, places: OutboxPlaces | null): Promise<StepResult> {
  const id = campaign.id;
  const now = clock.now();
  if (campaign.valid_until_ms !== null && now >= campaign.valid_until_ms) {
    await moveCampaign(tx, clock, campaign, { type: 'expired' });
    return { ...NOTHING, moved: true };
  }
  if (campaign.quiet_start_minute !== null && campaign.quiet_end_minute !== null) {
    const until = quietUntil(now, { startMinute: campaign.quiet_start_minute, endMinute: campaign.quiet_end_minute });
    if (until !== null) {
      await tx`update campaigns set next_run_at_ms = ${until} where id = ${id}`;
      return NOTHING;
    }
  }
  const bucket = { capacity: campaign.rate_per_second, refillPerSecond: campaign.rate_per_second };
  const filled = takeFromBucket({ tokens: campaign.bucket_tokens, at: campaign.bucket_at_ms ?? now }, bucket, 0, now).state;
  const room = Math.min(batch, Math.floor(filled.tokens + 1e-9));
  const pending = room === 0 ? [] : await tx<PendingRecipient[]>`
    select r.position, r.contact_id, r.address, r.content, r.price_ore,
           exists (select 1 from suppressions s where s.profile_id = ${campaign.profile_id} and s.address = r.address) as suppressed
    from campaign_recipients r where r.campaign_id = ${id} and r.state = 'pending'
    order by r.position limit ${room}`;

  const channel = messageChannels.get(campaign.channel);
  const side = channel.campaign;
  const validUntilMs = campaign.valid_until_ms ?? now + side.defaultValidityMs;
  const optedOut: number[] = [];
  const handed: Array<{ position: number; message: NewMessage; blobs: MessageBlob[] }> = [];
  for (const r of pending) {
    // Opted out since the start (a STOP, a bounce): skipped now, its price goes back when the campaign settles.
    if (r.suppressed) {
      optedOut.push(r.position);
      continue;
    }
    const messageId = derivedId(channel.names.idPrefix, campaign.id, r.contact_id);
    const prepared = side.prepare ? await side.prepare(r.content, now) : { content: r.content, blobs: [] };
    handed.push({
      position: r.position,
      blobs: prepared.blobs,
      message: {
        id: messageId,
        companyId: campaign.company_id,
        profileId: campaign.profile_id,
        mode: campaign.mode,
        from: side.fromAddress(campaign.sender),
        to: side.toAddress(r.address),
        content: prepared.content,
        priceOre: Number(r.price_ore),
        sendAtMs: null,
        validUntilMs,
        externalRef: null,
        metadata: campaign.metadata,
        campaign: { id: campaign.id, reservationId: campaign.reservation_id },
      },
    });
  }
  // The step's messages in one go (one read of those stored already, one insert of the rows and one of their events).
  const outcomes = await acceptMessages(tx, clock, channel, handed.map((h) => h.message));
  const blobs = handed.flatMap((h, i) => {
    const outcome = outcomes[i]!;
    if (outcome instanceof SentralError) throw outcome;
    return outcome.created ? h.blobs.map((b) => ({ message_id: h.message.id, name: b.name, content_type: b.contentType, body: b.body })) : [];
  });
  if (blobs.length > 0) await tx`insert into message_blobs ${tx(blobs)}`;
  // As many as this process's outbox has places for are claimed for it here (one step, not a second
  // hand-over through the outbox's own claim); the others wait `accepted` for an outbox. The lease runs
  // from the claim, as the outbox's own does, not from the start of a step that may have been slow.
  const fresh = outcomes.flatMap((o) => (o instanceof SentralError || !o.created || o.row.state !== channel.transitions.initial ? [] : [o.row]));
  const claimed = places === null || places.room === 0 || fresh.length === 0 ? []
    : await claimMessages(tx, clock, new Map([[channel.name, channel]]), fresh.slice(0, places.room), clock.now() + places.leaseMs);
  if (handed.length > 0) {
    await tx`
      update campaign_recipients r set state = 'queued', message_id = q.message_id
      from (select unnest(${tx.array(handed.map((h) => h.position))}::int[]) as position,
                   unnest(${tx.array(handed.map((h) => h.message.id))}::text[]) as message_id) q
      where r.campaign_id = ${id} and r.position = q.position`;
  }
  if (optedOut.length > 0) {
    await tx`update campaign_recipients set state = 'skipped', skip_reason = 'recipient_opted_out'
             where campaign_id = ${id} and position = any(${tx.array(optedOut)}::int[])`;
  }
  const tokens = filled.tokens - handed.length;

  if (pending.length < room || room === 0) {
    const [left] = await tx<{ n: number }[]>`select count(*)::int as n from campaign_recipients where campaign_id = ${id} and state = 'pending'`;
    if (left!.n === 0) {
      const [inFlight] = await tx<{ n: number }[]>`select count(*)::int as n from messages where campaign_id = ${id} and state in ('scheduled', 'accepted', 'sending')`;
      if (inFlight!.n === 0) {
        const done = await moveCampaign(tx, clock, { ...campaign, bucket_tokens: tokens }, { type: 'drained' });
        return { accepted: handed.length, moved: done.status === 'completed', claimed };
      }
      // Everyone is handed over; the last messages are with the sender: look again shortly.
      await tx`update campaigns set bucket_tokens = ${tokens}, bucket_at_ms = ${now}, next_run_at_ms = ${now + SETTLE_POLL_MS} where id = ${id}`;
      return { accepted: handed.length, moved: false, claimed };
    }
  }
  // The next chunk: a tenth of a second's worth (at least one), so a slow rate is not one transaction per message.
  const chunk = Math.max(1, Math.min(batch, Math.ceil(campaign.rate_per_second / 10)));
  const wait = tokens >= chunk ? 0 : Math.ceil(((chunk - tokens) * 1000) / campaign.rate_per_second);
  await tx`update campaigns set bucket_tokens = ${tokens}, bucket_at_ms = ${now}, next_run_at_ms = ${now + wait} where id = ${id}`;
  return { accepted: handed.length, moved: false, claimed };
}
