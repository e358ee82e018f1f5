import { Downsampler16to8 } from '../../shared/audio/resample.js';
import { MIX_FRAME_SAMPLES, type MixInput } from '../audio/mixer.js';
import type { MediaEventBody } from '../../protocol/media/media-event.js';
import type { LegRate } from './leg.js';

/**
 * A say or play being played out: 16 kHz samples read one 20 ms frame per tick, `repeat` times, to
 * everyone in the call or to one participant (`to`).
 */
export class Playback {
  private cursor = 0;
  private round = 0;

  constructor(
    readonly commandId: string,
    private readonly samples: Int16Array,
    /** The one participant who hears it; null for everyone. */
    readonly to: string | null,
    private readonly repeat: number = 1,
  ) {}

  /** True once every repetition has been played. */
  get done(): boolean {
    return this.round >= this.repeat || this.samples.length === 0;
  }

  /** Writes the next frame into `dst` (zero-padded at the very end); false when nothing was left. */
  next(dst: Int16Array): boolean {
    if (this.done) return false;
    let written = 0;
    while (written < dst.length && !this.done) {
      const take = Math.min(dst.length - written, this.samples.length - this.cursor);
      dst.set(this.samples.subarray(this.cursor, this.cursor + take), written);
      written += take;
      this.cursor += take;
      if (this.cursor >= this.samples.length) {
        this.cursor = 0;
        this.round++;
      }
    }
    dst.fill(0, written);
    return true;
  }
}

/** A playback in the mix: its 16 kHz frames, and an 8 kHz copy while 8 kHz listeners are mixed. */
interface RunningPlayback {
  playback: Playback;
  input: MixInput;
  input8: MixInput;
  frame: Int16Array;
  frame8: Int16Array;
  down: Downsampler16to8 | null;
  /** The tick `down` last ran on (one idle for a tick starts afresh). */
  downOn: number;
}

/**
 * The says and plays of one session: the expected ones, whose audio is still being prepared (a stop cancels
 * them before they start), and the running ones, read one frame per tick. Each reports playback.ended once.
 */
export class SessionPlaybacks {
  private readonly pending = new Set<string>();
  private running: RunningPlayback[] = [];
  private closed = false;

  constructor(private readonly report: (body: MediaEventBody) => void) {}

  /** Notes a playback whose audio is still being prepared, so a stop can cancel it before it starts. */
  expect(commandId: string): void {
    this.pending.add(commandId);
  }

  /** Starts an expected playback; false (nothing played) if it was stopped or the session closed meanwhile. */
  start(playback: Playback): boolean {
    if (!this.pending.delete(playback.commandId) || this.closed) return false;
    const frame = new Int16Array(MIX_FRAME_SAMPLES);
    const id = `\u0000play:${playback.commandId}`;
    const input: MixInput = { id, frame, heard: true, whisperTo: playback.to };
    const frame8 = new Int16Array(MIX_FRAME_SAMPLES / 2);
    const input8: MixInput = { id, frame: frame8, heard: true, whisperTo: playback.to };
    this.running.push({ playback, input, input8, frame, frame8, down: null, downOn: Number.NEGATIVE_INFINITY });
    return true;
  }

  /** A playback that could not start (its audio failed): reports it failed. */
  fail(commandId: string, reason: string): void {
    if (!this.pending.delete(commandId) || this.closed) return;
    this.report({ type: 'playback.ended', commandId, outcome: 'failed', reason });
  }

  /** Stops one playback or all of them at once; each stopped one reports playback.ended (stopped). */
  stop(commandId?: string): void {
    const stopped: string[] = [];
    for (const id of this.pending) if (commandId === undefined || id === commandId) stopped.push(id);
    for (const id of stopped) this.pending.delete(id);
    this.running = this.running.filter((p) => {
      if (commandId !== undefined && p.playback.commandId !== commandId) return true;
      stopped.push(p.playback.commandId);
      return false;
    });
    for (const id of stopped) this.report({ type: 'playback.ended', commandId: id, outcome: 'stopped' });
  }

  /** Stops them all (reported stopped); nothing starts afterwards. */
  close(): void {
    this.stop();
    this.closed = true;
  }

  /** Reads every running playback's next frame; one that has played out reports completed and leaves. */
  advance(): void {
    let ended = false;
    for (const p of this.running) {
      if (!p.playback.next(p.frame)) {
        ended = true;
        this.report({ type: 'playback.ended', commandId: p.playback.commandId, outcome: 'completed' });
      }
    }
    if (ended) this.running = this.running.filter((p) => !p.playback.done);
  }

  /** How many running playbacks everyone hears. */
  publicCount(): number {
    let count = 0;
    for (const p of this.running) if (p.playback.to === null) count++;
    return count;
  }

  /** How many running playbacks only `legId` hears. */
  countTo(legId: string): number {
    let count = 0;
    for (const p of this.running) if (p.playback.to === legId) count++;
    return count;
  }

  /**
   * Adds this tick's frames to a mix at `rate`: the 16 kHz frames as they are, or an 8 kHz copy made by a
   * converter per playback (one that missed tick `tick - 1` starts afresh).
   */
  addInputs(rate: LegRate, tick: number, inputs: MixInput[]): void {
    for (const p of this.running) {
      if (rate === 16000) {
        inputs.push(p.input);
        continue;
      }
      p.down ??= new Downsampler16to8();
      if (p.downOn !== tick - 1) p.down.reset();
      p.downOn = tick;
      p.down.process(p.frame, p.frame8);
      inputs.push(p.input8);
    }
  }
}
