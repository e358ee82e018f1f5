/** The 16 DTMF events of RFC 4733 §3.2, by event code 0..15. */
const EVENTS = '0123456789*#ABCD';

/** The event code of a DTMF digit, or null when it is not one. */
export function dtmfEventCode(digit: string): number | null {
  const i = EVENTS.indexOf(digit.toUpperCase());
  return digit.length === 1 && i >= 0 ? i : null;
}

/** A telephone-event payload (RFC 4733 §2.3). */
export interface TelephoneEvent {
  /** The digit, or null for an event that is not DTMF (tones, flash). */
  digit: string | null;
  end: boolean;
  volume: number;
  duration: number;
}

/** Parses a telephone-event payload; null when shorter than its four bytes. */
export function parseTelephoneEvent(payload: Uint8Array): TelephoneEvent | null {
  if (payload.length < 4) return null;
  const code = payload[0]!;
  return {
    digit: code < EVENTS.length ? EVENTS[code]! : null,
    end: (payload[1]! & 0x80) !== 0,
    volume: payload[1]! & 0x3f,
    duration: (payload[2]! << 8) | payload[3]!,
  };
}

/** Writes a telephone-event payload into `out` at `at` (four bytes). */
export function writeTelephoneEvent(out: Uint8Array, at: number, code: number, end: boolean, duration: number, volume = 10): void {
  out[at] = code;
  out[at + 1] = (end ? 0x80 : 0) | (volume & 0x3f);
  out[at + 2] = (duration >> 8) & 0xff;
  out[at + 3] = duration & 0xff;
}
