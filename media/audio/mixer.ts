/**
 * Mix-minus for one call: every listener hears the sum of everyone else, in 20 ms frames at the session's
 * rate (160 samples at 8 kHz, 320 at 16 kHz). Sums are accumulated in 32 bits and clamped once to int16
 * (saturation, never wrap).
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

/** Samples in one 20 ms frame of a 16 kHz mix: the largest frame a mix has. */
export const MIX_FRAME_SAMPLES = 320;

/** The sample rate of the node's mix (playbacks and recordings). */
export const MIX_RATE = 16000;

/** One source of audio in a tick's mix. */
export interface MixInput {
  /** The participant id (also the id it listens under). */
  id: string;
  /** This tick's frame at the mix's rate, or null for silence. */
  frame: Int16Array | null;
  /** Whether anyone may hear it (false for listen, muted and held participants). */
  heard: boolean;
  /** When set, only this participant hears it (a whisper). */
  whisperTo?: string | null;
}

/** One listener of a mix: who it is, its own input (subtracted), and where its frame goes. */
export interface MixListener {
  id: string;
  /** The listener's own input, when it is also a source; null for a listener that says nothing. */
  own: MixInput | null;
  /** Receives what the listener hears (its first `samples` entries); at least the mix's frame length. */
  out: Int16Array;
}

function isPublic(input: MixInput): boolean {
  return input.heard && input.frame !== null && (input.whisperTo === undefined || input.whisperTo === null);
}

/** True when `input` reaches `listenerId` under the rules above. */
function reaches(input: MixInput, listenerId: string): boolean {
  if (!input.heard || input.frame === null || input.id === listenerId) return false;
  return input.whisperTo === undefined || input.whisperTo === null || input.whisperTo === listenerId;
}

function clampInto(acc: Int32Array, dst: Int16Array, n: number): void {
  for (let i = 0; i < n; i++) {
    const v = acc[i]!;
    dst[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
}

/**
 * A mixer with its accumulators allocated once: `mix` sums the public inputs once, then gives each listener
 * that sum minus its own contribution plus the whispers meant for it, so the work is linear in the number
 * of legs and nothing is allocated per frame.
 */
export class MixMinus {
  private readonly total = new Int32Array(MIX_FRAME_SAMPLES);
  private readonly acc = new Int32Array(MIX_FRAME_SAMPLES);

  /** Writes every listener's frame (`samples` long) from `inputs` (frames at least `samples` long). */
  mix(inputs: readonly MixInput[], listeners: readonly MixListener[], samples: number): void {
    const total = this.total.subarray(0, samples);
    total.fill(0);
    let whispers = 0;
    for (const input of inputs) {
      if (!input.heard || input.frame === null) continue;
      if (isPublic(input)) {
        const f = input.frame;
        for (let i = 0; i < samples; i++) total[i] = total[i]! + f[i]!;
      } else {
        whispers++;
      }
    }
    const acc = this.acc.subarray(0, samples);
    for (const listener of listeners) {
      const own = listener.own !== null && isPublic(listener.own) ? listener.own.frame! : null;
      if (own === null && whispers === 0) {
        clampInto(total, listener.out, samples);
        continue;
      }
      if (own !== null) for (let i = 0; i < samples; i++) acc[i] = total[i]! - own[i]!;
      else acc.set(total);
      if (whispers > 0) {
        for (const w of inputs) {
          if (w.whisperTo !== listener.id || w.id === listener.id || !w.heard || w.frame === null) continue;
          const f = w.frame;
          for (let i = 0; i < samples; i++) acc[i] = acc[i]! + f[i]!;
        }
      }
      clampInto(acc, listener.out, samples);
    }
  }
}

/** Writes into `dst` what `listenerId` hears: every other heard input, and whispers meant for it (for one listener). */
export function mixFor(listenerId: string, inputs: readonly MixInput[], dst: Int16Array, acc: Int32Array = new Int32Array(dst.length)): void {
  const sum = acc.subarray(0, dst.length);
  sum.fill(0);
  const n = dst.length;
  for (const input of inputs) {
    if (!reaches(input, listenerId)) continue;
    const f = input.frame!;
    for (let i = 0; i < n; i++) sum[i] = sum[i]! + f[i]!;
  }
  clampInto(sum, dst, n);
}
