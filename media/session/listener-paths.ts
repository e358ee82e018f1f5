import type { MixListener } from '../audio/mixer.js';
import type { LegSlot } from './leg-slot.js';
import type { SessionPlaybacks } from './session-playbacks.js';

/** How a leg got its audio on the latest tick. */
export type LegPath = 'pass' | 'mixed' | 'hold';

/**
 * How each listener of a session gets its audio on one tick: hold, pass-through from its one source
 * (`LegSlot.passFrom`), or the mix of its rate. Chosen afresh every tick; the arrays are reused.
 */
export class ListenerPaths {
  /** This tick's mixed listeners at 8 kHz and at 16 kHz. */
  readonly mixed8: MixListener[] = [];
  readonly mixed16: MixListener[] = [];
  /** Whether an 8 kHz / a 16 kHz leg listens to one source through the mix this tick. */
  listenMix8 = false;
  listenMix16 = false;

  constructor(private readonly playbacks: SessionPlaybacks) {}

  /**
   * Chooses each leg's path for this tick. The count of what a listener hears is linear: the public sources
   * are counted once, whispers and targeted playbacks (rare) per listener.
   */
  choose(order: readonly LegSlot[], slots: ReadonlyMap<string, LegSlot>): void {
    let publicCount = 0;
    let first: LegSlot | null = null;
    let second: LegSlot | null = null;
    let whispers = 0;
    for (const slot of order) {
      if (!slot.audible) continue;
      if (slot.input.whisperTo === null) {
        publicCount++;
        if (first === null) first = slot;
        else if (second === null) second = slot;
      } else {
        whispers++;
      }
    }
    const publicPlaybacks = this.playbacks.publicCount();
    this.mixed8.length = 0;
    this.mixed16.length = 0;
    this.listenMix8 = false;
    this.listenMix16 = false;
    for (const slot of order) {
      slot.passFrom = null;
      const modes = slot.leg.modes;
      if (modes.held) continue;
      if (modes.listenTo !== null) {
        const source = slots.get(modes.listenTo);
        if (source !== undefined && passable(slot, source) && reaches(source, slot)) slot.passFrom = source;
        else if (slot.leg.rate === 8000) this.listenMix8 = true;
        else this.listenMix16 = true;
        continue;
      }
      if (slot.leg.format !== 'l16' && publicPlaybacks === 0) {
        const own = slot.audible && slot.input.whisperTo === null ? 1 : 0;
        let heard = publicCount - own;
        let source: LegSlot | null = heard === 1 ? (first === slot ? second : first) : null;
        if (whispers > 0) {
          for (const other of order) {
            if (other !== slot && other.audible && other.input.whisperTo === slot.leg.id) {
              heard++;
              source = other;
            }
          }
        }
        heard += this.playbacks.countTo(slot.leg.id);
        if (heard === 1 && source !== null && passable(slot, source)) {
          slot.passFrom = source;
          continue;
        }
      }
      (slot.leg.rate === 8000 ? this.mixed8 : this.mixed16).push(slot.listener);
    }
  }
}

/** True when `listener` hears what `source` says this tick (a whisper only reaches its target). */
export function reaches(source: LegSlot, listener: LegSlot): boolean {
  return source !== listener && source.audible && (source.input.whisperTo === null || source.input.whisperTo === listener.leg.id);
}

function passable(listener: LegSlot, source: LegSlot): boolean {
  return listener.leg.format !== 'l16' && source.leg.format === listener.leg.format && source !== listener;
}
