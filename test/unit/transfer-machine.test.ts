import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callerGone, cancelTransfer, completeTransfer, openTransfer, operatorGone, targetAnswered, targetGone, type TransferAction } from '../../control/calls/machines/transfer-machine.js';
import type { TransferFailure, TransferKind, TransferRecord } from '../../control/calls/context/handover-records.js';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

function start(kind: TransferKind, operatorIds: string[] = ['part_op']) {
  return openTransfer({ id: 'xfer_1', kind, callerId: 'part_caller', operatorIds, targetId: 'part_target' }, T0);
}

const events = (actions: TransferAction[]) => actions.flatMap((a) => (a.type === 'event' ? [a.eventType] : []));

describe('cold transfer', () => {
  it('rings the target with nobody on hold; the answer connects caller and target and the operator leaves', () => {
    const opened = start('cold');
    expect(opened.actions).toEqual([{ type: 'event', eventType: 'call.transfer.started' }]);
    const answered = targetAnswered(opened.transfer, T0 + 5_000);
    expect(answered.transfer).toMatchObject({ state: 'completed', answeredAt: T0 + 5_000, settledAt: T0 + 5_000 });
    expect(answered.actions).toEqual([
      { type: 'stop', participantId: 'part_op', reason: 'transferred' },
      { type: 'event', eventType: 'call.transfer.completed' },
    ]);
  });

  it('as an inbound decision with nobody but the caller it is a forward: the answer completes it, nobody leaves', () => {
    const answered = targetAnswered(start('cold', []).transfer, T0 + 5_000);
    expect(answered.actions).toEqual([{ type: 'event', eventType: 'call.transfer.completed' }]);
  });

  it.each<TransferFailure>(['busy', 'no_answer', 'failed', 'hangup'])('a %s target fails it; the caller stays with the operator', (failure) => {
    const failed = targetGone(start('cold').transfer, failure, T0 + 3_000);
    expect(failed.transfer).toMatchObject({ state: 'failed', reason: failure });
    expect(failed.actions).toEqual([{ type: 'event', eventType: 'call.transfer.failed' }]);
  });

  it('transfer/complete on a cold transfer still ringing is refused (transfer_not_answered)', () => {
    expect(completeTransfer(start('cold').transfer, T0 + 1).answer).toEqual({ ok: false, code: 'transfer_not_answered' });
  });
});

describe('warm transfer', () => {
  it('holds the caller; the target answering lets the operator talk with it; complete unholds the caller and the operator leaves', () => {
    const opened = start('warm');
    expect(opened.actions).toEqual([
      { type: 'hold', participantId: 'part_caller', held: true },
      { type: 'event', eventType: 'call.transfer.started' },
    ]);
    const talking = targetAnswered(opened.transfer, T0 + 4_000);
    expect(talking.transfer.state).toBe('talking');
    expect(talking.actions).toEqual([{ type: 'event', eventType: 'call.transfer.answered' }]);
    const done = completeTransfer(talking.transfer, T0 + 20_000);
    expect(done.answer).toEqual({ ok: true });
    expect(done.actions).toEqual([
      { type: 'hold', participantId: 'part_caller', held: false },
      { type: 'stop', participantId: 'part_op', reason: 'transferred' },
      { type: 'event', eventType: 'call.transfer.completed' },
    ]);
    expect(completeTransfer(done.transfer, T0 + 20_001).answer).toEqual({ ok: false, code: 'no_transfer_in_progress' });
  });

  it('cancel brings the caller back: the target is hung up and the caller taken off hold', () => {
    const talking = targetAnswered(start('warm').transfer, T0 + 4_000).transfer;
    const cancelled = cancelTransfer(talking, T0 + 9_000);
    expect(cancelled.answer).toEqual({ ok: true });
    expect(cancelled.transfer).toMatchObject({ state: 'cancelled', reason: 'api' });
    expect(cancelled.actions).toEqual([
      { type: 'stop', participantId: 'part_target', reason: 'transfer_cancelled' },
      { type: 'hold', participantId: 'part_caller', held: false },
      { type: 'event', eventType: 'call.transfer.cancelled' },
    ]);
  });

  it('a target that does not answer brings the caller back off hold', () => {
    const failed = targetGone(start('warm').transfer, 'no_answer', T0 + 60_000);
    expect(failed.actions).toEqual([{ type: 'hold', participantId: 'part_caller', held: false }, { type: 'event', eventType: 'call.transfer.failed' }]);
  });

  it('the operator hanging up while talking with the target completes it (the caller is never left on hold alone)', () => {
    const talking = targetAnswered(start('warm').transfer, T0 + 4_000).transfer;
    const gone = operatorGone(talking, 'part_op', T0 + 5_000);
    expect(gone.transfer.state).toBe('completed');
    expect(events(gone.actions)).toEqual(['call.transfer.completed']);
    expect(gone.actions).toContainEqual({ type: 'hold', participantId: 'part_caller', held: false });
  });

  it('the operator hanging up while the target rings: the target answering then completes it', () => {
    const ringing = operatorGone(start('warm').transfer, 'part_op', T0 + 1_000);
    expect(ringing.transfer.state).toBe('ringing');
    expect(targetAnswered(ringing.transfer, T0 + 2_000).transfer.state).toBe('completed');
  });

  it('the target answering as the operator cancels: either order ends in one state with one outcome event', () => {
    const opened = start('warm').transfer;
    const cancelFirst = cancelTransfer(opened, T0 + 5_000);
    const lateAnswer = targetAnswered(cancelFirst.transfer!, T0 + 5_000);
    expect(lateAnswer.actions).toEqual([]);
    expect(cancelFirst.transfer!.state).toBe('cancelled');
    const answerFirst = targetAnswered(opened, T0 + 5_000);
    const thenCancel = cancelTransfer(answerFirst.transfer, T0 + 5_000);
    expect(thenCancel.transfer!.state).toBe('cancelled');
    expect(events([...answerFirst.actions, ...thenCancel.actions])).toEqual(['call.transfer.answered', 'call.transfer.cancelled']);
  });

  it('the caller hanging up cancels it and hangs up the target', () => {
    const gone = callerGone(start('warm').transfer, T0 + 1_000);
    expect(gone.transfer).toMatchObject({ state: 'cancelled', reason: 'caller_left' });
    expect(gone.actions).toEqual([{ type: 'stop', participantId: 'part_target', reason: 'transfer_cancelled' }, { type: 'event', eventType: 'call.transfer.cancelled' }]);
  });
});

describe('any ordering', () => {
  type Step =
    | { kind: 'answer' }
    | { kind: 'callerGone' }
    | { kind: 'complete' }
    | { kind: 'cancel' }
    | { kind: 'targetGone'; failure: TransferFailure }
    | { kind: 'operatorGone'; id: string };
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.constantFrom<Step>({ kind: 'answer' }, { kind: 'callerGone' }, { kind: 'complete' }, { kind: 'cancel' }),
    fc.record({ kind: fc.constant<'targetGone'>('targetGone'), failure: fc.constantFrom<TransferFailure>('busy', 'no_answer', 'failed', 'hangup') }),
    fc.record({ kind: fc.constant<'operatorGone'>('operatorGone'), id: fc.constantFrom('part_op', 'part_op2') }),
  );

  it('settles once with one outcome event, leaves the caller off hold when settled, and removes only who its outcome says', () => {
    fc.assert(
      fc.property(fc.constantFrom<TransferKind>('cold', 'warm'), fc.array(step, { maxLength: 10 }), (kind, steps) => {
        const opened = start(kind, ['part_op', 'part_op2']);
        let t: TransferRecord = opened.transfer;
        const actions = [...opened.actions];
        let talked = false;
        steps.forEach((s, i) => {
          const at = T0 + (i + 1) * 1_000;
          const before = t.state;
          const r =
            s.kind === 'answer' ? targetAnswered(t, at)
            : s.kind === 'callerGone' ? callerGone(t, at)
            : s.kind === 'complete' ? completeTransfer(t, at)
            : s.kind === 'cancel' ? cancelTransfer(t, at)
            : s.kind === 'operatorGone' ? operatorGone(t, s.id, at)
            : targetGone(t, s.failure, at);
          t = r.transfer ?? t;
          talked ||= t.state === 'talking';
          if (before !== 'ringing' && before !== 'talking') expect(t.state).toBe(before);
          actions.push(...r.actions);
        });
        const outcomes = events(actions).filter((e) => e !== 'call.transfer.started' && e !== 'call.transfer.answered');
        const active = t.state === 'ringing' || t.state === 'talking';
        expect(outcomes).toEqual(active ? [] : [`call.transfer.${t.state}`]);
        expect(events(actions).filter((e) => e === 'call.transfer.answered').length).toBe(talked ? 1 : 0);
        if (talked) expect(kind).toBe('warm');
        // Hold: the caller is held exactly while a warm transfer is under way (a caller who left is not taken off hold).
        const holds = actions.flatMap((a) => (a.type === 'hold' ? [a.held] : []));
        const held = holds.at(-1) ?? false;
        expect(held).toBe(kind === 'warm' && (active || t.reason === 'caller_left'));
        const stops = actions.flatMap((a) => (a.type === 'stop' ? [a] : []));
        if (t.state === 'completed') {
          expect(t.answeredAt).not.toBeNull();
          expect(stops.every((a) => a.reason === 'transferred' && a.participantId !== 'part_target')).toBe(true);
        } else {
          expect(stops.every((a) => a.participantId === 'part_target' && a.reason === 'transfer_cancelled')).toBe(true);
          expect(stops.length).toBe(t.state === 'cancelled' ? 1 : 0);
        }
      }),
      { numRuns: 500 },
    );
  });
});
