/**
 * The media node's speech ops over the per-leg tap, with the real recognizer (one PocketSphinx helper) and
 * simulated phones that speak: listen (a gather by speech, barge-in included) and detectMachine.
 */
import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { PocketSphinxEngine } from '../../media/speech/pocketsphinx/pocketsphinx-engine.js';
import { SegmentingRecognizer } from '../../media/speech/segmenting-recognizer.js';
import { listenToLeg } from '../../media/speech/leg-listener.js';
import type { Recognizer } from '../../media/speech/recognizer.js';
import { EngineHarness } from '../unit/media-harness.js';

let recognizer: Recognizer;
let h: EngineHarness;
beforeAll(() => {
  recognizer = new SegmentingRecognizer(new PocketSphinxEngine({ helpers: 1 }));
});
afterAll(() => recognizer.close());
beforeEach(async () => {
  h = await new EngineHarness().start({ recognizer: () => recognizer });
  expect((await h.op({ op: 'openSession', callId: 'call_a' })).ok).toBe(true);
});
afterEach(() => h.stop());

async function dial(to: string): Promise<void> {
  expect((await h.op({ op: 'addLeg', callId: 'call_a', legId: 'part_phone', kind: 'phone', phone: { to } })).ok).toBe(true);
  await h.runUntil(() => h.ofType('leg.answered').length > 0, 100);
}

describe('the per-leg tap', () => {
  it('gives a phone leg\'s own audio as 16 kHz frames of 320 samples, zeros when silent, and ends when the leg leaves', async () => {
    h.sim.defineSimPhone('+442079460901', [{ step: 'answerAfter', ms: 0 }, { step: 'wait', ms: 200 }, { step: 'tone', hz: 1000, ms: 200 }]);
    await dial('+442079460901');
    const frames: Int16Array[] = [];
    let ended = 0;
    const session = h.engine.sessionFor('call_a')!;
    const tap = listenToLeg(session, 'part_phone', (f) => frames.push(f.slice()), () => ended++);
    expect(tap).not.toBeNull();
    expect(listenToLeg(session, 'nobody', () => undefined)).toBeNull();
    await h.run(25);
    expect(frames.every((f) => f.length === 320)).toBe(true);
    const loud = frames.filter((f) => f.some((x) => Math.abs(x) > 2000)).length;
    expect(loud).toBeGreaterThanOrEqual(8);
    expect(frames.slice(0, 5).every((f) => f.every((x) => x === 0))).toBe(true);
    await h.op({ op: 'removeLeg', callId: 'call_a', legId: 'part_phone' });
    expect(ended).toBe(1);
  });
});

describe('listen', () => {
  it('recognizes the phrase a phone says among the choices, with barge-in stopping the question', async () => {
    await h.definePhone('+442079460902', [{ step: 'answerAfter', ms: 0 }, { step: 'wait', ms: 600 }, { step: 'say', text: 'support', voice: 'en-US' }]);
    await dial('+442079460902');
    expect((await h.op({ op: 'say', callId: 'call_a', commandId: 'cmd_g', text: 'Say billing, sales or support. I will wait for you as long as it takes.' })).ok).toBe(true);
    const answer = await h.op({ op: 'listen', callId: 'call_a', commandId: 'cmd_g', legId: 'part_phone', phrases: ['billing', 'sales', 'support'], bargeIn: true });
    expect(answer.ok).toBe(true);
    await h.runUntil(() => h.ofType('speech.started').length > 0, 200);
    await h.runUntil(() => h.ofType('playback.ended').length > 0, 5);
    expect(h.ofType('playback.ended')[0]).toMatchObject({ commandId: 'cmd_g', outcome: 'stopped' });
    await h.run(80);
    const result = await h.event('speech.recognized');
    expect(result).toMatchObject({ commandId: 'cmd_g', legId: 'part_phone', text: 'support', phrase: 2 });
    expect(result.confidence).toBeGreaterThan(0);
    await h.run(100);
    expect(h.ofType('speech.recognized')).toHaveLength(1);
  });

  it('refuses an unknown leg; stopListening ends a listen without a result', async () => {
    await h.definePhone('+442079460903', [{ step: 'answerAfter', ms: 0 }, { step: 'wait', ms: 400 }, { step: 'say', text: 'sales', voice: 'en-US' }]);
    await dial('+442079460903');
    const bad = await h.op({ op: 'listen', callId: 'call_a', commandId: 'cmd_x', legId: 'nobody' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'media_leg_not_found' } });
    expect((await h.op({ op: 'listen', callId: 'call_a', commandId: 'cmd_y', legId: 'part_phone', phrases: ['sales'] })).ok).toBe(true);
    expect((await h.op({ op: 'stopListening', callId: 'call_a', commandId: 'cmd_y' })).ok).toBe(true);
    await h.run(120);
    expect(h.ofType('speech.started')).toHaveLength(0);
    expect(h.ofType('speech.recognized')).toHaveLength(0);
  });

  it('a node without a recognizer refuses listen with media_speech_unavailable', async () => {
    const bare = await new EngineHarness().start();
    await bare.op({ op: 'openSession', callId: 'call_b' });
    await bare.addProbe('call_b', 'alice');
    expect(await bare.op({ op: 'listen', callId: 'call_b', commandId: 'cmd_z', legId: 'alice' })).toMatchObject({ ok: false, error: { code: 'media_speech_unavailable' } });
    await bare.stop();
  });
});

describe('detectMachine', () => {
  it('…011 is a human; the detection then stops', async () => {
    await dial('+442079460011');
    expect((await h.op({ op: 'detectMachine', callId: 'call_a', commandId: 'cmd_amd', legId: 'part_phone', untilGreetingEnds: true })).ok).toBe(true);
    await h.runUntil(() => h.ofType('amd.decided').length > 0, 300);
    expect(h.ofType('amd.decided')[0]).toMatchObject({ commandId: 'cmd_amd', result: 'human' });
    await h.run(50);
    expect(h.ofType('amd.greetingEnded')).toHaveLength(0);
  });

  it('…004 is a machine whose greeting ends with its beep', async () => {
    await dial('+442079460004');
    expect((await h.op({ op: 'detectMachine', callId: 'call_a', commandId: 'cmd_amd', legId: 'part_phone', untilGreetingEnds: true })).ok).toBe(true);
    await h.runUntil(() => h.ofType('amd.greetingEnded').length > 0, 600);
    expect(h.ofType('amd.decided')[0]).toMatchObject({ result: 'machine' });
    expect(h.ofType('amd.greetingEnded')[0]).toMatchObject({ commandId: 'cmd_amd', by: 'beep' });
    expect(h.ofType('amd.greetingEnded')[0]!.ms).toBeGreaterThan(h.ofType('amd.decided')[0]!.ms);
  });
});
