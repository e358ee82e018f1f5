import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeMulaw } from '../../shared/audio/g711.js';
import { toneAmplitude } from '../../media/audio/level.js';
import { LoopingClip } from '../../media/audio/looping-clip.js';
import { sine } from '../../shared/audio/tones.js';
import { TickClock } from '../../media/clock/tick-clock.js';
import { defaultModes, type PcmLeg } from '../../media/session/leg.js';
import { Session } from '../../media/session/session.js';
import { streamLegFactory } from '../../media/stream/stream-leg.js';
import { pcmOf, StreamWorld } from './stream-harness.js';

/** A phone that says a 440 Hz tone and records what it hears. */
class TonePhone implements PcmLeg {
  readonly id = 'part_phone';
  readonly kind = 'phone';
  readonly format = 'l16';
  readonly rate = 8000;
  readonly modes = defaultModes();
  readonly heard: Int16Array[] = [];
  private readonly clip = new LoopingClip(sine(440, 1000, 8000, 8000));
  private readonly frame = new Int16Array(160);
  pull(): Int16Array {
    this.clip.read(this.frame);
    return this.frame;
  }
  push(frame: Int16Array): void {
    this.heard.push(Int16Array.from(frame));
  }
  close(): void {}
}

let world: StreamWorld;
beforeEach(async () => {
  world = await new StreamWorld().start();
});
afterEach(async () => {
  await world.stop();
});

describe('stream leg in a session on the real 20 ms tick', () => {
  it('sends the call to the customer every 20 ms and plays the customer into the call', async () => {
    const session = new Session({ callId: 'call_test', report: () => {}, holdAudio: new Int16Array(320) });
    const phone = new TonePhone();
    session.addLeg(phone);
    const factory = streamLegFactory({ clock: world.clock, log: world.log, allowInsecureTargets: true });
    const stream = factory({ legId: 'part_stream', callId: 'call_test', settings: world.spec(), context: session.contextFor('part_stream') });
    session.addLeg(stream);
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    const reply = new Uint8Array(8000);
    encodeMulaw(sine(1004, 1000, 8000, 8000), reply);
    conn.sendAudio(reply);
    await conn.barrier();

    const tick = new TickClock();
    tick.start(() => {
      session.flush();
      session.tick();
    });
    const sixtieth = await conn.waitFor((m) => m.event === 'media' && m.media.chunk === '60');
    tick.stop();
    session.close('call_ended');
    await conn.closed;

    const media = conn.all('media');
    const first = conn.messages.indexOf(media[10]!);
    const last = conn.messages.indexOf(sixtieth);
    const meanInterval = (conn.arrivals[last]! - conn.arrivals[first]!) / 49;
    expect(meanInterval).toBeGreaterThan(15);
    expect(meanInterval).toBeLessThan(30);
    for (const m of media) expect(Buffer.from(m.media.payload, 'base64')).toHaveLength(160);
    expect(toneAmplitude(pcmOf(Buffer.from(media[30]!.media.payload, 'base64')), 440, 8000)).toBeGreaterThan(4000);
    expect(toneAmplitude(phone.heard[30]!, 1004, 8000)).toBeGreaterThan(4000);
    expect(conn.messages.at(-1)!.stop.reason).toBe('call_ended');
  });

  it('every message read from the customer asks the node whether its tick is due (a burst of reads cannot hold it back)', async () => {
    let asked = 0;
    let askedAfterMark!: () => void;
    const afterMark = new Promise<void>((resolve) => (askedAfterMark = resolve));
    const session = new Session({
      callId: 'call_test',
      report: () => {},
      holdAudio: new Int16Array(320),
      tickDue: () => {
        asked++;
        if (asked === 3) askedAfterMark();
      },
    });
    session.addLeg(new TonePhone());
    const factory = streamLegFactory({ clock: world.clock, log: world.log, allowInsecureTargets: true });
    session.addLeg(factory({ legId: 'part_stream', callId: 'call_test', settings: world.spec(), context: session.contextFor('part_stream') }));
    const conn = await world.server.connection(0);
    await conn.waitForEvent('start');
    expect(asked).toBe(0);
    const sid = conn.messages.find((m) => m.event === 'start')!.streamSid;
    conn.sendAudio(new Uint8Array(160).fill(0xff));
    conn.send({ event: 'mark', streamSid: sid, mark: { name: 'one' } });
    conn.send({ event: 'nonsense', streamSid: sid });
    // Media, a mark and a refused message: each one read is followed by the question.
    await afterMark;
    expect(asked).toBe(3);
    session.close('session closed');
  });
});
