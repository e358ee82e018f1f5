import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toneAmplitude } from '../../media/audio/level.js';
import { sine } from '../../shared/audio/tones.js';
import { EngineHarness } from './media-harness.js';

let h: EngineHarness;
beforeEach(async () => {
  h = await new EngineHarness().start();
  expect((await h.op({ op: 'openSession', callId: 'call_a' })).ok).toBe(true);
});
afterEach(() => h.stop());

function dial(legId: string, to: string, ringTimeoutSeconds?: number) {
  return h.op({ op: 'addLeg', callId: 'call_a', legId, kind: 'phone', phone: { to, ...(ringTimeoutSeconds ? { ringTimeoutSeconds } : {}) } });
}

describe('simulated phone network', () => {
  it('…001 rings, answers after exactly 1 s and its greeting is heard by a room participant', async () => {
    const probe = await h.addProbe('call_a', 'part_app');
    await dial('part_phone', '+442079460001');
    await h.run(50);
    expect(h.ofType('leg.ringing').map((e) => e.legId)).toEqual(['part_phone']);
    expect(h.ofType('leg.answered')).toHaveLength(0);
    await h.run(1);
    expect(h.ofType('leg.answered').map((e) => e.legId)).toEqual(['part_phone']);
    const start = probe.heard.length;
    await h.runUntil(() => probe.firstLoud(500, start) >= 0, 500);
    // A spoken greeting lasts more than a second and has gaps between words.
    await h.run(150);
    const loud = probe.heard.slice(start).filter((f) => Math.sqrt(f.reduce((s, v) => s + v * v, 0) / f.length) > 500).length;
    expect(loud).toBeGreaterThan(40);
    expect(h.ofType('leg.hungUp')).toHaveLength(0);
  });

  it('…002 is busy and the leg is gone', async () => {
    await dial('part_phone', '+442079460002');
    await h.run(2);
    expect(h.events.map((e) => e.type)).toEqual(['leg.busy']);
    expect((await h.op({ op: 'updateLeg', callId: 'call_a', legId: 'part_phone', muted: true })).ok).toBe(false);
  });

  it('…003 rings without answering until the ring timeout, then reports no answer', async () => {
    await dial('part_phone', '+442079460003', 3);
    await h.run(149);
    expect(h.events.map((e) => e.type)).toEqual(['leg.ringing']);
    await h.run(1);
    expect(h.events.map((e) => e.type)).toEqual(['leg.ringing', 'leg.noAnswer']);
  });

  it('an unassigned +442079460xxx number fails as not in service', async () => {
    expect((await dial('part_phone', '+442079460999')).ok).toBe(true);
    expect(h.events).toEqual([{ callId: 'call_a', type: 'leg.failed', legId: 'part_phone', reason: 'number not in service' }]);
  });

  it('…004 answering machine: greeting, then a 1 kHz beep of 500 ms, then silence', async () => {
    const probe = await h.addProbe('call_a', 'part_app');
    await dial('part_phone', '+442079460004');
    await h.run(51);
    const answeredAt = probe.heard.length;
    const beepAt = await h.runUntil(() => {
      const last = probe.heard[probe.heard.length - 1];
      return !!last && toneAmplitude(last, 1000, 16000) > 5000;
    }, 1000);
    expect(beepAt * 20).toBeGreaterThan(2500);
    const beepStart = probe.heard.length - 1;
    await h.run(40);
    const beepFrames = probe.heard.slice(beepStart).filter((f) => toneAmplitude(f, 1000, 16000) > 5000).length;
    expect(beepFrames).toBeGreaterThanOrEqual(23);
    expect(beepFrames).toBeLessThanOrEqual(26);
    expect(probe.level(probe.heard.length - 10)).toBeLessThan(50);
    expect(answeredAt).toBeGreaterThan(0);
  });

  it('…005 presses 1 2 3 4 # two seconds after answering, reported exactly once each', async () => {
    await dial('part_phone', '+442079460005');
    await h.run(51 + 100);
    expect(h.ofType('dtmf.received')).toHaveLength(0);
    await h.run(60);
    expect(h.ofType('dtmf.received').map((e) => e.digit).join('')).toBe('1234#');
    expect(h.ofType('dtmf.received').every((e) => e.legId === 'part_phone')).toBe(true);
  });

  it('…006 waits for audio then a second of silence, then says "yes"', async () => {
    const probe = await h.addProbe('call_a', 'part_app');
    await dial('part_phone', '+442079460006');
    await h.run(51);
    probe.say(sine(440, 600, 16000, 8000));
    await h.run(30 + 40);
    const before = probe.heard.length;
    expect(probe.level(before - 60)).toBeLessThan(50);
    const answeredAfter = await h.runUntil(() => probe.firstLoud(500, before) >= 0, 300);
    // Silence must have lasted 1 s (50 frames) after the tone ended before "yes".
    expect(answeredAfter + 40).toBeGreaterThanOrEqual(50);
  });

  it('…007 answers and hangs up 5 s later', async () => {
    await dial('part_phone', '+442079460007');
    await h.run(51 + 249);
    expect(h.ofType('leg.hungUp')).toHaveLength(0);
    await h.run(2);
    expect(h.ofType('leg.hungUp').map((e) => e.legId)).toEqual(['part_phone']);
  });

  it('…008 echoes what it hears back through the G.711 line', async () => {
    const probe = await h.addProbe('call_a', 'part_app');
    await dial('part_phone', '+442079460008');
    await h.run(51);
    probe.say(sine(700, 400, 16000, 8000));
    await h.run(30);
    const echoed = probe.heard.slice(-25).filter((f) => toneAmplitude(f, 700, 16000) > 3000).length;
    expect(echoed).toBeGreaterThan(15);
  });

  it('phones defined at runtime follow their script', async () => {
    h.sim.defineSimPhone('+15550100', [{ step: 'answerAfter', ms: 200 }, { step: 'dtmf', digits: '9*' }, { step: 'hangup' }]);
    await dial('part_phone', '+15550100');
    await h.run(10 + 30);
    expect(h.events.map((e) => (e.type === 'dtmf.received' ? e.digit : e.type))).toEqual(['leg.ringing', 'leg.answered', '9', '*', 'leg.hungUp']);
    expect(() => h.sim.defineSimPhone('+15550100', [{ step: 'fly' }])).toThrow(/script/);
    expect(() => h.sim.defineSimPhone('12', [{ step: 'busy' }])).toThrow(/E.164/);
  });
});
