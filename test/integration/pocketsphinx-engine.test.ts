/**
 * The embedded recognizer's helper pool (real PocketSphinx helper processes): no utterance waits for ever.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { PocketSphinxEngine } from '../../media/speech/pocketsphinx/pocketsphinx-engine.js';
import { ManualClock } from '../../shared/clock/manual-clock.js';

let engine: PocketSphinxEngine | null = null;
afterEach(async () => {
  await engine?.close();
  engine = null;
});

describe('PocketSphinx engine', () => {
  it('fails an utterance that no helper takes within the timeout, and takes the next one once a helper is ready', async () => {
    const clock = new ManualClock();
    engine = new PocketSphinxEngine({ helpers: 1, timeoutMs: 5_000, clock });
    // The helper is still loading its model: nothing can take the utterance yet.
    const waiting = engine.recognize(new Int16Array(16_000), {});
    const failed = expect(waiting).rejects.toThrow('No recognizer helper was free within 5000 ms.');
    await clock.advance(5_000);
    await failed;
    // The helper loads in its own time (the manual clock stands still); the next utterance is decoded.
    await expect(engine.recognize(new Int16Array(16_000), {})).resolves.toMatchObject({ text: '' });
  }, 30_000);
});
