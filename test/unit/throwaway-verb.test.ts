import { describe, expect, it, vi } from 'vitest';
import type { CallEffect } from '../../protocol/calls/call-actor.js';
import type { MediaOp } from '../../protocol/media/media-op.js';
import { matchedRoutes } from '../../control/api/routes/call-verbs/verb-routes.js';
import { callVerbRoutes, VerbRoutes } from '../../control/api/routes/call-verbs/verb-routes.js';
import type { VerbRequest } from '../../control/api/routes/call-verbs/verb-route.js';
import { callBehaviour } from '../../control/calls/call/call-behaviour.js';
import { createCallMachine } from '../../control/calls/machines/call-machine.js';
import { callVerbs } from '../../control/calls/verbs/call-verbs.js';
import { VerbRegistry } from '../../control/calls/verbs/verb-registry.js';
import type { KeyPrincipal } from '../../control/accounts/principal.js';
import { opHandlers, type OpEnv, type OpHandler } from '../../media/node/ops/op-handlers.js';
import { CallUnderTest, T0, phoneCall, recorded } from './call-harness.js';
import { knockVerb } from './throwaway-verb/knock-verb.js';
import { knockRoute } from './throwaway-verb/knock-route.js';
import { knock } from './throwaway-verb/knock-op.js';

// The route half asks the call's actor over the bus; here the actor is the call under test, in process.
const actor = vi.hoisted(() => ({ call: undefined as unknown as { send(event: Record<string, unknown>): CallEffect[] } }));
vi.mock('../../control/calls/mailbox/call-mailbox.js', async (original) => ({
  ...(await original<object>()),
  askActor: async (_client: unknown, _callId: string, message: { type: string; payload?: Record<string, unknown> }) => {
    const reply = actor.call.send({ type: message.type, ...message.payload }).find((e) => e.type === 'reply');
    if (reply?.type !== 'reply') throw new Error('no reply');
    return { status: reply.status ?? 200, body: reply.body };
  },
}));

const caller: KeyPrincipal = { kind: 'key', keyId: 'key_1', companyId: 'co_test', profileId: null, mode: 'live', scopes: new Set(['calls:write']) };

/**
 * A new verb with a media event of its own is three modules, each added to its registry with `with`: its
 * decision half to the call machine's verbs, its route half to the API's routes, its media handler to the
 * node's op handlers. No other file changes (test/unit/throwaway-verb/ holds the three).
 */
describe('a throwaway verb with its own media event: one decision module, one route module, one media handler', () => {
  // It borrows say's command action, so say is left out (a real verb adds its own action to protocol/).
  const verbs = new VerbRegistry(callVerbs.all().filter((v) => v.name !== 'say')).with(knockVerb);
  const routes = new VerbRoutes(callVerbRoutes.all().filter((r) => r.verb !== 'say')).with(knockRoute);
  const handlers = { ...opHandlers, knock } as unknown as Record<string, OpHandler<MediaOp>>;

  it('the API takes the request, the call decides, the node knocks and reports knock.heard, and the command completes', async () => {
    const call = new CallUnderTest(phoneCall(), undefined, createCallMachine(verbs, callBehaviour));
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    actor.call = call as unknown as typeof actor.call;
    const route = matchedRoutes(verbs, routes).find((r) => r.verb === 'knock')!;
    const from = call.all.length;
    const request = { calls: {}, caller, call: { id: 'call_test' }, body: { times: 2 }, params: {}, idempotencyKey: 'knock-1' } as unknown as VerbRequest<never>;
    const answer = await route.handle(request);
    expect(answer).toMatchObject({ status: 201, body: { action: 'say', state: 'issued' } });
    const commandId = (answer.body as { id: string }).id;

    const ops = call.all.slice(from).flatMap((e) => (e.type === 'media.op' ? [e.op as MediaOp & { times?: number }] : []));
    expect(ops).toMatchObject([{ op: 'knock', commandId, times: 2, ack: true }]);
    const published: Array<{ callId: string; body: { type: string } }> = [];
    const env = { deps: { publish: (callId: string, body: { type: string }) => published.push({ callId, body }) }, session: () => ({}) } as unknown as OpEnv;
    expect(await handlers[ops[0]!.op]!(env, ops[0]!)).toEqual({ ok: true });
    expect(published).toEqual([{ callId: 'call_test', body: { type: 'knock.heard', commandId, times: 2 } }]);

    const heard = call.send({ ...published[0]!.body } as never, T0 + 2_000);
    expect(recorded(heard).map((e) => [e.eventType, e.data.commandId])).toEqual([['call.command.completed', commandId]]);
  });
});
