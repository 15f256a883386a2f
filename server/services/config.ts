/** Configuration documents and contacts, read from the config and contacts tables (written by the seed). */
import type { Language } from '../../src/api/languages';
import { type Banner, type BasicConfig, type Contact, type Faq, type Localized } from '../../src/api/shapes/config';
import { CTA_ROUTES, type Cta } from '../../src/api/shapes/cta';
import { breaksChars } from '../../src/api/schema/text';
import type { Db } from '../storage/engine';
import { findConfigText, listContacts, upsertConfigText } from '../storage/config';
import { inTransaction } from '../storage/transaction';
import { clipRichText } from '../lib/sanitize';

function parseJson<T>(text: string | undefined, fallback: T): T {
  if (text === undefined) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Basic config's contacts of a kind, or (with `userId`) that merchant's own, which replace them in its popup. */
export async function contacts(db: Db, kind: 'service' | 'recharge', userId?: number): Promise<Contact[]> {
  const rows = await listContacts(db, kind, userId ?? null);
  return rows.map((r) => {
    const c: Contact = { id: r.id, type: r.type, url: r.url, label: parseJson<Record<string, string>>(r.label, {}) };
    if (r.icon) c.icon = r.icon;
    return c;
  });
}

export async function configValue<T>(db: Db, key: string, fallback: T): Promise<T> {
  return parseJson(await findConfigText(db, key), fallback);
}

/** privacy_policy is stored per language; the requested one is returned, else English, else the first. */
export async function basicConfig(db: Db, lang: Language | undefined): Promise<BasicConfig> {
  const policy = await configValue<Record<string, string>>(db, 'privacy_policy', {});
  return {
    client_language_map: await configValue(db, 'client_language_map', []),
    customer_service_url: await contacts(db, 'service'),
    recharge_customer_service_url: await contacts(db, 'recharge'),
    withdraw_method_config: await configValue(db, 'withdraw_method_config', []),
    // Rich text is bounded as it is served too: what was stored before the limits (or around them) stays small.
    faq_config: (await configValue<Faq[]>(db, 'faq_config', [])).map(servedFaq),
    privacy_policy: (lang && policy[lang]) || policy.en || Object.values(policy)[0] || '',
    banner_config: (await configValue<Banner[]>(db, 'banner_config', [])).map(servedBanner),
    operating_rules: clipRichText(await configValue(db, 'operating_rules', {})),
    currency: await configValue(db, 'currency', 'USD'),
  };
}

/** Longest plain texts served: a banner's title and subtitle sit over its artwork, a call to action is one button. */
export const TEXT_LIMITS = { title: 120, subtitle: 200, ctaLabel: 60 } as const;

/**
 * Operator plain text, as served: only strings that keep the `chars` rule (no control or bidi characters), trimmed
 * and cut at `max` characters (a code point is never split); a language left empty is left out. Undefined when no
 * language is left, so an optional text (a subtitle) is then simply absent.
 */
export function plainLocalized(raw: unknown, max: number): Localized | undefined {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return undefined;
  const out: Localized = {};
  for (const [lang, value] of Object.entries(raw as Record<string, unknown>)) {
    if (typeof value !== 'string' || breaksChars(value)) continue;
    const text = Array.from(value.trim()).slice(0, max).join('').trim();
    if (text) out[lang] = text;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * A call to action as served: a route that is one of the app's screens, exactly (CTA_ROUTES: no address, no other
 * origin, no query), and a label. Anything else is dropped: the page then simply ends without one.
 */
export function servedCta(raw: unknown): Cta | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const { route, label } = raw as { route?: unknown; label?: unknown };
  if (typeof route !== 'string' || !(CTA_ROUTES as readonly string[]).includes(route)) return undefined;
  const text = plainLocalized(label, TEXT_LIMITS.ctaLabel);
  return text ? { label: text, route: route as Cta['route'] } : undefined;
}

/** An FAQ as served: its answer bounded (rich text is sanitized when stored), its call to action checked. */
function servedFaq(f: Faq): Faq {
  const cta = servedCta(f.cta);
  const { cta: _stored, ...rest } = f;
  return { ...rest, answer: clipRichText(f.answer), ...(cta ? { cta } : {}) };
}

/** A banner as served: its words plain and bounded (an empty subtitle left out), its call to action checked. */
function servedBanner(b: Banner): Banner {
  const subtitle = plainLocalized(b.subtitle, TEXT_LIMITS.subtitle);
  const cta = servedCta(b.cta);
  const { subtitle: _s, cta: _c, ...rest } = b;
  return {
    ...rest,
    title: plainLocalized(b.title, TEXT_LIMITS.title) ?? {},
    content: clipRichText(b.content),
    ...(subtitle ? { subtitle } : {}),
    ...(cta ? { cta } : {}),
  };
}

/**
 * Test API only: appends an FAQ as given, without sanitizing (every real write sanitizes with lib/sanitize), so
 * that a browser test can prove the client's own rich-text layer holds by itself.
 */
export async function appendRawFaq(db: Db, question: string, answer: string): Promise<{ id: number }> {
  return inTransaction(db, async (trx) => {
    // The document's row is held while it is read and written back, so two appends never lose one another.
    const faqs = parseJson<Faq[]>(await findConfigText(trx, 'faq_config', { forUpdate: true }), []);
    const id = faqs.reduce((max, f) => Math.max(max, f.id), 0) + 1;
    faqs.push({ id, question: { en: question }, answer: { en: answer } });
    await upsertConfigText(trx, 'faq_config', JSON.stringify(faqs));
    return { id };
  });
}
