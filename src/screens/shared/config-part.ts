import { untracked } from '@preact/signals-react';
import type { BasicConfig } from '../../api/shapes/config';
import type { AppServices } from '../../app/context';
import { createResource, type Resource } from '../../kit';

/**
 * A part of basic config a screen shows (the FAQs, the banners, the operating rules). Basic config is loaded by
 * the app at start and on every language change and kept out of storage (docs/product.md, "Stored locally"), so a first visit may come
 * before it: this resource joins the load in flight, or asks again when an earlier one failed, so the screen can
 * show a skeleton and then Retry. It resolves to true once the part is there; the screen reads the part itself
 * from the config signal, so a language switch re-renders it without a reload of this resource (untracked).
 */
export function configPart(app: AppServices, part: keyof BasicConfig): Resource<true> {
  const has = () => app.config.config.peek()[part] !== undefined;
  return createResource(
    () =>
      untracked(async () => {
        if (!has()) await app.config.load(app.i18n.lang.value);
        return true as const;
      }),
    { initial: has() ? true : undefined },
  );
}
