/**
 * The merchant's time zone and local calendar arithmetic. Local days are cut at local midnight as Intl reports
 * it, so a DST day has 23 or 25 hours and a zone at +05:45 starts its day at 18:15 UTC; nothing here assumes a
 * day is 86 400 000 ms.
 */
import { parseTz, type ClientTz } from '../../lib/tz';

export interface Zone {
  /** An IANA name, `UTC+08:00` for a bare offset, or `UTC`. */
  label: string;
  /** Minutes ahead of UTC at the instant `ms`. */
  offsetAt: (ms: number) => number;
}

export interface LocalDate {
  y: number;
  m: number;
  d: number;
}
export interface LocalTime extends LocalDate {
  h: number;
  mi: number;
}

const MINUTE = 60_000;
export const HOUR = 3_600_000;

export const UTC_ZONE: Zone = { label: 'UTC', offsetAt: () => 0 };

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

export function fixedZone(minutes: number): Zone {
  if (minutes === 0) return UTC_ZONE;
  const abs = Math.abs(minutes);
  return {
    label: `UTC${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`,
    offsetAt: () => minutes,
  };
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(name: string): Intl.DateTimeFormat {
  let f = formatters.get(name);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: name,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    if (formatters.size < 500) formatters.set(name, f);
  }
  return f;
}

/** A zone by IANA name (the caller has checked that this runtime knows it). */
export function namedZone(name: string): Zone {
  const f = formatter(name);
  return {
    label: name,
    offsetAt(ms) {
      const p: Record<string, number> = {};
      for (const part of f.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
      const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
      return Math.round((asUtc - Math.floor(ms / MINUTE) * MINUTE) / MINUTE);
    },
  };
}

function fromClientTz(tz: ClientTz): Zone | null {
  if (tz.name && !/^(?:GMT|UTC)$/i.test(tz.name)) return namedZone(tz.name);
  if (tz.offsetMinutes !== undefined) return fixedZone(tz.offsetMinutes);
  return null;
}

/** The zone of the X-TZ header: its IANA name if known, else its offset, else UTC. */
export function clientZone(tz: ClientTz): Zone {
  return fromClientTz(tz) ?? UTC_ZONE;
}

/** The overview's zone: `user_time_zone` if this runtime knows it (a name or `GMT+08:00`), else X-TZ, else UTC. */
export function statisticsZone(userTimeZone: string | undefined, tz: ClientTz): Zone {
  const asked = userTimeZone ? fromClientTz(parseTz(userTimeZone)) : null;
  return asked ?? clientZone(tz);
}

export function localTime(ms: number, zone: Zone): LocalTime {
  const t = new Date(ms + zone.offsetAt(ms) * MINUTE);
  return {
    y: t.getUTCFullYear(),
    m: t.getUTCMonth() + 1,
    d: t.getUTCDate(),
    h: t.getUTCHours(),
    mi: t.getUTCMinutes(),
  };
}

/** `YYYY-MM-DD` of the local day at `ms`. */
export function localDay(ms: number, zone: Zone): string {
  return dayKey(localTime(ms, zone));
}

export const dayKey = (d: LocalDate) => `${pad(d.y, 4)}-${pad(d.m)}-${pad(d.d)}`;

export function parseDay(day: string): LocalDate {
  const [y, m, d] = day.split('-').map(Number);
  return { y: y, m: m, d: d };
}

/** Calendar arithmetic on a date (no zone involved). */
export function addDays(date: LocalDate, n: number): LocalDate {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d + n));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export function addMonths(date: LocalDate, n: number): LocalDate {
  const t = new Date(Date.UTC(date.y, date.m - 1 + n, 1));
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: 1 };
}

/**
 * The UTC instant at which the local wall-clock time y-m-d h:00 begins. In a DST gap (the wall time never
 * happens) that is the moment the clocks jump, which is when the skipped hour or day "starts"; when the wall
 * time happens twice, the first one.
 */
export function wallToUtc(date: LocalDate, h: number, zone: Zone): number {
  const wall = Date.UTC(date.y, date.m - 1, date.d, h);
  const offsets = new Set([zone.offsetAt(wall - 36 * HOUR), zone.offsetAt(wall), zone.offsetAt(wall + 36 * HOUR)]);
  const candidates = [...offsets].map((o) => wall - o * MINUTE).sort((a, b) => a - b);
  for (const c of candidates) {
    const t = localTime(c, zone);
    if (t.y === date.y && t.m === date.m && t.d === date.d && t.h === h && t.mi === 0) return c;
  }
  // Skipped wall time: the latest candidate is the instant the earlier offset ends.
  return candidates[candidates.length - 1];
}

export const startOfDay = (date: LocalDate, zone: Zone) => wallToUtc(date, 0, zone);
