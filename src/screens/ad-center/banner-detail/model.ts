import { untracked } from '@preact/signals-react';
import type { AppServices } from '../../../app/context';
import { createModel, createResource } from '../../../kit';

/**
 * The banners arrive with basic config, kept out of storage (spec §3): a first visit may come before the app's
 * load has answered. This joins it (or asks again after a failure); see ques-detail's model for the same rule.
 */
export const BannerDetailModel = createModel((app: AppServices) => ({
  config: createResource(() =>
    untracked(() => (app.config.config.value.banner_config ? Promise.resolve() : app.config.load(app.i18n.lang.value))),
  ),
}));
