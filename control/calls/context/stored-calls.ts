/**
 * Calls stored by an earlier version, brought to today's context as they are restored (the call machine's
 * restore, and the read model's backfill), so a live call goes on across an upgrade.
 * `test/unit/call-snapshot-migration.test.ts` restores stored calls of every kind written before each change.
 *
 * - Before the command slot (issue 28), a command kept its verb's state in fields of its own: a gather's in
 *   `gather`, a recording's id in `recordingId`. Both are now its `slot`.
 * - Before verbs named their own timers, a gather's wait was the core's timer kind `gather`; it is now
 *   the verb's `verb.gather`.
 */
import type { CallContext, CommandRecord, TimerKind } from './call-context.js';

/** A command as an earlier version stored it. */
type StoredCommand = CommandRecord & { gather?: object | null; recordingId?: string | null };

function upgradeCommand(stored: StoredCommand): CommandRecord {
  if (!('gather' in stored) && !('recordingId' in stored)) return stored;
  const { gather, recordingId, ...command } = stored;
  return { ...command, slot: gather ?? (recordingId ? { recordingId } : null) };
}

/** Timer kinds an earlier version gave a verb's timers, by today's. */
const verbTimers: Readonly<Record<string, TimerKind>> = { gather: 'verb.gather' };

/** A stored call's context as today's machine keeps it (unchanged when it is already). */
export function upgradeCallContext(ctx: CallContext): CallContext {
  const commands = ctx.commands as StoredCommand[];
  const oldCommands = commands.some((c) => 'gather' in c || 'recordingId' in c);
  const oldTimers = Object.values(ctx.timers).some((t) => Object.hasOwn(verbTimers, t.kind));
  if (!oldCommands && !oldTimers) return ctx;
  return {
    ...ctx,
    commands: oldCommands ? commands.map(upgradeCommand) : ctx.commands,
    timers: oldTimers ? Object.fromEntries(Object.entries(ctx.timers).map(([id, t]) => [id, { ...t, kind: verbTimers[t.kind] ?? t.kind }])) : ctx.timers,
  };
}

/** A persisted call snapshot with its context upgraded (a new object; the stored one is left as it is). */
export function upgradeCallSnapshot<S>(snapshot: S): S {
  const context = (snapshot as { context?: CallContext } | null)?.context;
  if (context === undefined) return snapshot;
  const upgraded = upgradeCallContext(context);
  return upgraded === context ? snapshot : { ...snapshot, context: upgraded };
}
