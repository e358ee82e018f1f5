import type { MediaEventBody } from '../../protocol/media/media-event.js';
import type { LegKind } from '../../protocol/media/media-op.js';
import type { G711Law } from '../../shared/audio/g711.js';

/** The kinds of leg a session mixes (listed once in protocol/: the participant kinds' table names them). */
export type { LegKind } from '../../protocol/media/media-op.js';

/** Sample rate of a leg's frames: 8 kHz (G.711 phones, streams) or 16 kHz (rooms, the mix). */
export type LegRate = 8000 | 16000;

/** talk: hears and is heard; listen: hears only; whisper: heard only by `whisperTo`. */
export type AudioMode = 'talk' | 'listen' | 'whisper';

/** How a leg takes part in the mix; the session changes these on updateLeg. */
export interface LegModes {
  /** Not heard by anyone (still hears). */
  muted: boolean;
  /** Hears hold audio and is not heard. */
  held: boolean;
  audioMode: AudioMode;
  /** Target participant of a whisper (only meaningful with audioMode whisper). */
  whisperTo: string | null;
  /** When set, the leg hears only this participant (a stream in single listen mode); null hears the mix. */
  listenTo: string | null;
}

/** The modes a new leg starts with: talking, unmuted, not held, hearing everyone. */
export function defaultModes(): LegModes {
  return { muted: false, held: false, audioMode: 'talk', whisperTo: null, listenTo: null };
}

/** What the session hands a leg when it creates it. */
export interface LegContext {
  callId: string;
  /** Reports something the leg observed; the session publishes it to the call's mailbox. */
  report(event: MediaEventBody): void;
  /**
   * Tells the session the far side went away; the session removes the leg and reports leg.hungUp,
   * unless `reported` says the leg already reported how it ended (busy, no answer, failed).
   */
  ended(reason: string, options?: { reported?: boolean }): void;
  /** A digit the leg received out of band (RFC 4733): reported and passed to the other legs like a detected tone. */
  pressed?(digit: string): void;
  /** Called after each message the leg reads: the node's tick runs at once if its deadline has passed (TickSource.due). */
  tickDue?(): void;
}

/** What every leg has, whatever its wire format. */
interface LegBase {
  /** The participant id. */
  readonly id: string;
  readonly kind: LegKind;
  readonly rate: LegRate;
  /** Mix flags; mutated by the session. */
  readonly modes: LegModes;
  /** True while the leg reports its own digits (`pressed`): the session's in-band detector skips it. */
  readonly reportsDtmf?: boolean;
  /** A DTMF digit pressed by another participant (streams forward it; others may ignore it). */
  hearDtmf?(digit: string, fromLegId: string): void;
  /**
   * Sends what `push` prepared on the previous tick. The node calls it on every leg at the tick's
   * deadline, before any session prepares the next frame, so every leg's I/O leaves on the deadline;
   * legs without I/O of their own (simulated phones) hear at `push` and need no flush.
   */
  flush?(): void;
  /** A leg calling in (an inbound call's caller): answers it, and it reports leg.answered. Absent on other legs. */
  answer?(): void;
  /** Releases the leg's resources; called once by the session. */
  close(reason: string): void;
}

/** A leg of linear PCM16 audio at its rate (rooms at 16 kHz; test phones). */
export interface PcmLeg extends LegBase {
  readonly format: 'l16';
  /** One 20 ms frame of what this leg says (160 samples at 8 kHz, 320 at 16 kHz), or null when it says nothing. */
  pull(): Int16Array | null;
  /** One 20 ms frame of what this leg hears. */
  push(frame: Int16Array): void;
}

/**
 * A leg whose wire is G.711 at 8 kHz (phones, streams, RTP): it hands the session payload bytes and takes
 * payload bytes, so a listener that hears exactly one source of the same law gets that source's bytes
 * forwarded (pass-through), and the session decodes and encodes only when it mixes.
 */
export interface G711Leg extends LegBase {
  readonly format: G711Law;
  readonly rate: 8000;
  /** One 20 ms frame (160 bytes) of what this leg says, or null when it says nothing this tick. */
  pull(): Uint8Array | null;
  /** One 20 ms frame (160 bytes) of what this leg hears. */
  push(payload: Uint8Array): void;
}

/**
 * One participant's audio path inside a session. The node's tick calls `pull` then `push` once per
 * 20 ms on every leg (and `flush` at the next deadline); frames are at the leg's own `rate` and format, and
 * the session converts to and from its mix. Implementations must not block and must not keep the frame
 * passed to `push` (the session reuses its buffer) nor change a frame after returning it from `pull` until
 * the next pull.
 */
export type Leg = PcmLeg | G711Leg;

/** Samples in one 20 ms frame at `rate`. */
export function frameSamples(rate: LegRate): number {
  return rate / 50;
}
