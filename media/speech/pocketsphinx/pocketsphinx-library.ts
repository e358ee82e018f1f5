/**
 * The parts of Debian's libpocketsphinx (0.8+5prealpha) the recognizer uses, bound with koffi.
 *
 * Why a binding and not `pocketsphinx_continuous`: the CLI fixes its grammar at start, so every gather with
 * new choices would need a new process and a fresh model load (about a second); through the library one
 * long-lived decoder switches grammars per utterance (`ps_set_jsgf_string` + `ps_set_search`) and decodes
 * whole utterances with batch cepstral mean normalisation, which short answers need. The binding runs only
 * inside the recognizer's helper process (`pocketsphinx-helper.ts`), never on the media tick's thread.
 */
import koffi from 'koffi';

/** Default location of the US English model that `pocketsphinx-en-us` installs. */
export const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

const LIBRARY = 'libpocketsphinx.so.3';

/** One n-best or final hypothesis: words and the decoder's path score (log base 1.0001, higher is better). */
export interface Hypothesis {
  text: string;
  score: number;
}

/** The decoder functions, typed. */
interface Bindings {
  ps_args: () => unknown;
  cmd_ln_parse_r: (inout: null, defn: unknown, argc: number, argv: string[], strict: number) => unknown;
  ps_init: (config: unknown) => unknown;
  ps_free: (ps: unknown) => number;
  ps_set_jsgf_string: (ps: unknown, name: string, jsgf: string) => number;
  ps_set_allphone_file: (ps: unknown, name: string, path: string) => number;
  ps_set_search: (ps: unknown, name: string) => number;
  ps_unset_search: (ps: unknown, name: string) => number;
  ps_start_utt: (ps: unknown) => number;
  ps_process_raw: (ps: unknown, data: Int16Array, n: number, noSearch: number, fullUtt: number) => number;
  ps_end_utt: (ps: unknown) => number;
  ps_get_hyp: (ps: unknown, score: Int32Array) => string | null;
  ps_get_prob: (ps: unknown) => number;
  ps_get_logmath: (ps: unknown) => unknown;
  logmath_exp: (lmath: unknown, p: number) => number;
  ps_nbest: (ps: unknown) => unknown;
  ps_nbest_next: (nbest: unknown) => unknown;
  ps_nbest_hyp: (nbest: unknown, score: Int32Array) => string | null;
  ps_nbest_free: (nbest: unknown) => void;
  ps_lookup_word: (ps: unknown, word: string) => unknown;
}

let bindings: Bindings | undefined;

/** Loads libpocketsphinx once; throws when it is not installed. */
function load(): Bindings {
  if (bindings) return bindings;
  const lib = koffi.load(LIBRARY);
  const sphinxbase = koffi.load('libsphinxbase.so.3');
  koffi.opaque('ps_decoder_t');
  koffi.opaque('cmd_ln_t');
  koffi.opaque('arg_t');
  koffi.opaque('logmath_t');
  koffi.opaque('ps_nbest_t');
  bindings = {
    ps_args: lib.func('const arg_t *ps_args()'),
    cmd_ln_parse_r: sphinxbase.func('cmd_ln_t *cmd_ln_parse_r(cmd_ln_t *inout, const arg_t *defn, int argc, const char **argv, int strict)'),
    ps_init: lib.func('ps_decoder_t *ps_init(cmd_ln_t *config)'),
    ps_free: lib.func('int ps_free(ps_decoder_t *ps)'),
    ps_set_jsgf_string: lib.func('int ps_set_jsgf_string(ps_decoder_t *ps, const char *name, const char *jsgf)'),
    ps_set_allphone_file: lib.func('int ps_set_allphone_file(ps_decoder_t *ps, const char *name, const char *path)'),
    ps_set_search: lib.func('int ps_set_search(ps_decoder_t *ps, const char *name)'),
    ps_unset_search: lib.func('int ps_unset_search(ps_decoder_t *ps, const char *name)'),
    ps_start_utt: lib.func('int ps_start_utt(ps_decoder_t *ps)'),
    ps_process_raw: lib.func('int ps_process_raw(ps_decoder_t *ps, const int16_t *data, size_t n, int no_search, int full_utt)'),
    ps_end_utt: lib.func('int ps_end_utt(ps_decoder_t *ps)'),
    ps_get_hyp: lib.func('const char *ps_get_hyp(ps_decoder_t *ps, _Out_ int32_t *score)'),
    ps_get_prob: lib.func('int32_t ps_get_prob(ps_decoder_t *ps)'),
    ps_get_logmath: lib.func('logmath_t *ps_get_logmath(ps_decoder_t *ps)'),
    logmath_exp: sphinxbase.func('double logmath_exp(logmath_t *lmath, int32_t p)'),
    ps_nbest: lib.func('ps_nbest_t *ps_nbest(ps_decoder_t *ps)'),
    ps_nbest_next: lib.func('ps_nbest_t *ps_nbest_next(ps_nbest_t *nbest)'),
    ps_nbest_hyp: lib.func('const char *ps_nbest_hyp(ps_nbest_t *nbest, _Out_ int32_t *score)'),
    ps_nbest_free: lib.func('void ps_nbest_free(ps_nbest_t *nbest)'),
    ps_lookup_word: lib.func('const char *ps_lookup_word(ps_decoder_t *ps, const char *word)'),
  };
  return bindings;
}

/** Options of a Decoder. */
export interface DecoderOptions {
  /** Model directory with `en-us/` (acoustic model), `en-us.lm.bin` and `cmudict-en-us.dict`. */
  modelDir?: string;
  /** Extra decoder arguments (`['-beam', '1e-60']`), for tuning. */
  args?: string[];
}

/**
 * One PocketSphinx decoder: a loaded model that decodes one utterance at a time with any named search
 * (a JSGF grammar, a keyphrase, or the general language model `lm`). Not thread-safe; one per helper slot.
 */
export class Decoder {
  private readonly lib: Bindings;
  private ps: unknown;
  private readonly score = new Int32Array(1);
  private readonly searches = new Set<string>(['_default']);

  constructor(opts: DecoderOptions = {}) {
    this.lib = load();
    const dir = opts.modelDir ?? DEFAULT_MODEL_DIR;
    const argv = [
      '-hmm', `${dir}/en-us`,
      '-lm', `${dir}/en-us.lm.bin`,
      '-dict', `${dir}/cmudict-en-us.dict`,
      '-logfn', '/dev/null',
      ...(opts.args ?? []),
    ];
    const config = this.lib.cmd_ln_parse_r(null, this.lib.ps_args(), argv.length, argv, 1);
    if (config === null) throw new Error(`pocketsphinx rejected its arguments: ${argv.join(' ')}`);
    this.ps = this.lib.ps_init(config);
    if (this.ps === null) throw new Error(`pocketsphinx could not load the model in ${dir}`);
  }

  /** True when every word is in the pronunciation dictionary. */
  knows(word: string): boolean {
    return this.lib.ps_lookup_word(this.ps, word) !== null;
  }

  /** Adds (or replaces) a JSGF grammar search called `name`. */
  setGrammar(name: string, jsgf: string): void {
    if (this.searches.has(name)) this.lib.ps_unset_search(this.ps, name);
    if (this.lib.ps_set_jsgf_string(this.ps, name, jsgf) < 0) throw new Error('pocketsphinx rejected the grammar');
    this.searches.add(name);
  }

  /** Adds a search called `name` that decodes free phone sequences (the reference for confidence). */
  setPhoneLoop(name: string, phoneLmPath: string): void {
    if (this.lib.ps_set_allphone_file(this.ps, name, phoneLmPath) < 0) throw new Error('pocketsphinx rejected the phone language model');
    this.searches.add(name);
  }

  /** Forgets a search added with setGrammar. */
  dropSearch(name: string): void {
    if (name !== '_default' && this.searches.delete(name)) this.lib.ps_unset_search(this.ps, name);
  }

  /**
   * Decodes one whole utterance (PCM16 mono at 16 kHz) with search `name` (`_default`: the language model).
   * Whole-utterance decoding normalises the cepstrum over the utterance itself (batch CMN).
   */
  decode(name: string, audio: Int16Array, nbest = 0): { best: Hypothesis | null; posterior: number; nbest: Hypothesis[] } {
    const lib = this.lib;
    if (lib.ps_set_search(this.ps, name) < 0) throw new Error(`no search ${name}`);
    lib.ps_start_utt(this.ps);
    lib.ps_process_raw(this.ps, audio, audio.length, 0, 1);
    lib.ps_end_utt(this.ps);
    const text = lib.ps_get_hyp(this.ps, this.score);
    const best = text === null ? null : { text, score: this.score[0]! };
    const posterior = best === null ? 0 : lib.logmath_exp(lib.ps_get_logmath(this.ps), lib.ps_get_prob(this.ps));
    const list: Hypothesis[] = [];
    if (nbest > 0 && best !== null) {
      let it = lib.ps_nbest(this.ps);
      while (it !== null && list.length < nbest) {
        const h = lib.ps_nbest_hyp(it, this.score);
        if (h !== null) list.push({ text: h, score: this.score[0]! });
        it = lib.ps_nbest_next(it);
      }
      if (it !== null) lib.ps_nbest_free(it);
    }
    return { best, posterior, nbest: list };
  }

  /** Frees the model. */
  close(): void {
    if (this.ps !== null) this.lib.ps_free(this.ps);
    this.ps = null;
  }
}
