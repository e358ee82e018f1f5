/**
 * Mix-minus for one call: every listener hears the sum of everyone else, at 16 kHz in 320-sample (20 ms)
 * frames. Sums are accumulated in 32 bits and clamped once to int16 (saturation, never wrap).
 *
 * The participant rules, expressed through `MixInput`:
 * - talk: hears and is heard → `heard: true`, and it is a listener.
 * - listen: hears only → `heard: false`, and it is a listener.
 * - whisper: heard only by its target → `heard: true, whisperTo: <target id>`; it still hears the mix.
 * - muted: not heard (whatever its mode) → `heard: false`; it still hears the mix.
 * - held: hears hold audio and is not heard → `heard: false`, and the caller gives it hold audio instead of
 *   a mix (do not ask for its mix).
 * Nobody hears themselves. A `frame` of null is silence (a source that had nothing this tick).
 */

/** Samples in one 20 ms frame of the 16 kHz mix. */
export const MIX_FRAME_SAMPLES = 320;

/** One source of audio in a tick's mix. */
export interface MixInput {
  /** The participant id (also the id it listens under). */
  id: string;
  /** This tick's 16 kHz frame, or null for silence. */
  frame: Int16Array | null;
  /** Whether anyone may hear it (false for listen, muted and held participants). */
  heard: boolean;
  /** When set, only this participant hears it (a whisper). */
  whisperTo?: string;
}

// Shared scratch accumulators: ticks run one at a time on the node's thread, so nothing is allocated per tick.
let scratch = new Int32Array(MIX_FRAME_SAMPLES);
const totalScratch = new Int32Array(MIX_FRAME_SAMPLES);

function accumulator(n: number): Int32Array {
  if (scratch.length < n) scratch = new Int32Array(n);
  const acc = scratch.subarray(0, n);
  acc.fill(0);
  return acc;
}

function add(acc: Int32Array, frame: Int16Array): void {
  const n = Math.min(acc.length, frame.length);
  for (let i = 0; i < n; i++) acc[i] = acc[i]! + frame[i]!;
}

function subtract(acc: Int32Array, frame: Int16Array): void {
  const n = Math.min(acc.length, frame.length);
  for (let i = 0; i < n; i++) acc[i] = acc[i]! - frame[i]!;
}

function clampInto(acc: Int32Array, dst: Int16Array): void {
  const n = dst.length;
  for (let i = 0; i < n; i++) {
    const v = acc[i]!;
    dst[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
}

/** True when `input` reaches `listenerId` under the rules above. */
function reaches(input: MixInput, listenerId: string): boolean {
  if (!input.heard || input.frame === null || input.id === listenerId) return false;
  return input.whisperTo === undefined || input.whisperTo === listenerId;
}

/** Writes into `dst` what `listenerId` hears: every other heard input, and whispers meant for it. */
export function mixFor(listenerId: string, inputs: readonly MixInput[], dst: Int16Array): void {
  const acc = accumulator(dst.length);
  for (const input of inputs) {
    if (reaches(input, listenerId)) add(acc, input.frame!);
  }
  clampInto(acc, dst);
}

/**
 * Mixes for every listener in one pass: the total of all public (non-whisper) heard inputs is summed once,
 * then each listener gets total − itself + the whispers meant for it. Buffers in `out` are reused when
 * present (pass the previous tick's map to avoid allocation); listeners not in `listeners` are removed.
 */
export function mixAll(
  inputs: readonly MixInput[],
  listeners: readonly string[],
  out: Map<string, Int16Array> = new Map(),
): Map<string, Int16Array> {
  const total = totalScratch;
  total.fill(0);
  const publicById = new Map<string, Int16Array>();
  const whispers: MixInput[] = [];
  for (const input of inputs) {
    if (!input.heard || input.frame === null) continue;
    if (input.whisperTo !== undefined) {
      whispers.push(input);
    } else {
      add(total, input.frame);
      publicById.set(input.id, input.frame);
    }
  }
  const wanted = new Set(listeners);
  for (const id of out.keys()) if (!wanted.has(id)) out.delete(id);
  const acc = accumulator(MIX_FRAME_SAMPLES);
  for (const id of listeners) {
    let dst = out.get(id);
    if (dst === undefined || dst.length !== MIX_FRAME_SAMPLES) {
      dst = new Int16Array(MIX_FRAME_SAMPLES);
      out.set(id, dst);
    }
    acc.set(total);
    const own = publicById.get(id);
    if (own !== undefined) subtract(acc, own);
    for (const w of whispers) if (w.whisperTo === id && w.id !== id) add(acc, w.frame!);
    clampInto(acc, dst);
  }
  return out;
}
