/**
 * What one PocketSphinx helper does with an utterance: constrained mode builds (and caches) a JSGF grammar
 * of the phrases (the decoder always picks one of them), its confidence is the best phrase's share of the
 * n-best list's distinct phrases; free-form mode decodes with the general language model, whose lattice
 * posterior is the confidence. Phone-band audio gets its missing band filled first.
 */
import { addNoiseFloor, extendBand, isPhoneBand } from './band-extension.js';
import { DEFAULT_MODEL_DIR, Decoder } from './pocketsphinx-library.js';
import type { EngineResult } from '../recognizer.js';
import { words } from '../phrases.js';

/** Grammars kept per decoder (a gather's choices are reused across its calls). */
const MAX_GRAMMARS = 64;
/**
 * Temperature of the confidence softmax over the n-best list's distinct phrases, in decoder score units
 * (chosen in bench/speech so that confidence tracks accuracy; see RESULTS.md).
 */
const CONFIDENCE_TEMPERATURE = 300;

/** Options of a SphinxRecognition. */
export interface SphinxRecognitionOptions {
  modelDir?: string;
  /** Extra decoder arguments, for tuning. */
  args?: string[];
  /** Fill the missing band of phone audio (default true; the benchmark measures without it too). */
  bandExtension?: boolean;
}

/** One decoder and its grammars; used by one helper process (or in-process by tests and benchmarks). */
export class SphinxRecognition {
  private readonly decoder: Decoder;
  /** Grammar search names by phrase key, oldest first. */
  private readonly grammars = new Map<string, { name: string; alternatives: string[][] }>();
  private nextGrammar = 0;
  private readonly bandExtension: boolean;

  constructor(opts: SphinxRecognitionOptions = {}) {
    const dir = opts.modelDir ?? DEFAULT_MODEL_DIR;
    this.decoder = new Decoder({ modelDir: dir, args: opts.args });
    this.bandExtension = opts.bandExtension ?? true;
  }

  /** Recognises one utterance of 16 kHz PCM16; `phrases` selects constrained mode. */
  recognize(audio: Int16Array, phrases: readonly string[] | undefined): EngineResult {
    const input = !this.bandExtension ? audio : isPhoneBand(audio) ? extendBand(audio) : addNoiseFloor(audio);
    if (phrases === undefined) {
      const r = this.decoder.decode('_default', input);
      return { text: r.best?.text ?? '', confidence: r.best ? round(r.posterior) : 0, phrase: null };
    }
    const grammar = this.grammar(phrases);
    if (grammar === null) return { text: '', confidence: 0, phrase: null };
    const r = this.decoder.decode(grammar.name, input, 10);
    if (r.best === null || r.best.text === '') return { text: '', confidence: 0, phrase: null };
    const text = r.best.text;
    const phrase = grammar.alternatives.findIndex((alt) => alt !== null && alt.join(' ') === text);
    const confidence = softmaxTop(r.nbest.length > 0 ? r.nbest : [r.best]);
    return { text: phrases[phrase] ?? text, confidence: round(confidence), phrase: phrase < 0 ? null : phrase };
  }

  /** Frees the decoder. */
  close(): void {
    this.decoder.close();
  }

  /**
   * The grammar search for `phrases` (created on first use). Phrases with a word the dictionary lacks
   * cannot be recognised and are left out; null when none is left.
   */
  private grammar(phrases: readonly string[]): { name: string; alternatives: string[][] } | null {
    const key = JSON.stringify(phrases);
    const known = this.grammars.get(key);
    if (known) {
      this.grammars.delete(key);
      this.grammars.set(key, known);
      return known;
    }
    const alternatives = phrases.map((p) => {
      const w = words(p);
      return w.length > 0 && w.every((x) => this.decoder.knows(x)) ? w : [];
    });
    const usable = [...new Set(alternatives.filter((a) => a.length > 0).map((a) => a.join(' ')))];
    if (usable.length === 0) return null;
    const name = `g${this.nextGrammar++}`;
    this.decoder.setGrammar(name, `#JSGF V1.0;\ngrammar choices;\npublic <choice> = ${usable.join(' | ')};\n`);
    const entry = { name, alternatives };
    this.grammars.set(key, entry);
    if (this.grammars.size > MAX_GRAMMARS) {
      const [oldest, old] = this.grammars.entries().next().value!;
      this.grammars.delete(oldest);
      this.decoder.dropSearch(old.name);
    }
    return entry;
  }
}

/** Softmax share of the first hypothesis among the best score of each distinct text. */
function softmaxTop(list: readonly { text: string; score: number }[]): number {
  const best = new Map<string, number>();
  for (const h of list) best.set(h.text, Math.max(best.get(h.text) ?? -Infinity, h.score));
  const top = best.get(list[0]!.text)!;
  let sum = 0;
  for (const s of best.values()) sum += Math.exp((s - top) / CONFIDENCE_TEMPERATURE);
  return 1 / sum;
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
