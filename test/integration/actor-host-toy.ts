import { assign, emit, setup } from 'xstate';

/**
 * A small machine for the actor host's tests: a counter with durable timers. It follows the machine ↔
 * host convention: pure, time from `at`, effects by `emit` (reply, timer.set, timer.cancel, and `note`
 * for the effect runner).
 */
type CounterEvent =
  | { type: 'inc'; at: number; by?: number }
  | { type: 'arm'; at: number; timerId: string; delayMs: number }
  | { type: 'disarm'; at: number; timerId: string }
  | { type: 'ring'; at: number; timerId: string }
  | { type: 'boom'; at: number }
  | { type: 'badEffect'; at: number }
  | { type: 'finish'; at: number }
  | { type: 'label'; at: number; text: string; commandId?: string }
  | { type: 'actor.message.failed'; at: number; messageId: string; messageType: string; commandId?: string; code: string };

/** What the counter keeps. */
export interface CounterContext {
  callId: string;
  count: number;
  createdAt: number;
  rings: Array<{ timerId: string; at: number }>;
  /** The last label (stored in the snapshot, so a label the database refuses fails the commit). */
  label?: string;
  /** Commands whose message failed for good, as the host told the actor. */
  failedCommands?: Array<{ commandId: string; code: string }>;
}

/** The toy counter machine. */
export const counterMachine = setup({
  types: {
    context: {} as CounterContext,
    events: {} as CounterEvent,
    input: {} as { callId: string; at: number; start?: number },
  },
}).createMachine({
  id: 'counter',
  context: ({ input }) => ({ callId: input.callId, count: input.start ?? 0, createdAt: input.at, rings: [] }),
  entry: emit(({ context }) => ({ type: 'note', what: 'created', count: context.count })),
  initial: 'running',
  states: {
    running: {
      on: {
        inc: {
          actions: [
            assign({ count: ({ context, event }) => context.count + (event.by ?? 1) }),
            emit(({ context }) => ({ type: 'reply', body: { count: context.count } })),
            emit(({ context }) => ({ type: 'note', what: 'inc', count: context.count })),
          ],
        },
        arm: {
          actions: [
            emit(({ event }) => ({
              type: 'timer.set',
              timerId: event.timerId,
              fireAt: event.at + event.delayMs,
              event: { type: 'ring', timerId: event.timerId },
            })),
            emit(({ event }) => ({ type: 'reply', body: { fireAt: event.at + event.delayMs } })),
          ],
        },
        disarm: { actions: emit(({ event }) => ({ type: 'timer.cancel', timerId: event.timerId })) },
        ring: {
          actions: [
            assign({ rings: ({ context, event }) => [...context.rings, { timerId: event.timerId, at: event.at }] }),
            emit(({ event }) => ({ type: 'note', what: 'rang', timerId: event.timerId, at: event.at })),
          ],
        },
        boom: {
          actions: [
            assign({ count: () => -1 }),
            () => {
              throw new Error('the toy machine failed on purpose');
            },
          ],
        },
        // A timer without a deadline: a bug the host must refuse.
        badEffect: { actions: emit(() => ({ type: 'timer.set', timerId: 'x' })) },
        label: {
          actions: [
            assign({ label: ({ event }) => event.text, count: ({ context }) => context.count + 1 }),
            emit(({ context }) => ({ type: 'reply', body: { count: context.count } })),
          ],
        },
        'actor.message.failed': {
          actions: assign({
            failedCommands: ({ context, event }) =>
              event.commandId === undefined ? context.failedCommands : [...(context.failedCommands ?? []), { commandId: event.commandId, code: event.code }],
          }),
        },
        finish: {
          target: 'done',
          actions: emit(({ context }) => ({ type: 'reply', status: 200, body: { final: context.count } })),
        },
      },
    },
    done: { type: 'final' },
  },
});
