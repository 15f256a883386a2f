/** The X-TZ header value: IANA zone name and GMT offset, e.g. `Asia/Shanghai; GMT+08:00`. */
export function timeZoneHeader(now = new Date()): string {
  let name = 'UTC';
  try {
    name = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    /* very old engines: offset alone still tells the server enough */
  }
  return `${name}; GMT${gmtOffset(now)}`;
}

export function gmtOffset(now = new Date()): string {
  const minutes = -now.getTimezoneOffset();
  const sign = minutes >= 0 ? '+' : '-';
  const abs = Math.abs(minutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

export function timeZoneName(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
