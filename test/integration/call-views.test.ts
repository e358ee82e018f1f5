/**
 * The calls' read model on both databases (PostgreSQL in a cluster, PGlite standalone): what a commit
 * writes from the call's context is what the API reads back, as the view functions compute it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillCallViews, callView, callViewItem, saveCallView } from '../../control/calls/store/call-views.js';
import { insertSnapshot } from '../../control/calls/host/actor-store.js';
import { createLogger } from '../../shared/log/log.js';
import { callBody, commandBody, streamBody } from '../../control/calls/context/reply-bodies.js';
import { openDatabase, type Sql } from '../../shared/db/database.js';
import { startEmbeddedPostgres } from '../../shared/db/embedded-postgres.js';
import { migrate } from '../../shared/db/migrate.js';
import { CallUnderTest, MIN, T0, phoneCall, streamLaunch } from '../unit/call-harness.js';
import { freshDatabase } from '../support/services.js';

const backends = [
  {
    name: 'postgresql',
    start: async () => {
      const db = await freshDatabase();
      return { url: db.url, stop: () => db.drop() };
    },
  },
  {
    name: 'pglite',
    start: async () => {
      const embedded = await startEmbeddedPostgres({ dataDir: null });
      return { url: embedded.url, stop: () => embedded.close() };
    },
  },
];

describe.each(backends)('call read model: $name', (backend) => {
  let server: { url: string; stop(): Promise<void> };
  let sql: Sql;

  beforeAll(async () => {
    server = await backend.start();
    sql = openDatabase({ url: server.url, max: 2 });
    await migrate(sql);
  });
  afterAll(async () => {
    await sql?.end();
    await server?.stop();
  });

  it('reads back the call, its commands and streams as the view functions compute them, commit after commit', async () => {
    const call = new CallUnderTest(phoneCall({ callId: `call_views_${backend.name}` }));
    const callId = call.ctx.callId;
    expect(await callView(sql, callId)).toBeNull();
    expect(await callViewItem(sql, callId, 'command', 'cmd_1')).toEqual({ call: false, item: null });

    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    call.send({ type: 'command.say', commandId: 'cmd_1', text: 'Hello' }, T0 + 1_000);
    call.send({ type: 'stream.start', stream: streamLaunch('str_1') }, T0 + 2_000);
    await sql.begin((tx) => saveCallView(tx, call.ctx, false, call.now));

    const view = await callView(sql, callId);
    expect(view).toEqual({ done: false, call: callBody(call.ctx), paidUntil: T0 + 10 * MIN, paidMinutes: 10, primaryId: 'part_phone' });
    const cmd = call.ctx.commands[0]!;
    expect((await callViewItem(sql, callId, 'command', 'cmd_1')).item).toEqual(commandBody(call.ctx, cmd));
    expect((await callViewItem(sql, callId, 'stream', 'str_1')).item).toEqual(streamBody(call.ctx, call.ctx.participants.find((p) => p.id === 'str_1')!));
    expect(await callViewItem(sql, callId, 'command', 'str_1')).toEqual({ call: true, item: null });

    // The next commit replaces what changed: the call ended, its command failed, its stream stopped.
    call.send({ type: 'call.hangup' }, T0 + 3_000);
    await sql.begin((tx) => saveCallView(tx, call.ctx, true, call.now));
    const ended = await callView(sql, callId);
    expect(ended).toMatchObject({ done: true, call: { state: 'ended', endReason: 'hangup_api' } });
    expect(ended!.call).toEqual(callBody(call.ctx));
    expect((await callViewItem(sql, callId, 'command', 'cmd_1')).item).toMatchObject({ state: 'failed', reason: 'call_ended' });
    expect((await callViewItem(sql, callId, 'stream', 'str_1')).item).toMatchObject({ state: 'stopped', endReason: 'call_ended' });
  });

  it('backfills calls last committed before the read model existed, and never overwrites a newer view', async () => {
    const log = createLogger({ level: 'silent' });
    const old = new CallUnderTest(phoneCall({ callId: `call_old_${backend.name}` }));
    old.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    old.send({ type: 'command.say', commandId: 'cmd_old', text: 'Hello' }, T0 + 1_000);
    const newer = new CallUnderTest(phoneCall({ callId: `call_newer_${backend.name}` }));
    newer.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    await sql.begin(async (tx) => {
      for (const call of [old, newer]) {
        const snapshot = JSON.parse(JSON.stringify(call.actor.getPersistedSnapshot()));
        await insertSnapshot(tx, { callId: call.ctx.callId, kind: 'call', partition: 0, epoch: 1, status: 'active', snapshot, at: new Date(T0) });
      }
    });
    // The newer call's commit wrote its view after its snapshot: the backfill leaves it alone.
    newer.send({ type: 'call.hangup' }, T0 + 2_000);
    await sql.begin((tx) => saveCallView(tx, newer.ctx, true, newer.now));

    expect(await backfillCallViews(sql, log, T0 + 3_000)).toBe(1);
    expect(await callView(sql, old.ctx.callId)).toMatchObject({ done: false, call: callBody(old.ctx) });
    expect((await callViewItem(sql, old.ctx.callId, 'command', 'cmd_old')).item).toEqual(commandBody(old.ctx, old.ctx.commands[0]!));
    expect((await callView(sql, newer.ctx.callId))!.call.state).toBe('ended');
    expect(await backfillCallViews(sql, log, T0 + 4_000)).toBe(0);
  });
});
