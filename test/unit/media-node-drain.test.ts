import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mailboxSubject } from '../../protocol/bus/bus-names.js';
import type { ActorMessage } from '../../protocol/calls/mailbox.js';
import type { Bus } from '../../shared/bus/bus.js';
import { createLogger } from '../../shared/log/log.js';
import { DRAIN_CLOSE_WAIT_MS, drainNode } from '../../media/node/node-drain.js';
import { EngineHarness } from './media-harness.js';

// The drain of a media node stopped with SIGTERM, on the injected clock: the 30 s default grace passes
// without the test waiting it out.
const GRACE_MS = 30_000;
const PARTITIONS = 8;

let h: EngineHarness;
let mailed: { subject: string; msgId: string | undefined; message: ActorMessage }[];
let announced: number;
let bus: Bus;

beforeEach(async () => {
  h = await new EngineHarness().start();
  mailed = [];
  announced = 0;
  bus = {
    publish: async (subject: string, data: Uint8Array, options?: { msgId?: string }) => {
      mailed.push({ subject, msgId: options?.msgId, message: JSON.parse(new TextDecoder().decode(data)) });
      return { seq: mailed.length, duplicate: false };
    },
  } as unknown as Bus;
});
afterEach(() => h.stop());

/** Starts a drain of the harness's engine; resolves (the returned promise) when the drain is over. */
function drain(announce: () => Promise<void> = async () => void announced++): { done: Promise<void>; over: () => boolean } {
  let finished = false;
  const done = drainNode({ engine: h.engine, bus, clock: h.clock, log: createLogger({ level: 'silent' }), partitions: PARTITIONS, announce }, GRACE_MS).then(() => {
    finished = true;
  });
  return { done, over: () => finished };
}

describe('a media node draining (SIGTERM)', () => {
  it('refuses a new session at once, lets its calls go on for the grace, then mails each call service_stopping at the grace end', async () => {
    await h.op({ op: 'openSession', callId: 'call_a' });
    await h.op({ op: 'openSession', callId: 'call_b' });
    const bot = await h.addProbe('call_a', 'bot');
    const startedAt = h.clock.now();
    const d = drain();
    await h.clock.advance(0);
    expect(announced).toBe(1);
    const late = await h.op({ op: 'openSession', callId: 'call_c' });
    expect(late).toMatchObject({ ok: false, error: { code: 'media_unavailable' } });
    // Its calls go on: an op on a live call still works.
    expect(await h.op({ op: 'openSession', callId: 'call_a' })).toEqual({ ok: true });

    await h.clock.advance(GRACE_MS - 1);
    expect(mailed).toEqual([]);
    expect(bot.closedWith).toBeNull();

    await h.clock.advance(1);
    expect(mailed.map((m) => m.message.callId).sort()).toEqual(['call_a', 'call_b']);
    for (const m of mailed) {
      expect(m.subject).toBe(mailboxSubject(m.message.callId, PARTITIONS));
      // The watcher mails a lost call under the same id: a call is told once.
      expect(m.msgId).toBe(`medialost-${m.message.callId}`);
      expect(m.message).toMatchObject({ type: 'call.mediaLost', payload: { reason: 'service_stopping' }, at: startedAt + GRACE_MS });
    }
    expect(d.over()).toBe(false);

    // The call machines end the calls and close their sessions: the bot is closed, the drain is over.
    await h.op({ op: 'closeSession', callId: 'call_a', reason: 'call ended' });
    await h.op({ op: 'closeSession', callId: 'call_b', reason: 'call ended' });
    await d.done;
    expect(bot.closedWith).not.toBeNull();
    expect(h.engine.callIds).toEqual([]);
  });

  it('is over at once when its last call ends within the grace, and mails nothing', async () => {
    await h.op({ op: 'openSession', callId: 'call_a' });
    const d = drain();
    await h.clock.advance(10_000);
    expect(d.over()).toBe(false);
    await h.op({ op: 'closeSession', callId: 'call_a', reason: 'hung up' });
    await d.done;
    await h.clock.advance(GRACE_MS);
    expect(mailed).toEqual([]);
  });

  it('with no call on it is over at once', async () => {
    await drain().done;
    expect(mailed).toEqual([]);
  });

  it('still drains when the registry cannot be told, and gives up on calls never closed after the close wait', async () => {
    await h.op({ op: 'openSession', callId: 'call_a' });
    const d = drain(async () => {
      throw new Error('bus away');
    });
    await h.clock.advance(0);
    expect((await h.op({ op: 'openSession', callId: 'call_b' })).ok).toBe(false);
    await h.clock.advance(GRACE_MS);
    expect(mailed.map((m) => m.message.callId)).toEqual(['call_a']);
    await h.clock.advance(DRAIN_CLOSE_WAIT_MS - 1);
    expect(d.over()).toBe(false);
    await h.clock.advance(1);
    await d.done;
    // The session was never closed by the control plane: the watcher ends the call once the node is gone.
    expect(h.engine.callIds).toEqual(['call_a']);
  });
});
