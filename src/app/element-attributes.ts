// The element's options by how they arrive: attributes (text, numbers, yes/no) and properties (every option).

/**
 * The options an attribute can carry, by how its text reads. Markup may come from someone other than the host (user
 * HTML a partner's sanitizer keeps): a token, and keeping one, are the host's to give, from script only, as
 * properties; and an address is checked before an attribute's value is used (markup-trust.ts).
 */
const TEXT = [
  'apiBase',
  'language',
  'routing',
  'initialRoute',
  'storagePrefix',
  'assetsBase',
  'localesBase',
  'loading',
] as const;
const NUMBER = ['zIndexBase', 'requestTimeout'] as const;
const FLAG = ['manageTitle', 'metrics', 'prefetch'] as const;
/** Every option the element takes as a property. `nonce` is HTMLElement's own (which a CSP page hides from attributes). */
export const PROPERTIES = [...TEXT, ...NUMBER, ...FLAG, 'token', 'persistToken', 'theme'] as const;
export type Property = (typeof PROPERTIES)[number];

/** `initialRoute` as an attribute's or an event's name: `initial-route`. */
export const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** attribute → [its option, how its text reads]. */
export function attributeReaders(): Record<string, [Property, (text: string) => unknown]> {
  const readers: Record<string, [Property, (text: string) => unknown]> = {};
  for (const name of TEXT) readers[kebab(name)] = [name, String];
  for (const name of NUMBER) readers[kebab(name)] = [name, Number];
  for (const name of FLAG) readers[kebab(name)] = [name, (text) => text !== 'false'];
  return readers;
}
