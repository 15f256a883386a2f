/**
 * The X-TZ header: `Area/City; GMT+08:00`. Read leniently: either half may be missing or broken and is then
 * ignored; a broken header never fails a request.
 */
export interface ClientTz {
  /** IANA zone name, only when this runtime knows it. */
  name?: string;
  /** Offset from UTC in minutes (GMT+08:00 → 480). */
  offsetMinutes?: number;
}

/** The offsets of real time zones, in minutes from UTC. */
export const MIN_OFFSET = -12 * 60;
export const MAX_OFFSET = 14 * 60;

const OFFSET = /^(?:GMT|UTC)\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/i;
const ZONE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;
const known = new Map<string, boolean>();

function isZone(name: string): boolean {
  let ok = known.get(name);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: name });
      ok = true;
    } catch {
      ok = false;
    }
    if (known.size < 1000) known.set(name, ok);
  }
  return ok;
}

export function parseTz(header: string | string[] | undefined): ClientTz {
  const raw = Array.isArray(header) ? header[0] : header;
  const out: ClientTz = {};
  if (typeof raw !== 'string' || raw.length > 200) return out;
  for (const part of raw
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const m = OFFSET.exec(part);
    if (m && m[1]) {
      const h = Number(m[2] ?? 0);
      const min = Number(m[3] ?? 0);
      const minutes = (m[1] === '-' ? -1 : 1) * (h * 60 + min);
      // Real zones run from -12:00 (Baker Island) to +14:00 (Kiritimati): a wider offset only moves the merchant's
      // day to where no merchant lives (a second daily claim), so it is not taken.
      if (min < 60 && minutes >= MIN_OFFSET && minutes <= MAX_OFFSET && out.offsetMinutes === undefined)
        out.offsetMinutes = minutes;
    } else if (out.name === undefined && ZONE.test(part) && isZone(part)) {
      out.name = part;
    }
  }
  if (out.offsetMinutes === undefined && out.name && /^(?:GMT|UTC)$/i.test(out.name)) out.offsetMinutes = 0;
  return out;
}
