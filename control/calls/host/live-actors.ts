/** A partition's call actors in memory, by call id: how they are made, restored and put back. */
import { createActor, type AnyActor, type AnyStateMachine } from 'xstate';
import type { Logger } from '../../../shared/log/log.js';
import type { ActorStatus, StoredActor } from './actor-store.js';
import type { Decision, LiveActor } from './decision.js';
import type { DurableTimers } from './durable-timers.js';

/** The machines a host can run, by kind (the `kind` of `actor.create`). */
export type MachineRegistry = Readonly<Record<string, AnyStateMachine>>;

/** The live actors of one partition. */
export class LiveActors extends Map<string, LiveActor> {
  constructor(private readonly machines: MachineRegistry) {
    super();
  }

  /** The machine of `kind`, if one is registered. */
  machine(kind: string): AnyStateMachine | undefined {
    return Object.hasOwn(this.machines, kind) ? this.machines[kind] : undefined;
  }

  /** Loads stored actors (those whose machine is unknown or whose snapshot fails stay unloaded, logged). */
  restore(stored: readonly StoredActor[], log: Logger, partition: number): void {
    for (const { callId, kind, snapshot } of stored) {
      const machine = this.machine(kind);
      if (!machine) {
        log.error({ callId, kind, partition }, 'no machine of this kind is registered; the actor stays unloaded');
        continue;
      }
      const live = this.spawn(kind, machine, { snapshot });
      if (live.failure !== undefined) {
        log.error({ err: live.failure, callId, partition }, 'actor could not be restored from its snapshot');
        continue;
      }
      live.committed = snapshot;
      this.set(callId, live);
    }
  }

  /** Replaces the call's actor with the stored one (none when it is not active or cannot be restored); true when live. */
  reload(callId: string, stored: (StoredActor & { status: ActorStatus }) | null): boolean {
    this.get(callId)?.actor.stop();
    this.delete(callId);
    const machine = stored?.status === 'active' ? this.machine(stored.kind) : undefined;
    if (!stored || !machine) return false;
    const live = this.spawn(stored.kind, machine, { snapshot: stored.snapshot });
    if (live.failure !== undefined) return false;
    live.committed = stored.snapshot;
    this.set(callId, live);
    return true;
  }

  /** Puts an actor back to its last committed snapshot (or, `forget`, drops it: never committed, or stopping). */
  rollback(callId: string, live: LiveActor, forget: boolean): void {
    live.actor.stop();
    if (forget) return;
    const restored = this.spawn(live.kind, this.machines[live.kind] as AnyStateMachine, { snapshot: live.committed });
    restored.committed = live.committed;
    this.set(callId, restored);
  }

  /** Puts the call's actor, if in memory, back to its last committed snapshot (`stopping`: drops it); the kind of the actor then in memory. */
  restoreCommitted(callId: string, stopping: boolean): string | undefined {
    const live = this.get(callId);
    if (live) this.rollback(callId, live, stopping);
    return this.get(callId)?.kind;
  }

  /** After a commit: the actors in memory and the armed timers follow what was written (`stopping`: nothing is kept). */
  follow(decision: Decision, timers: DurableTimers, stopping: boolean): void {
    const { change, entry, callId } = decision;
    if (!change) return;
    if (stopping) {
      if (change.created) change.live.actor.stop();
      return;
    }
    change.live.committed = change.snapshot;
    if (change.created) this.set(callId, change.live);
    if (entry.timer) timers.cancel(callId, entry.timer.timerId);
    if (change.status !== 'active') {
      change.live.actor.stop();
      this.delete(callId);
      timers.cancelCall(callId);
      return;
    }
    for (const op of change.effects.timerOps) {
      if (op.op === 'set') timers.arm({ callId, ...op.timer });
      else timers.cancel(callId, op.timerId);
    }
  }

  /** Stops every actor and forgets them. */
  stopAll(): void {
    for (const live of this.values()) live.actor.stop();
    this.clear();
  }

  /** Starts an actor of `kind` from a snapshot or, new, from its input; what it emits is collected. */
  spawn(kind: string, machine: AnyStateMachine, options: { snapshot: unknown } | { input: unknown }): LiveActor {
    const live: LiveActor = { kind, actor: undefined as unknown as AnyActor, committed: undefined, emitted: [], failure: undefined };
    const actor = createActor(machine, options as Parameters<typeof createActor<AnyStateMachine>>[1]);
    actor.on('*', (emitted: { type: string }) => {
      live.emitted.push(emitted);
    });
    // Observing errors keeps XState from rethrowing them out of band; the host reads them from here.
    actor.subscribe({ error: (err: unknown) => void (live.failure = err) });
    live.actor = actor;
    actor.start();
    if ('snapshot' in options) live.emitted = [];
    return live;
  }
}
