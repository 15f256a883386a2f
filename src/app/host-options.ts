/**
 * How a host's declarative options reach a running app, shared by the React component and the `<merchant-ads>`
 * element so both decide alike: which options name another app (a remount), and which of the rest changed since
 * they were last handed to update().
 */
import type { MountOptions } from './types';

/** Changing one of these is another app (other API, other history, other storage): the host remounts it. */
export const REMOUNT_KEYS = ['apiBase', 'routing', 'storagePrefix'] as const;
/** Options read once, when the app mounts. */
export const MOUNT_KEYS = ['initialRoute', 'loading'] as const;
/** Options update() applies to the running app. */
export const RUNTIME_KEYS = [
  'token',
  'persistToken',
  'language',
  'nonce',
  'theme',
  'manageTitle',
  'localesBase',
  'assetsBase',
  'prefetch',
  'zIndexBase',
  'requestTimeout',
  'metrics',
] as const;
export type RuntimeKey = (typeof RUNTIME_KEYS)[number];
/** What was last handed to the app, per runtime option. */
export type Applied = Partial<Record<RuntimeKey, unknown>>;

/** The app these options name: equal keys, the same app. */
export const remountKey = (given: Partial<MountOptions>): string =>
  JSON.stringify(REMOUNT_KEYS.map((k) => given[k] ?? null));

/** Compared by value, so an inline theme object does not count as a change. */
const same = (a: unknown, b: unknown) =>
  a === b ||
  (typeof a === 'object' &&
    typeof b === 'object' &&
    a !== null &&
    b !== null &&
    JSON.stringify(a) === JSON.stringify(b));

/** The runtime options as mount() should first get them, and the record of what it got. */
export function initialOptions(given: Partial<MountOptions>, applied: Applied): MountOptions {
  const options = { apiBase: given.apiBase } as MountOptions;
  for (const k of [...REMOUNT_KEYS, ...RUNTIME_KEYS, ...MOUNT_KEYS] as const)
    if (given[k] !== undefined) (options as unknown as Record<string, unknown>)[k] = given[k];
  for (const k of RUNTIME_KEYS) applied[k] = options[k];
  return options;
}

/**
 * Hands the app the runtime options that changed since `applied` (which it brings up to date). An option taken
 * away keeps the app's current value (update() merges), but for the token: taken away, it signs out.
 */
export function applyChanges(
  update: (o: Partial<MountOptions>) => void,
  o: Partial<MountOptions>,
  applied: Applied,
): void {
  const changed: Partial<MountOptions> = {};
  let any = false;
  for (const k of RUNTIME_KEYS) {
    const v = o[k];
    if (same(v, applied[k])) continue;
    applied[k] = v;
    if (v === undefined && k !== 'token') continue;
    (changed as Record<string, unknown>)[k] = k === 'token' ? (v ?? null) : v;
    any = true;
  }
  if (any) update(changed);
}
