/**
 * The built-in simulated phones made for speech: answering-machine detection hears each as what its
 * description says, through the real media session (a room participant's 16 kHz mix as the tap).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AnsweringMachineDetector, type AmdEvent } from '../../media/speech/answering-machine-detector.js';
import { EngineHarness } from './media-harness.js';

let h: EngineHarness;
beforeEach(async () => {
  h = await new EngineHarness().start();
  expect((await h.op({ op: 'openSession', callId: 'call_a' })).ok).toBe(true);
});
afterEach(() => h.stop());

/** Dials `to`, then runs AMD on what the call hears from the answer until it is done or `maxFrames` pass. */
async function amdOn(to: string, maxFrames = 750): Promise<AmdEvent[]> {
  const probe = await h.addProbe('call_a', 'part_app');
  await h.op({ op: 'addLeg', callId: 'call_a', legId: 'part_phone', kind: 'phone', phone: { to } });
  await h.runUntil(() => h.ofType('leg.answered').length > 0, 100);
  const amd = new AnsweringMachineDetector({ rate: 16000 });
  const events: AmdEvent[] = [];
  let fed = probe.heard.length;
  for (let i = 0; i < maxFrames; i++) {
    await h.run(1);
    while (fed < probe.heard.length) events.push(...amd.push(probe.heard[fed++]!));
    const decided = events.find((e) => e.type === 'decided');
    if (decided && (decided.result !== 'machine' || events.some((e) => e.type === 'greetingEnded'))) break;
  }
  return events;
}

describe('simulated phones for answering-machine detection', () => {
  it('…011 (says "Hello?" and waits) is a human', async () => {
    const events = await amdOn('+442079460011');
    expect(events).toEqual([expect.objectContaining({ type: 'decided', result: 'human' })]);
  });

  it('…004 (greeting, then a beep) is a machine whose greeting ends with the beep', async () => {
    const events = await amdOn('+442079460004');
    expect(events[0]).toMatchObject({ type: 'decided', result: 'machine' });
    expect(events[1]).toMatchObject({ type: 'greetingEnded', by: 'beep' });
  });

  it('…010 (greeting, no beep) is a machine whose greeting ends in silence', async () => {
    const events = await amdOn('+442079460010');
    expect(events[0]).toMatchObject({ type: 'decided', result: 'machine' });
    expect(events[1]).toMatchObject({ type: 'greetingEnded', by: 'silence' });
  });
});
