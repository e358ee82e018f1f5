import type { Bus, Subscription } from '../bus/bus.js';
import type { Clock, Timer } from '../clock/clock.js';
import type { Logger } from '../log/log.js';

/** What a claim loop claims and runs; the loop itself only decides when to claim. */
export interface ClaimLoopOptions<T> {
  /** Names the loop in its log lines. */
  name: string;
  clock: Clock;
  log: Logger;
  bus: Bus;
  /** Bus subject whose notifications mean "work may be due now". */
  wakeSubject: string;
  /** Items run at once (at most). */
  concurrency: number;
  /** The safety poll for work nobody woke the loop for. */
  pollIntervalMs: number;
  /**
   * While runs are in flight, claim only once at least this many slots are free (default 1): each claim
   * then takes a batch instead of one item per finished run; the runs in flight wake the loop as they end.
   */
  minClaim?: number;
  /** Claims up to `room` due items, leaving out `held` (ids this loop is running, even if their lease ran out). */
  claim(room: number, now: number, held: ReadonlySet<string>): Promise<T[]>;
  /** The id of an item. */
  idOf(item: T): string;
  /** Runs one claimed item; a rejection is logged (the item's lease brings it back). */
  run(item: T): Promise<void>;
  /** The earliest time an item becomes claimable (null: none pending); without it the loop polls. */
  nextDueAt?(): Promise<number | null>;
}

/** Slots of a claim loop held for items claimed elsewhere (in another part's transaction). */
export interface HeldSlots<T> {
  /** How many slots are held (0 when the loop has no room). */
  readonly count: number;
  /** Runs these items (at most `count`, claimed and committed) in the held slots and frees the rest; call once. */
  fill(items: readonly T[]): void;
}

/** A running claim loop. */
export interface ClaimLoop<T = unknown> {
  /** Looks for due items now (what a bus wake-up does). */
  wake(): void;
  /**
   * Holds up to `max` free slots for items another part claims in its own transaction (a campaign step
   * handing its messages straight to the outbox): the loop does not claim into them until they are filled.
   * Resolves once no claim of the loop's own is under way (it may fill every free slot).
   */
  hold(max: number): Promise<HeldSlots<T>>;
  /** Resolves when nothing is being claimed or run (tests use it between clock moves). */
  whenIdle(): Promise<void>;
  /** Stops claiming, waits for the items in flight, and unsubscribes. */
  stop(): Promise<void>;
}

// Delay before looking again when due items exist that this loop could not claim (locked by another
// loop's claim at that moment): avoids spinning on them.
const MIN_REARM_MS = 250;

/**
 * The wake/pump/arm loop shared by the queues kept in PostgreSQL (webhook deliveries, transcription jobs,
 * the messaging outbox): claim on a bus subject, when a run finishes, at the next due time and on a slow
 * poll, with at most `concurrency` runs in flight.
 */
export async function startClaimLoop<T>(options: ClaimLoopOptions<T>): Promise<ClaimLoop<T>> {
  const { clock, log, concurrency, pollIntervalMs } = options;
  const minClaim = Math.min(concurrency, Math.max(1, options.minClaim ?? 1));
  let stopped = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  let timer: Timer | undefined;
  const inFlight = new Set<Promise<void>>();
  const held = new Set<string>();
  // Slots held for items claimed elsewhere, not yet filled.
  let reserved = 0;
  // The pump's claim under way (it may fill every free slot).
  let claiming: Promise<T[]> | null = null;
  let idleWaiters: (() => void)[] = [];

  const notifyIdle = (): void => {
    if (pumping || inFlight.size > 0 || reserved > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  const wake = (): void => {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pump().finally(() => {
      pumping = null;
      if (again && !stopped) wake();
      else notifyIdle();
    });
  };

  async function pump(): Promise<void> {
    try {
      do {
        again = false;
        const room = concurrency - inFlight.size - reserved;
        const busy = inFlight.size + reserved;
        if (room <= 0 || (busy > 0 && room < minClaim)) break;
        // The room being claimed is taken until the claim returns: a hold waits for it rather than count it
        // free (with both, a campaign step and the outbox's claim once had 76 messages in flight for 64 places).
        const claim = options.claim(room, clock.now(), held);
        claiming = claim;
        let claimed: T[];
        try {
          claimed = await claim;
        } finally {
          claiming = null;
        }
        for (const item of claimed) start(item);
        if (claimed.length === room) again = true;
      } while (again && !stopped);
      if (!stopped) await arm();
    } catch (err) {
      log.error({ err }, `${options.name}: could not claim`);
      await arm(clock.now() + pollIntervalMs);
    }
  }

  function start(item: T): void {
    const id = options.idOf(item);
    held.add(id);
    const run: Promise<void> = options.run(item)
      .catch((err: unknown) => log.error({ err, id }, `${options.name}: a run failed; its lease brings it back`))
      .finally(() => {
        held.delete(id);
        inFlight.delete(run);
        wake();
      });
    inFlight.add(run);
  }

  // The next wake-up: the earliest time an item becomes claimable, capped by the safety poll. While runs
  // are in flight their completions wake the loop, so the query runs only when idle.
  async function arm(at?: number): Promise<void> {
    const now = clock.now();
    let wakeAt = at ?? now + pollIntervalMs;
    if (at === undefined && inFlight.size === 0 && options.nextDueAt) {
      const next = await options.nextDueAt();
      if (next !== null) wakeAt = Math.min(wakeAt, Math.max(next, now + MIN_REARM_MS));
    }
    if (stopped) return;
    timer?.cancel();
    timer = clock.setTimerAt(wakeAt, wake);
  }

  const subscription: Subscription = await options.bus.subscribe(options.wakeSubject, () => wake());
  wake();

  async function hold(max: number): Promise<HeldSlots<T>> {
    // The pump's continuation runs before this one's, so a claim it starts right after is seen here too.
    while (claiming) await claiming.catch(() => undefined);
    const count = stopped ? 0 : Math.max(0, Math.min(max, concurrency - inFlight.size - reserved));
    reserved += count;
    let filled = false;
    return {
      count,
      fill(items) {
        if (filled) throw new Error('held slots filled twice');
        if (items.length > count) throw new Error(`${items.length} items for ${count} held slots`);
        filled = true;
        reserved -= count;
        for (const item of items) start(item);
        // Slots left unfilled are the loop's again.
        if (items.length < count) wake();
        else notifyIdle();
      },
    };
  }

  return {
    wake,
    hold,
    whenIdle() {
      if (!pumping && inFlight.size === 0 && reserved === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    async stop() {
      stopped = true;
      timer?.cancel();
      await subscription.stop();
      await pumping;
      await Promise.allSettled([...inFlight]);
      notifyIdle();
    },
  };
}
