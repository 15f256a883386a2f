/** The X-TZ header value: IANA zone name and GMT offset, e.g. `Asia/Shanghai; GMT+08:00`. */
export function timeZoneHeader(now = new Date()): string {
  return `${timeZoneName()}; GMT${gmtOffset(now)}`;
}

export function gmtOffset(now = new Date()): string {
  const minutes = -now.getTimezoneOffset();
  // hh:mm of the offset read off a time that far past midnight (every offset is under a day)
  return `${minutes >= 0 ? '+' : '-'}${new Date(Math.abs(minutes) * 60_000).toISOString().slice(11, 16)}`;
}

/**
 * The IANA zone name; 'UTC' on very old engines, where the offset alone still tells the server enough. Temporal
 * names it at no cost; a first Intl formatter sets up the locale's data, tens of ms of a phone's CPU in one task.
 */
export function timeZoneName(): string {
  try {
    // (Temporal's types are not in TypeScript's lib yet.)
    const temporal = (globalThis as { Temporal?: { Now: { timeZoneId: () => string } } }).Temporal;
    return temporal?.Now.timeZoneId() || Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
