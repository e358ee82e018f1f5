/**
 * Answering-machine detection benchmark over labelled greetings made here: humans (a short greeting after
 * a short pause, then silence while they wait) and machines (long greetings, with or without a beep), in
 * eight espeak-ng voices, through an 8 kHz mu-law line. Run: npm run bench:speech-amd.
 */
import { cpus, loadavg } from 'node:os';
import { AnsweringMachineDetector } from '../../media/speech/answering-machine-detector.js';
import { beep, concatAudio } from '../../shared/audio/tones.js';
import { BENCH_VOICES, phone8k, speak16k } from './corpus.js';

const HUMAN = ['Hello?', 'Hello.', 'Hi.', 'Yes?', 'Hello, who is this?', 'Hi there.', 'Speaking.', 'Yeah, hello?'];
const MACHINE = [
  'Hi, this is Sam. Sorry I missed you. Please leave a message after the tone.',
  'You have reached the voicemail of Alex Morgan. I am not available right now.',
  'Hello, you have reached the Smith family. We cannot come to the phone, please leave your name and number.',
  'The person you are calling is not available. Please record your message.',
  'Thanks for calling Bright Dental. Our office is closed. Please call again during opening hours.',
  'Hey, it is Jo. Leave a message and I will get back to you.',
];

let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
const silence = (ms: number) => new Int16Array(Math.round(ms * 16));

interface Case {
  label: 'human' | 'machine';
  voice: string;
  text: string;
  audio: Int16Array;
  /** Where the greeting's voice ends, and the beep's end when there is one (ms from answer). */
  greetingEndMs: number;
  beepEndMs: number | null;
}

function cases(): Case[] {
  const out: Case[] = [];
  BENCH_VOICES.forEach((voice, v) => {
    for (const [i, text] of HUMAN.entries()) {
      if ((i + v) % 4 === 3) continue; // 6 of 8 texts per voice: 48 humans
      const lead = 200 + random() * 800;
      const speech = speak16k(text, voice, 150 + Math.round(random() * 40));
      out.push({ label: 'human', voice, text, audio: concatAudio(silence(lead), speech, silence(6000)), greetingEndMs: lead + speech.length / 16, beepEndMs: null });
    }
    for (const [i, text] of MACHINE.entries()) {
      if ((i + v) % 3 === 2) continue; // 4 of 6 per voice: 32 with a beep, 32 without
      const lead = 100 + random() * 500;
      const speech = speak16k(text, voice, 160 + Math.round(random() * 30));
      const end = lead + speech.length / 16;
      for (const withBeep of [true, false]) {
        const gap = 300 + random() * 700;
        const hz = [440, 850, 1000, 1400][Math.floor(random() * 4)]!;
        const len = 250 + random() * 550;
        const tone = withBeep ? [silence(gap), beep(hz, len, 16000, 10000)] : [];
        out.push({
          label: 'machine', voice, text: `${text} ${withBeep ? `[beep ${hz} Hz]` : '[no beep]'}`,
          audio: concatAudio(silence(lead), speech, ...tone, silence(6000)),
          greetingEndMs: end,
          beepEndMs: withBeep ? end + gap + len : null,
        });
      }
    }
  });
  return out;
}

const pct = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor(q * s.length))]!);
};

const all = cases();
console.log(JSON.stringify({ bench: 'machine', cpus: cpus().length, model: cpus()[0]?.model, loadavg: loadavg().map((l) => +l.toFixed(1)), node: process.version }));
let right = 0;
const humanMs: number[] = [];
const machineMs: number[] = [];
const beepToDrop: number[] = [];
const silenceToDrop: number[] = [];
const wrong: string[] = [];
const results: Record<string, number> = {};
const cpuStart = process.cpuUsage();
let audioMs = 0;
for (const c of all) {
  const line = phone8k(c.audio);
  audioMs += line.length / 8;
  const amd = new AnsweringMachineDetector();
  let decided: { result: string; reason: string; atMs: number } | null = null;
  let ended: { by: string; atMs: number } | null = null;
  for (let at = 0; at + 160 <= line.length && ended === null; at += 160) {
    for (const e of amd.push(line.subarray(at, at + 160))) {
      if (e.type === 'decided') decided = e;
      else ended = e;
    }
    if (decided && decided.result !== 'machine') break;
  }
  const result = decided?.result ?? 'unknown';
  results[`${c.label}->${result}`] = (results[`${c.label}->${result}`] ?? 0) + 1;
  if (result === c.label) right++;
  else wrong.push(`${c.voice}: ${c.text} -> ${result} (${decided?.reason})`);
  if (c.label === 'human' && result === 'human') humanMs.push(decided!.atMs);
  if (c.label === 'machine' && result === 'machine') {
    machineMs.push(decided!.atMs);
    if (ended && c.beepEndMs !== null) beepToDrop.push(ended.atMs - c.beepEndMs);
    if (ended && c.beepEndMs === null) silenceToDrop.push(ended.atMs - c.greetingEndMs);
  }
}
const used = process.cpuUsage(cpuStart);
console.log(JSON.stringify({ bench: 'amd', greetings: all.length, humans: all.filter((c) => c.label === 'human').length, machines: all.filter((c) => c.label === 'machine').length, correct: right, accuracy: +(right / all.length).toFixed(3), confusion: results }));
console.log(JSON.stringify({ bench: 'amd', humanDecisionMs: { p50: pct(humanMs, 0.5), p95: pct(humanMs, 0.95), max: pct(humanMs, 1) }, machineDecisionMs: { p50: pct(machineMs, 0.5), p95: pct(machineMs, 0.95) } }));
console.log(JSON.stringify({ bench: 'amd', beepEndToDropMs: { n: beepToDrop.length, p50: pct(beepToDrop, 0.5), p95: pct(beepToDrop, 0.95), max: pct(beepToDrop, 1) }, greetingEndToDropNoBeepMs: { n: silenceToDrop.length, p50: pct(silenceToDrop, 0.5), p95: pct(silenceToDrop, 0.95) } }));
console.log(JSON.stringify({ bench: 'amd', cpuMsPerAudioSecond: +(((used.user + used.system) / 1000) / (audioMs / 1000)).toFixed(2) }));
console.log(JSON.stringify({ bench: 'amd', wrong }));
