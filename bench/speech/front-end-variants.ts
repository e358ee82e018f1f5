/** Front-end variants before PocketSphinx on the gather set (120 choice utterances, whole padded clips, no VAD cut). Run: node --import tsx bench/speech/front-end-variants.ts */
import { SphinxRecognition } from '../../media/speech/pocketsphinx/sphinx-recognition.js';
import { extendBand } from '../../media/speech/pocketsphinx/band-extension.js';
import { BENCH_VOICES, padded, phoneBand, speak16k } from './corpus.js';
const SETS = [['billing', 'sales', 'support', 'yes', 'no'], ['account balance', 'new order', 'speak to an agent', 'cancel', 'repeat']];
const rec = new SphinxRecognition({ bandExtension: false });
let seed = 9;
const floor = (a: Int16Array, level: number) => a.map((v) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return Math.max(-32768, Math.min(32767, v + Math.round(((seed / 0x7fffffff) * 2 - 1) * level))); });
const variants: [string, boolean, (a: Int16Array) => Int16Array][] = [
  ['16k plain', false, (a) => a], ['16k floor20', false, (a) => floor(a, 20)], ['16k floor60', false, (a) => floor(a, 60)],
  ['phone fill', true, (a) => extendBand(a)], ['phone fill f100', true, (a) => extendBand(a, { floor: 100 })], ['phone fill g15 f60', true, (a) => extendBand(a, { envelopeGain: 15 })],
];
const score: Record<string, number> = {}; let n = 0; const vote: Record<string, number> = {};
for (const set of SETS) for (const v of BENCH_VOICES) for (const wpm of set === SETS[0] ? [150, 185] : [165]) for (const [i, p] of set.entries()) {
  const wide = padded(speak16k(p, v, wpm), 600); const phone = phoneBand(wide); n++;
  const votes = new Map<number, number>();
  for (const [name, isPhone, f] of variants) {
    const r = rec.recognize(f(isPhone ? phone : wide), set);
    if (r.phrase === i) score[name] = (score[name] ?? 0) + 1;
    if (isPhone && r.phrase !== null) votes.set(r.phrase, (votes.get(r.phrase) ?? 0) + 1);
  }
  const best = [...votes.entries()].sort((a, b) => b[1] - a[1])[0];
  if (best && best[0] === i) vote.phone = (vote.phone ?? 0) + 1;
}
console.log(JSON.stringify({ n, score, vote }));
