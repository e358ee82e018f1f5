/** The time zone quiet hours are read in. */
export const QUIET_HOURS_ZONE = 'Europe/Oslo';

/** A daily window in Oslo time when nothing is sent: minutes after local midnight, `start` to `end` (may wrap midnight). */
export interface QuietHours {
  startMinute: number;
  endMinute: number;
}

const local = new Intl.DateTimeFormat('en-GB', { timeZone: QUIET_HOURS_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** `HH:MM` as minutes after midnight (null when it is not a time of day). */
export function minuteOfDay(hhmm: string): number | null {
  const m = /^([01][0-9]|2[0-3]):([0-5][0-9])$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

// Oslo's wall clock at `ms`, as if it were UTC (so differences between two of them are wall-clock differences).
function wallClock(ms: number): number {
  const p = Object.fromEntries(local.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) + (ms % 1000);
}

/**
 * When the quiet window holding `nowMs` ends (epoch ms), or null when `nowMs` is outside it. The end is the
 * first instant Oslo's clock shows `endMinute` again, so a window over a daylight saving change is as long as
 * the clocks say (one hour shorter or longer in UTC).
 */
export function quietUntil(nowMs: number, quiet: QuietHours): number | null {
  const { startMinute: start, endMinute: end } = quiet;
  if (start === end) return null;
  const wall = wallClock(nowMs);
  const minute = Math.floor((wall % 86_400_000) / 60_000);
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  const dayStart = wall - (wall % 86_400_000);
  const endWall = dayStart + end * 60_000 + (minute >= end ? 86_400_000 : 0);
  // The UTC instant whose wall clock is endWall: start from the current offset, then correct once for a change between.
  let guess = nowMs + (endWall - wall);
  guess += endWall - wallClock(guess);
  return guess;
}
