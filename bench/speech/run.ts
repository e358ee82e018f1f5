/**
 * Speech benchmark: gather accuracy (choice words through the phone path and at 16 kHz), transcript word
 * error rate, and recognizer CPU. Run: npm run bench:speech [-- gather|wer|cpu]. Writes JSON lines to stdout.
 */
import { cpus, loadavg } from 'node:os';
import { SphinxRecognition } from '../../media/speech/pocketsphinx/sphinx-recognition.js';
import { VoiceActivityDetector } from '../../media/speech/voice-activity.js';
import { BENCH_VOICES, padded, phoneBand, speak16k } from './corpus.js';
import { SENTENCES } from './sentences.js';

const CHOICE_SETS = [
  ['billing', 'sales', 'support', 'yes', 'no'],
  ['account balance', 'new order', 'speak to an agent', 'cancel', 'repeat'],
];

/** Word error rate pieces: edit distance between word lists. */
function editDistance(ref: string[], hyp: string[]): number {
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const row = [i];
    for (let j = 1; j <= hyp.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[hyp.length]!;
}

const norm = (t: string) => t.toLowerCase().replace(/[^a-z' ]+/g, ' ').split(' ').filter(Boolean);

/** Cuts the utterance out the way a stream does (VAD with 700 ms end silence). */
function utterance(audio: Int16Array): Int16Array {
  const vad = new VoiceActivityDetector();
  for (let at = 0; at < audio.length; at += 320) {
    const e = vad.push(audio.subarray(at, at + 320));
    if (e?.type === 'speechEnd') return e.audio;
  }
  const e = vad.flush();
  return e?.type === 'speechEnd' ? e.audio : audio;
}

function gather(): void {
  const plain = new SphinxRecognition({ bandExtension: false });
  const extended = new SphinxRecognition();
  const rows: Record<string, { ok: number; n: number; decodeMs: number[] }> = {};
  const add = (k: string, ok: boolean, ms: number) => {
    const r = (rows[k] ??= { ok: 0, n: 0, decodeMs: [] });
    r.n++;
    if (ok) r.ok++;
    r.decodeMs.push(ms);
  };
  const misses: string[] = [];
  for (const set of CHOICE_SETS) {
    for (const voice of BENCH_VOICES) {
      for (const wpm of set === CHOICE_SETS[0] ? [150, 185] : [165]) {
        for (const [index, phrase] of set.entries()) {
          const wide = padded(speak16k(phrase, voice, wpm), 600);
          const phone = phoneBand(wide);
          for (const [name, rec, audio] of [
            ['16 kHz', extended, wide],
            ['phone, no band fill', plain, phone],
            ['phone, band fill (default)', extended, phone],
          ] as const) {
            const cut = utterance(audio);
            const t = performance.now();
            const r = rec.recognize(cut, set);
            add(name, r.phrase === index, performance.now() - t);
            if (name.startsWith('phone, band') && r.phrase !== index) misses.push(`${voice}@${wpm}:${phrase}->${r.text}`);
          }
        }
      }
    }
  }
  for (const [k, r] of Object.entries(rows)) {
    const sorted = r.decodeMs.sort((a, b) => a - b);
    console.log(JSON.stringify({ bench: 'gather', audio: k, correct: r.ok, utterances: r.n, accuracy: +(r.ok / r.n).toFixed(3), decodeMsP50: Math.round(sorted[sorted.length >> 1]!), decodeMsP95: Math.round(sorted[Math.floor(sorted.length * 0.95)]!) }));
  }
  console.log(JSON.stringify({ bench: 'gather', misses }));
}

function wer(): void {
  const rec = new SphinxRecognition();
  const totals: Record<string, { errors: number; words: number; cpuMs: number; audioMs: number }> = {};
  SENTENCES.forEach((sentence, i) => {
    const voice = BENCH_VOICES[i % BENCH_VOICES.length]!;
    const wide = padded(speak16k(sentence, voice), 400);
    for (const [name, audio] of [['16 kHz', wide], ['phone', phoneBand(wide)]] as const) {
      const start = process.cpuUsage();
      const r = rec.recognize(audio, undefined);
      const used = process.cpuUsage(start);
      const t = (totals[name] ??= { errors: 0, words: 0, cpuMs: 0, audioMs: 0 });
      const ref = norm(sentence);
      t.errors += editDistance(ref, norm(r.text));
      t.words += ref.length;
      t.cpuMs += (used.user + used.system) / 1000;
      t.audioMs += audio.length / 16;
      if (i < 5) console.log(JSON.stringify({ bench: 'wer-sample', audio: name, voice, ref: sentence, hyp: r.text }));
    }
  });
  for (const [k, t] of Object.entries(totals)) {
    console.log(JSON.stringify({ bench: 'wer', audio: k, sentences: SENTENCES.length, words: t.words, wer: +(t.errors / t.words).toFixed(3), cpuPerAudioSecondMs: Math.round((t.cpuMs / t.audioMs) * 1000) }));
  }
}

function cpu(): void {
  const rec = new SphinxRecognition();
  const set = CHOICE_SETS[0]!;
  const clips = BENCH_VOICES.flatMap((v) => set.map((w) => phoneBand(padded(speak16k(w, v), 300))));
  rec.recognize(clips[0]!, set);
  const start = process.cpuUsage();
  let audioMs = 0;
  for (const c of clips) {
    rec.recognize(c, set);
    audioMs += c.length / 16;
  }
  const used = process.cpuUsage(start);
  const cpuMs = (used.user + used.system) / 1000;
  const perAudioSecond = cpuMs / (audioMs / 1000);
  console.log(JSON.stringify({ bench: 'cpu', mode: 'constrained (5 choices), phone band', utterances: clips.length, audioSeconds: +(audioMs / 1000).toFixed(1), cpuMs: Math.round(cpuMs), cpuMsPerAudioSecond: Math.round(perAudioSecond), realTimeRecognitionsPerCore: +(1000 / perAudioSecond).toFixed(1) }));
}

const which = process.argv[2] ?? 'all';
console.log(JSON.stringify({ bench: 'machine', cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg().map((l) => +l.toFixed(1)), node: process.version }));
if (which === 'all' || which === 'gather') gather();
if (which === 'all' || which === 'cpu') cpu();
if (which === 'all' || which === 'wer') wer();
