import { untracked } from '@preact/signals-react';
import type { AppServices } from '../../../app/context';
import { createModel, createResource } from '../../../kit';

/**
 * The FAQs arrive with basic config, which the app loads at start and on every language change and keeps out of
 * storage (spec §3), so a fresh visit may come before them. This resource joins the load in flight, or asks again
 * when an earlier one failed: the screen shows a skeleton meanwhile and a retry if it fails. Untracked: the config
 * changing later (a language switch) re-renders the screen through its signal, it is not a reload of this one.
 */
export const QuesDetailModel = createModel((app: AppServices) => ({
  config: createResource(() =>
    untracked(() => (app.config.config.value.faq_config ? Promise.resolve() : app.config.load(app.i18n.lang.value))),
  ),
}));
