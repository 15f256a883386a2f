/**
 * Where each route group's screens come from. The core group is part of the script itself; every other group is a
 * file of its own (a dynamic import: a chunk of the module builds, a file beside the script in the script-tag build),
 * fetched the first time one of its routes is shown, or ahead of that when the merchant is expected to open it.
 */
import { lazyFile, type LazyFile } from '../lib/lazy-file';
import { authScreens } from '../screens/auth';
import { defineGroup, type GroupName, type ScreenGroup } from '../screens/define';
import { miscScreens } from '../screens/misc';
import { serviceFile, type ServiceModule } from '../screens/service/file';

/** Login, registration and 404: inside the script, no file to wait for. */
export const coreGroup = defineGroup([...authScreens, ...miscScreens]);

const group = <T extends { default: ScreenGroup }>(file: LazyFile<T>): LazyFile<ScreenGroup> => ({
  get loaded() {
    return file.loaded?.default;
  },
  load: (o) => file.load(o).then((m) => m.default),
});

/** Each group's file; the core has none. */
export const GROUP_FILES: Record<Exclude<GroupName, 'core'>, LazyFile<ScreenGroup>> = {
  'auth-partner': group(lazyFile(() => import('../screens/auth/partner-group'))),
  'ad-center': group(lazyFile(() => import('../screens/ad-center'))),
  'ad-center-tools': group(lazyFile(() => import('../screens/ad-center/tools-group'))),
  messages: group(lazyFile(() => import('../screens/messages'))),
  plan: group(lazyFile(() => import('../screens/plan'))),
  service: group<ServiceModule>(serviceFile),
  wallet: group(lazyFile(() => import('../screens/wallet'))),
};
