import type { CallEffect, ReplyBody } from '../../../protocol/calls/call-actor.js';
import type { CallEventType } from '../../../protocol/calls/call-events.js';
import type { MediaOp } from '../../../protocol/media/media-op.js';
import { errorCatalogue, type ErrorCode } from '../../../shared/errors/catalogue.js';
import type { CallContext, CommandRecord, ParticipantRecord, TimerKind, TimerRecord } from './call-context.js';
import type { OwnCommands, VerbPort } from './verb-port.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** A media op without the fields the draft fills in (op id and call id). */
export type OpBody = DistributiveOmit<MediaOp, 'opId' | 'callId'>;

/**
 * A working copy of the call's context for one transition, plus the effects it produces. Handlers change
 * the copy freely; `commit` assigns it and emits the effects in order, so a transition is all or nothing.
 */
export class CallDraft {
  /** The context being changed. */
  readonly ctx: CallContext;
  /** Effects produced so far, in order. */
  readonly effects: CallEffect[] = [];

  /** Starts a draft of `context` at epoch ms `at`; `verbs` are the verbs the call knows. */
  constructor(
    context: CallContext,
    readonly at: number,
    readonly verbs: VerbPort,
  ) {
    this.ctx = structuredClone(context);
  }

  /** A new id unique within the call and identical on replay: `<callId>:<tag><n>`. */
  nextId(tag: string): string {
    this.ctx.seq += 1;
    return `${this.ctx.callId}:${tag}${this.ctx.seq}`;
  }

  /** Sends an op to the call's media node; returns its op id. */
  op(body: OpBody): string {
    const opId = this.nextId('op');
    this.effects.push({ type: 'media.op', nodeId: this.ctx.media.nodeId, op: { ...body, opId, callId: this.ctx.callId } as MediaOp });
    return opId;
  }

  /** Records a call event; its data gets the fields every call event carries. */
  record(eventType: CallEventType, data: Record<string, unknown>): void {
    const c = this.ctx;
    this.effects.push({
      type: 'event.record',
      eventType,
      companyId: c.companyId,
      profileId: c.profileId,
      mode: c.mode,
      objectId: c.callId,
      occurredAtMs: this.at,
      data: { ...data, callId: c.callId, externalRef: c.externalRef, metadata: c.metadata, mode: c.mode, profileId: c.profileId },
    });
  }

  /** Arms a durable timer; returns its id (new on every arming, so the mailbox never drops it as a duplicate). */
  setTimer(kind: TimerKind, subjectId: string, fireAt: number): string {
    const timerId = this.nextId('t');
    this.ctx.timers[timerId] = { kind, subjectId };
    this.effects.push({ type: 'timer.set', timerId, fireAt, event: { type: 'timer.fired', timerId } });
    return timerId;
  }

  /** Cancels the armed timers of `subjectId` (of the given kinds, or all). */
  cancelTimers(subjectId: string, kinds?: readonly TimerKind[]): void {
    for (const [timerId, t] of Object.entries(this.ctx.timers)) {
      if (t.subjectId === subjectId && (kinds === undefined || kinds.includes(t.kind))) this.cancelTimer(timerId);
    }
  }

  /** Cancels every armed timer. */
  cancelAllTimers(): void {
    for (const timerId of Object.keys(this.ctx.timers)) this.cancelTimer(timerId);
  }

  /** Takes a firing timer off the armed list; undefined when it was cancelled or replaced (a stale firing). */
  takeTimer(timerId: string): TimerRecord | undefined {
    const t = this.ctx.timers[timerId];
    if (t !== undefined) delete this.ctx.timers[timerId];
    return t;
  }

  /** Answers the request being handled. */
  reply(body: ReplyBody, status?: number): void {
    this.effects.push(status === undefined ? { type: 'reply', body } : { type: 'reply', body, status });
  }

  /** Answers the request with a catalogued error. */
  refuse(code: ErrorCode, param?: string): void {
    const entry = errorCatalogue[code];
    this.reply({ error: { code, message: entry.message, ...(param === undefined ? {} : { param }) } }, entry.status);
  }

  /** Issues a command on the call's own behalf (greeting, recording on answer, voicemail drop) through the verb of its action. */
  issueOwn<A extends keyof OwnCommands>(action: A, request: OwnCommands[A]): CommandRecord {
    const issue = this.verbs.forAction(action)?.command?.issue;
    if (!issue) throw new Error(`no verb issues ${action} on the call's behalf`);
    return issue(this, request);
  }

  /** The participant with this id. */
  participant(id: string): ParticipantRecord | undefined {
    return this.ctx.participants.find((p) => p.id === id);
  }

  /** The command with this id. */
  command(id: string): CommandRecord | undefined {
    return this.ctx.commands.find((c) => c.id === id);
  }

  private cancelTimer(timerId: string): void {
    delete this.ctx.timers[timerId];
    this.effects.push({ type: 'timer.cancel', timerId });
  }
}
