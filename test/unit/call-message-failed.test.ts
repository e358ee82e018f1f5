import { describe, expect, it } from 'vitest';
import { CallUnderTest, T0, ops, phoneCall, recorded, replies } from './call-harness.js';

// What the call does when the actor host tells it that one of its messages failed for good.
describe('a command whose message failed for good', () => {
  function answered(): CallUnderTest {
    const call = new CallUnderTest(phoneCall());
    call.send({ type: 'leg.answered', legId: 'part_phone' }, T0);
    return call;
  }

  it('becomes a failed command with the error code as reason, and call.command.failed is recorded', () => {
    const call = answered();
    const told = call.send({ type: 'actor.message.failed', messageId: 'msg_1', messageType: 'command.say', commandId: 'cmd_1', code: 'actor_message_unstorable' }, T0 + 1_000);
    expect(recorded(told, 'call.command.failed').map((e) => e.data)).toEqual([expect.objectContaining({ commandId: 'cmd_1', action: 'say', reason: 'actor_message_unstorable' })]);
    expect(ops(told)).toEqual([]);
    expect(replies(call.send({ type: 'command.get', commandId: 'cmd_1' }))[0]!.body).toMatchObject({ id: 'cmd_1', action: 'say', state: 'failed' });
  });

  it('leaves an existing command and messages that were no commands alone', () => {
    const call = answered();
    call.send({ type: 'command.play', commandId: 'cmd_1', clipId: 'clip_1' }, T0);
    const again = call.send({ type: 'actor.message.failed', messageId: 'msg_2', messageType: 'command.play', commandId: 'cmd_1', code: 'actor_failed' });
    expect(recorded(again)).toEqual([]);
    const other = call.send({ type: 'actor.message.failed', messageId: 'msg_3', messageType: 'call.update', commandId: 'cmd_2', code: 'actor_failed' });
    expect(recorded(other)).toEqual([]);
    expect(call.ctx.commands.map((c) => [c.id, c.state])).toEqual([['cmd_1', 'issued']]);
  });
});
