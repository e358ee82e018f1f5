import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { migrate } from '../../shared/db/migrate.js';
import { createMemoryBus } from '../../shared/bus/memory-bus.js';
import { createMemoryStore } from '../../shared/kv/memory-store.js';
import { createLogger } from '../../shared/log/log.js';
import { realClock } from '../../shared/clock/real-clock.js';
import { MAILBOX_STREAM } from '../../protocol/bus/bus-names.js';
import type { Bus, BusMessage } from '../../shared/bus/bus.js';
import { insertCompany } from '../../control/accounts/companies.js';
import { createProfile } from '../../control/accounts/profiles.js';
import { reserve } from '../../control/billing/ledger.js';
import { callEffectHooks } from '../../control/calls/host/call-effects.js';
import type { ActorEffect, EffectContext } from '../../control/calls/host/effect.js';
import { takeStreamSlot } from '../../control/calls/store/stream-slots.js';
import { runDatabaseUrl } from '../support/services.js';

let sql: Sql;
let bus: Bus;
const hot = createMemoryStore({ clock: realClock });
const log = createLogger({ level: 'silent' });
let companyId = '';
let profileId = '';
const mailbox: Array<Record<string, unknown>> = [];
let mailed: (() => void) | undefined;

beforeAll(async () => {
  sql = openDatabase({ url: runDatabaseUrl(), max: 4 });
  await migrate(sql);
  bus = createMemoryBus({ clock: realClock });
  await bus.ensureStream({ ...MAILBOX_STREAM, subjects: [...MAILBOX_STREAM.subjects] });
  await bus.consume({ stream: MAILBOX_STREAM.name, durable: 'test', filterSubject: 'cmd.>', ackWaitMs: 5000 }, async (msg: BusMessage) => {
    mailbox.push(JSON.parse(new TextDecoder().decode(msg.data)) as Record<string, unknown>);
    mailed?.();
    await msg.ack();
  });
  await sql.begin(async (tx) => {
    companyId = (await insertCompany(tx, realClock, { name: 'Effects', balanceOre: 1000 })).company.id;
    profileId = (await createProfile(tx, realClock, companyId, { name: 'P', slug: 'p' })).id;
  });
});
afterAll(async () => {
  await bus.close();
  await sql.end();
});

const context = (callId: string): EffectContext => ({ callId, kind: 'call', partition: 0, epoch: 1, messageId: 'm1', at: realClock.now(), status: 'active', snapshot: null });
const untilMailed = (count: number) => new Promise<void>((resolve) => {
  mailed = () => mailbox.length >= count && resolve();
  mailed();
});

describe('call effect hooks', () => {
  it('onCommit records the event with a delivery per endpoint, and moves money in the same transaction', async () => {
    const hooks = callEffectHooks({ bus, clock: realClock, log, hot, partitions: 4 });
    await sql`insert into webhook_endpoints (id, company_id, profile_id, mode, url, events, description, created_at_ms, updated_at_ms)
              values ('ep_effects', ${companyId}, null, 'live', 'https://example.com/h', ${sql.array(['call.*'])}, '', 0, 0)`;
    const { reservationId } = await sql.begin((tx) => reserve(tx, realClock, { companyId, profileId, service: 'phone', amountOre: 100, reference: 'call_fx' }));
    const effects: ActorEffect[] = [
      { id: 'm1:0', type: 'event.record', eventType: 'call.ended', companyId, profileId, mode: 'live', objectId: 'call_fx', occurredAtMs: 1, data: { callId: 'call_fx', priceOre: 25 } },
      { id: 'm1:1', type: 'ledger.capture', reservationId, amountOre: 25 },
      { id: 'm1:2', type: 'ledger.release', reservationId },
    ];
    await sql.begin((tx) => hooks.onCommit(tx, [{ effects, context: context('call_fx') }]));
    const [event] = await sql<{ id: string; object_id: string }[]>`select id, object_id from events where object_id = 'call_fx'`;
    expect(event!.object_id).toBe('call_fx');
    const deliveries = await sql`select 1 from webhook_deliveries where event_id = ${event!.id} and endpoint_id = 'ep_effects'`;
    expect(deliveries.length).toBe(1);
    const [company] = await sql<{ balance_ore: number }[]>`select balance_ore from companies where id = ${companyId}`;
    expect(company!.balance_ore).toBe(1000 - 25);
  });

  it('a media node that never answers: a leg op is reported failed (media_unreachable), a command op is left to its deadline', async () => {
    const hooks = callEffectHooks({ bus, clock: realClock, log, hot, partitions: 4, opTimeoutMs: 30, opAttempts: 2 });
    const before = mailbox.length;
    await hooks.effectRunner([
      { id: 'm2:0', type: 'media.op', nodeId: 'node_gone', op: { op: 'say', opId: 'call_fy:op1', callId: 'call_fy', commandId: 'cmd_1', text: 'hi', ack: true } },
      { id: 'm2:1', type: 'media.op', nodeId: 'node_gone', op: { op: 'addLeg', opId: 'call_fy:op2', callId: 'call_fy', legId: 'part_1', kind: 'room', room: { participantKind: 'app' } } },
    ], context('call_fy'));
    await untilMailed(before + 1);
    expect(mailbox.slice(before)).toEqual([
      expect.objectContaining({ callId: 'call_fy', type: 'media.op.result', payload: { opId: 'call_fy:op2', ok: false, code: 'media_unreachable' } }),
    ]);
  });

  it('a node that left an op unanswered is not asked again for a while: its next ops fail at once', async () => {
    const hooks = callEffectHooks({ bus, clock: realClock, log, hot, partitions: 4, opTimeoutMs: 30, opAttempts: 2, nodeDownMs: 60_000 });
    let asked = 0;
    const served = await bus.serve('media.node_stuck', () => {
      asked++;
      return new Promise<Uint8Array>(() => {});
    });
    const before = mailbox.length;
    const leg = (n: number): ActorEffect => ({ id: `m5:${n}`, type: 'media.op', nodeId: 'node_stuck', op: { op: 'removeLeg', opId: `call_st:op${n}`, callId: 'call_st', legId: 'part_9' } });
    await hooks.effectRunner([leg(1)], context('call_st'));
    expect(asked).toBe(2);
    await hooks.effectRunner([leg(2), leg(3)], context('call_st'));
    expect(asked).toBe(2);
    await untilMailed(before + 3);
    await served.stop();
    expect(mailbox.slice(before).map((m) => (m.payload as { code: string }).code)).toEqual(['media_unreachable', 'media_unreachable', 'media_unreachable']);
  });

  it('an answering node\'s outcomes are not relayed: the node publishes them into the call\'s mailbox itself', async () => {
    const hooks = callEffectHooks({ bus, clock: realClock, log, hot, partitions: 4, opTimeoutMs: 200, opAttempts: 1 });
    let asked = 0;
    const served = await bus.serve('media.node_ok', (data) => {
      asked++;
      const op = JSON.parse(new TextDecoder().decode(data)) as { op: string };
      return new TextEncoder().encode(JSON.stringify(op.op === 'play' ? { ok: false, error: { code: 'media_clip_not_found', message: 'x' } } : { ok: true }));
    });
    const before = mailbox.length;
    const effects: ActorEffect[] = [
      { id: 'm3:0', type: 'media.op', nodeId: 'node_ok', op: { op: 'addLeg', opId: 'call_fz:op0', callId: 'call_fz', legId: 'part_2', kind: 'room', room: { participantKind: 'app' } } },
      { id: 'm3:1', type: 'media.op', nodeId: 'node_ok', op: { op: 'play', opId: 'call_fz:op1', callId: 'call_fz', commandId: 'cmd_2', clipId: 'clip_x', ack: true } },
    ];
    await hooks.effectRunner(effects, context('call_fz'));
    await served.stop();
    expect(asked).toBe(2);
    // A message the runner mailed would be in the mailbox by now: a later unreachable report lands after it.
    await hooks.effectRunner([{ id: 'm3:2', type: 'media.op', nodeId: 'node_gone2', op: { op: 'removeLeg', opId: 'call_fz:op2', callId: 'call_fz', legId: 'part_2' } }], context('call_fz'));
    await untilMailed(before + 1);
    expect(mailbox.slice(before)).toEqual([expect.objectContaining({ type: 'media.op.result', payload: { opId: 'call_fz:op2', ok: false, code: 'media_unreachable' } })]);
  });

  it('a stream that left gives its slot of the company\'s five back, once however often the effect runs', async () => {
    const hooks = callEffectHooks({ bus, clock: realClock, log, hot, partitions: 4 });
    for (const id of ['s1', 's2', 's3', 's4', 's5']) await takeStreamSlot(hot, 'co_slots', id);
    await expect(takeStreamSlot(hot, 'co_slots', 's6')).rejects.toMatchObject({ code: 'stream_concurrency_limit' });
    const left: ActorEffect = { id: 'm4:0', type: 'stream.releaseSlot', companyId: 'co_slots', streamId: 's1' };
    await hooks.effectRunner([left], context('call_s'));
    await hooks.effectRunner([left], context('call_s'));
    await takeStreamSlot(hot, 'co_slots', 's6');
    await expect(takeStreamSlot(hot, 'co_slots', 's7')).rejects.toMatchObject({ code: 'stream_concurrency_limit' });
  });
});
