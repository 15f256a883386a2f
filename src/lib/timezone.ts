/** The X-TZ header value: IANA zone name and GMT offset, e.g. `Asia/Shanghai; GMT+08:00`. */
export function timeZoneHeader(now = new Date()): string {
  return `${timeZoneName()}; GMT${gmtOffset(now)}`;
}

export function gmtOffset(now = new Date()): string {
  const minutes = -now.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The IANA zone name; 'UTC' on very old engines, where the offset alone still tells the server enough. */
export function timeZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
