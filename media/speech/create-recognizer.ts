import type { SpeechConfig } from '../../shared/config/config.js';
import type { Clock } from '../../shared/clock/clock.js';
import { OpenAiTranscriptionEngine } from './openai/openai-transcription-engine.js';
import { PocketSphinxEngine } from './pocketsphinx/pocketsphinx-engine.js';
import type { Recognizer } from './recognizer.js';
import { SegmentingRecognizer } from './segmenting-recognizer.js';

/** The recognizer a media node's configuration selects. */
export function createRecognizer(config: SpeechConfig, clock?: Clock): Recognizer {
  if (config.recognizer === 'openai') {
    return new SegmentingRecognizer(
      new OpenAiTranscriptionEngine({ baseUrl: config.openaiUrl!, apiKey: config.openaiKey, model: config.openaiModel, clock }),
    );
  }
  return new SegmentingRecognizer(new PocketSphinxEngine({ helpers: config.helpers, clock }));
}
