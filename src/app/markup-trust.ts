/**
 * What a `<merchant-ads>` takes from markup. Its attributes may be written by someone other than the host (user HTML
 * a partner's sanitizer keeps, any markup injection), so an address there is used only on the page's own origin or
 * on an origin the host allowed from script (define()'s allowedOrigins); a property is the host's script and is
 * taken as it is. `assets-base` is the loader's to judge (it runs only the SDK's own folder's files, or those of an
 * origin the host allowed from script): the element hands it on without vouching for it.
 */
import { allowAssetOrigin, pageAddress } from '../lib/assets';
import type { MountOptions } from './types';

/** What define() takes: the tag, and the origins an attribute may name besides the page's own. */
export interface DefineOptions {
  /** The element's tag name (default `merchant-ads`). */
  tag?: string;
  /**
   * Origins (`https://api.example.com`) that attributes may name for `api-base`, `locales-base` and `assets-base`;
   * the SDK's files from them run with the page's nonce. Given from script only.
   */
  allowedOrigins?: readonly string[];
}

/** The options that name where the app talks to and reads its words from, by their attributes. */
const ADDRESSES = { apiBase: 'api-base', localesBase: 'locales-base' } as const;

/** Origins allowed from script, by every define() of this copy of the SDK. */
const allowedOrigins = new Set<string>();

/** Origins the host's script allows: attributes may name them, and the SDK's files from them run. */
export function allowOrigins(origins: readonly string[]): void {
  for (const origin of origins) {
    allowedOrigins.add(new URL(origin).origin);
    allowAssetOrigin(origin);
  }
}

/** Why an attribute's address is refused, or null when it may be used. */
function refusal(attribute: string, value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, pageAddress());
  } catch {
    return `${attribute}="${value}" is no address`;
  }
  if (allowedOrigins.has(url.origin) || url.origin === new URL(pageAddress()).origin) return null;
  return `${attribute}="${value}" is on another origin (${url.origin})`;
}

/** Why the addresses that came from markup (`fromMarkup`: the options an attribute set) may not be used; none: all may. */
export function markupRefusals(options: Partial<MountOptions>, fromMarkup: ReadonlySet<string>): string[] {
  return (Object.keys(ADDRESSES) as (keyof typeof ADDRESSES)[])
    .filter((k) => fromMarkup.has(k) && options[k] !== undefined)
    .map((k) => refusal(ADDRESSES[k], options[k]!))
    .filter((why): why is string => why !== null);
}
