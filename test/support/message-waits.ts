import type { Bus } from '../../shared/bus/bus.js';
import type { Sql } from '../../shared/db/database.js';
import { DISPATCHER_WAKE_SUBJECT } from '../../protocol/bus/bus-names.js';

/**
 * Waits on messages' states as the messaging role moves them: every recorded event wakes the event
 * dispatcher over the bus, and each wake looks again, so a test awaits the move instead of sleeping.
 */
export class MessageWaits {
  private readonly wakes = new Set<() => void>();

  constructor(private readonly sql: Sql) {}

  /** Looks again on every dispatcher wake of `bus` (each API instance of a test has its own). */
  async listen(bus: Bus): Promise<void> {
    await bus.subscribe(DISPATCHER_WAKE_SUBJECT, () => {
      for (const wake of [...this.wakes]) wake();
    });
  }

  /** Resolves once `check` holds; fails after `withinMs` naming `what` and what `detail` says. */
  async until(check: () => Promise<boolean>, what: string, detail: () => Promise<string>, withinMs = 20_000): Promise<void> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const woke = new Promise<void>((resolve) => {
        const wake = (): void => {
          this.wakes.delete(wake);
          clearTimeout(guard);
          resolve();
        };
        const guard = setTimeout(wake, Math.max(0, deadline - Date.now()));
        this.wakes.add(wake);
      });
      if (await check()) return;
      if (Date.now() > deadline) throw new Error(`${what} not met within ${withinMs} ms; ${await detail()}`);
      await woke;
    }
  }

  /** Resolves once the message's status events are `states` (in order, and no more yet). */
  async states(id: string, states: string[], withinMs?: number): Promise<void> {
    await this.until(async () => JSON.stringify(await this.statesOf(id)) === JSON.stringify(states), `${id} states ${states.join(' → ')}`, async () => `they are ${(await this.statesOf(id)).join(' → ')}`, withinMs);
  }

  /** Resolves once the message is in `state`. */
  async state(id: string, state: string, withinMs?: number): Promise<void> {
    const row = async () => (await this.sql<{ state: string; error_code: string | null; error_desc: string | null }[]>`select state, error_code, error_desc from messages where id = ${id}`)[0];
    await this.until(async () => (await row())?.state === state, `${id} in ${state}`, async () => `it is ${JSON.stringify(await row())}`, withinMs);
  }

  /** The states of a message's status events, in order. */
  async statesOf(id: string): Promise<string[]> {
    const rows = await this.sql<{ body: string }[]>`select body from events where object_id = ${id} and type like '%.status' order by seq`;
    return rows.map((r) => (JSON.parse(r.body) as { data: { state: string } }).data.state);
  }
}

