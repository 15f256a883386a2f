/** Class-name helpers in the spirit of Vant's bem(): every class the UI kit writes is `block`, `block__element` or `…--modifier`. */

export type Mods = string | false | null | undefined | Record<string, unknown> | Mods[];

const mods = (name: string, m: Mods): string =>
  !m
    ? ''
    : typeof m === 'string'
      ? ` ${name}--${m}`
      : Array.isArray(m)
        ? m.map((x) => mods(name, x)).join('')
        : mods(
            name,
            Object.keys(m).filter((k) => m[k]),
          );

/**
 * `bem('ma-popup')('body', { open: true })` → 'ma-popup__body ma-popup__body--open';
 * `bem('ma-popup')(['bottom', { round: true }])` → 'ma-popup ma-popup--bottom ma-popup--round'.
 * A string first argument is always an element: a block modifier goes in an array or object, as in Vant.
 */
export const bem =
  (block: string) =>
  (el?: string | Mods, m?: Mods): string => {
    if (typeof el !== 'string') [m, el] = [el, ''];
    const name = el ? `${block}__${el}` : block;
    return name + mods(name, m);
  };

/** Joins the truthy class names: cx('a', cond && 'b', undefined) → 'a b' (cond true). */
export const cx = (...names: unknown[]): string => names.filter(Boolean).join(' ');
