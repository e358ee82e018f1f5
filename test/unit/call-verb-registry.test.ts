import { describe, expect, it } from 'vitest';
import type { CallEffect } from '../../protocol/calls/call-actor.js';
import { Command } from '../../protocol/calls/command.js';
import { callBehaviour } from '../../control/calls/call/call-behaviour.js';
import { createCallMachine } from '../../control/calls/machines/call-machine.js';
import { commandBody } from '../../control/calls/context/reply-bodies.js';
import { admitCommand, finishCommand, issueCommand } from '../../control/calls/machines/command-machine.js';
import { callVerbs } from '../../control/calls/verbs/call-verbs.js';
import { defineVerb } from '../../control/calls/verbs/verb.js';
import type { VerbEvent } from '../../control/calls/context/verb-port.js';
import { VerbRegistry } from '../../control/calls/verbs/verb-registry.js';
import { matchedRoutes } from '../../control/api/routes/call-verbs/verb-routes.js';
import { askCommand } from '../../control/api/routes/call-verbs/command-route.js';
import { defineVerbRoute } from '../../control/api/routes/call-verbs/verb-route.js';
import { callVerbRoutes, VerbRoutes } from '../../control/api/routes/call-verbs/verb-routes.js';
import { CallUnderTest, T0, ops, phoneCall, recorded, replies } from './call-harness.js';

type ChimeEvent = VerbEvent & { type: 'command.chime'; commandId: string; times: number };

/**
 * A throwaway verb, defined the way docs/verbs.md says and known to the machine through the registry
 * alone: it plays a chime `times` times (a say op), waits 2 s after the node acknowledged it on a timer of
 * its own, and completes when that timer fires or fails when the playback fails.
 */
const chimeVerb = defineVerb<ChimeEvent>({
  name: 'chime',
  event: 'command.chime',
  live(d, e) {
    if (!admitCommand(d, e)) return;
    const cmd = issueCommand(d, {
      id: e.commandId,
      action: 'say',
      op: { op: 'say', commandId: e.commandId, text: 'ding', repeat: e.times },
      playback: true,
      resultWindowMs: 10_000,
    });
    d.setTimer('verb.chime' as never, cmd.id, d.at + 2_000);
    d.reply(commandBody(d.ctx, cmd), 201);
  },
  command: {
    action: 'say',
    outcome: 'its own timer → completed',
    onTimer: (d, cmd) => finishCommand(d, cmd, 'completed', null),
    onMedia: (d, cmd, e) => (e.type === 'playback.ended' && e.outcome === 'failed' ? finishCommand(d, cmd, 'failed', 'playback_failed') : undefined),
  },
});

/** The chime's route half: what the API does before it asks the call. */
const chimeRoute = defineVerbRoute({
  verb: 'chime',
  path: 'chime',
  summary: 'Play a chime',
  scope: 'calls:write',
  idempotency: 'optional',
  response: { 201: Command, 200: Command },
  handle: (r) => askCommand(r, 'command.chime', { times: 1 }),
});

// A real verb adds its own action to CommandAction in protocol/ (recorded events are checked against their
// schemas); this throwaway one borrows say's, so say is left out of its registry.
const withChime = createCallMachine(new VerbRegistry(callVerbs.all().filter((v) => v.name !== 'say')).with(chimeVerb), callBehaviour);

function answered(machine = withChime): CallUnderTest {
  const call = new CallUnderTest(phoneCall(), undefined, machine);
  call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
  return call;
}

const send = (call: CallUnderTest, event: Record<string, unknown>, at?: number): CallEffect[] => call.send(event as never, at);

describe('a verb added through the registry alone', () => {
  it('is decided by its module: issued at once with its op, its own timer completes it, and the outcome is recorded', () => {
    const call = answered();
    const issued = send(call, { type: 'command.chime', commandId: 'cmd_c', times: 3 }, T0 + 1_000);
    expect(replies(issued)[0]).toMatchObject({ status: 201, body: { id: 'cmd_c', action: 'say', state: 'issued' } });
    expect(ops(issued, 'say')).toMatchObject([{ commandId: 'cmd_c', text: 'ding', repeat: 3, ack: true }]);
    const done = call.advanceTo(T0 + 3_000);
    expect(recorded(done).map((e) => [e.eventType, e.data.commandId, e.data.action])).toEqual([['call.command.completed', 'cmd_c', 'say']]);
  });

  it('gets the media events naming its command, survives a restore, and keeps the generic rules (a retry, an unanswered call)', () => {
    const call = answered().restart();
    send(call, { type: 'command.chime', commandId: 'cmd_c', times: 1 }, T0 + 1_000);
    expect(replies(send(call, { type: 'command.chime', commandId: 'cmd_c', times: 1 }))).toMatchObject([{ body: { id: 'cmd_c', state: 'issued' } }]);
    const restored = call.restart();
    const failed = send(restored, { type: 'playback.ended', commandId: 'cmd_c', outcome: 'failed' }, T0 + 1_500);
    expect(recorded(failed, 'call.command.failed')[0]!.data).toMatchObject({ commandId: 'cmd_c', reason: 'playback_failed' });
    const dialing = new CallUnderTest(phoneCall(), undefined, withChime);
    expect(replies(send(dialing, { type: 'command.chime', commandId: 'cmd_d', times: 1 }))[0]).toMatchObject({ status: 409, body: { error: { code: 'call_not_answered' } } });
  });

  it('is refused with call_ended after the call, and unknown to a machine without it', () => {
    // A recording keeps the ended call's actor alive until it is reported: requests still reach it.
    const call = new CallUnderTest(phoneCall({ recording: { commandId: 'cmd_r', recordingId: 'rec_1' } }), undefined, withChime);
    send(call, { type: 'leg.answered', legId: 'part_phone' }, T0);
    send(call, { type: 'call.hangup' }, T0 + 5_000);
    expect(replies(send(call, { type: 'command.chime', commandId: 'cmd_e', times: 1 }))[0]).toMatchObject({ status: 409, body: { error: { code: 'call_ended' } } });
    const plain = answered(createCallMachine(callVerbs, callBehaviour));
    expect(send(plain, { type: 'command.chime', commandId: 'cmd_f', times: 1 })).toEqual([]);
  });
});

type KnockEvent = VerbEvent & { type: 'command.knock'; commandId: string };

/**
 * A throwaway verb with a media event of its own (`knock.heard`, in no list of the core): the event names
 * its command, so the machine hands it to this verb, live and after a restore.
 */
const knockVerb = defineVerb<KnockEvent>({
  name: 'knock',
  event: 'command.knock',
  live(d, e) {
    if (!admitCommand(d, e)) return;
    const cmd = issueCommand(d, { id: e.commandId, action: 'say', op: { op: 'say', commandId: e.commandId, text: 'knock', repeat: 1 }, playback: true, resultWindowMs: 10_000 });
    d.reply(commandBody(d.ctx, cmd), 201);
  },
  command: {
    action: 'say',
    outcome: 'knock.heard → completed',
    onMedia: (d, cmd, e) => ((e as { type: string }).type === 'knock.heard' ? finishCommand(d, cmd, 'completed', null) : undefined),
  },
});

/** The knock's route half. */
const knockRoute = defineVerbRoute({
  verb: 'knock',
  path: 'knock',
  summary: 'Knock',
  scope: 'calls:write',
  idempotency: 'optional',
  response: { 201: Command, 200: Command },
  handle: (r) => askCommand(r, 'command.knock', {}),
});

describe('a verb with a media event of its own', () => {
  it('gets the event naming its command without the core listing its type', () => {
    const machine = createCallMachine(new VerbRegistry(callVerbs.all().filter((v) => v.name !== 'say')).with(knockVerb), callBehaviour);
    const call = answered(machine);
    send(call, { type: 'command.knock', commandId: 'cmd_k' }, T0 + 1_000);
    const restored = call.restart();
    expect(send(restored, { type: 'knock.heard', commandId: 'cmd_other' })).toEqual([]);
    const heard = send(restored, { type: 'knock.heard', commandId: 'cmd_k' }, T0 + 2_000);
    expect(recorded(heard).map((e) => [e.eventType, e.data.commandId])).toEqual([['call.command.completed', 'cmd_k']]);
  });
});

describe('a verb is a decision half and a route half, each in its own registry', () => {
  it('the API registers the route of every verb the machine knows, and refuses a verb without a route or a route without a verb', () => {
    // As above, the chime stands in for say (it borrows its command action).
    const verbs = new VerbRegistry(callVerbs.all().filter((v) => v.name !== 'say')).with(chimeVerb);
    const routes = new VerbRoutes(callVerbRoutes.all().filter((r) => r.verb !== 'say'));
    expect(matchedRoutes(verbs, routes.with(chimeRoute)).map((r) => r.verb)).toEqual(verbs.all().map((v) => v.name));
    expect(() => matchedRoutes(verbs, routes)).toThrow('the verb chime has no route');
    expect(() => matchedRoutes(callVerbs, callVerbRoutes.with(knockRoute))).toThrow('names no verb');
  });

  it("every call verb has its route and every route its verb, in the registries' one order (the API registers the route registry as it is)", () => {
    expect(matchedRoutes(callVerbs, callVerbRoutes)).toEqual(callVerbRoutes.all());
  });
});

