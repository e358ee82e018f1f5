// Norwegian formats, whatever the browser's language: money as "kr 1 234,50", times in Europe/Oslo.

const number = new Intl.NumberFormat('nb-NO', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const dateTime = new Intl.DateTimeFormat('nb-NO', {
  timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
});
const time = new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** Øre as kroner: "kr 1 234,50" (a plain space between thousands, a minus sign for debts). */
export function kroner(ore: number | null | undefined): string {
  if (ore === null || ore === undefined) return '—';
  const text = number.format(Math.abs(ore) / 100).replace(/\s/g, ' ');
  return `${ore < 0 ? '−' : ''}kr ${text}`;
}

/** An ISO timestamp as Oslo time, "28.11.2026, 18:05:03". */
export function osloTime(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

/** An ISO timestamp as Oslo time of day with milliseconds, for timelines: "18:05:03,120". */
export function osloClock(iso: string): string {
  const at = new Date(iso);
  return `${time.format(at)},${String(at.getUTCMilliseconds()).padStart(3, '0')}`;
}

/** The current month in Oslo as YYYY-MM (the usage API's period). */
export function osloMonth(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit' }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}`;
}

/** Seconds as "1 min 05 s". */
export function duration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const m = Math.floor(seconds / 60);
  return m > 0 ? `${m} min ${String(seconds % 60).padStart(2, '0')} s` : `${seconds} s`;
}

const wallParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Oslo', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit',
});

// Oslo's wall clock at `ms` as "YYYY-MM-DDTHH:mm".
function osloWall(ms: number): string {
  const parts = wallParts.formatToParts(new Date(ms));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** A time as a datetime-local input's value in Oslo time ("2026-11-28T18:05"), whatever the browser's zone. */
export function osloInput(ms: number): string {
  return osloWall(ms);
}

/** A datetime-local input's value read as Oslo time, as an ISO timestamp. */
export function fromOsloInput(value: string): string {
  const asUtc = Date.parse(`${value}:00Z`);
  // Oslo is UTC+1 or +2: the offset at the guess, then again at the result (a value near a DST change).
  const offset = (ms: number) => Date.parse(`${osloWall(ms)}:00Z`) - Math.floor(ms / 60_000) * 60_000;
  const first = asUtc - offset(asUtc);
  return new Date(asUtc - offset(first)).toISOString();
}
