import { afterEach, describe, expect, it } from 'vitest';
import { EngineHarness } from './media-harness.js';

let h: EngineHarness;
afterEach(() => h.stop());

describe("legs ask the node's tick whether it is due after each message they read", () => {
  it('a room participant asks after every audio frame it sends, and nothing asks while no frame arrives', async () => {
    let asked = 0;
    h = await new EngineHarness().start({ tickDue: () => asked++ });
    await h.op({ op: 'openSession', callId: 'call_a' });
    const alice = await h.addProbe('call_a', 'alice');
    await h.addProbe('call_a', 'bob');
    await h.run(5);
    expect(asked).toBe(0);
    // Three frames of audio: three frames read, three questions.
    alice.say(new Int16Array(320 * 3).fill(1000));
    await h.run(5);
    expect(asked).toBe(3);
  });
});
