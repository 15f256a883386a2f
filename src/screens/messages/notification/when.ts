import type { Language } from '../../../api/languages';
import { INTL_LOCALE } from '../../../i18n/i18n';

/**
 * When a message came, as the list says it (relative for today, a date otherwise) and in full (its title),
 * through Intl in the screen's language: "5 minutes ago" / "vor 5 Minuten", "12 Nov" / "12. Nov.", with the
 * year only when it is not this year.
 */
export function when(iso: string, lang: Language, now = new Date()): { short: string; full: string } {
  const at = new Date(iso);
  const locale = INTL_LOCALE[lang];
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
  const sameDay =
    at.getFullYear() === now.getFullYear() && at.getMonth() === now.getMonth() && at.getDate() === now.getDate();
  if (sameDay && at <= now) {
    const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    const minutes = Math.floor((now.getTime() - at.getTime()) / 60_000);
    const short =
      minutes < 1
        ? rtf.format(0, 'second')
        : minutes < 60
          ? rtf.format(-minutes, 'minute')
          : rtf.format(-Math.floor(minutes / 60), 'hour');
    return { short, full };
  }
  const date =
    at.getFullYear() === now.getFullYear()
      ? ({ month: 'short', day: 'numeric' } as const)
      : ({ dateStyle: 'medium' } as const);
  return { short: new Intl.DateTimeFormat(locale, date).format(at), full };
}
