/**
 * The shell: what the kernel (src/app) renders around the screens, and the route table built from the screen
 * groups. The entry point hands it to the kernel, so nothing in the kernel imports a screen.
 */
import type { Shell } from '../app/types';
import sharedCss from '../screens/shared/shared.css';
import { App } from './App';
import { coreGroup } from './groups';
import { SCREEN_ROUTES } from './routes';
import shellCss from './shell.css';

export const shell: Shell = {
  App,
  routes: SCREEN_ROUTES,
  // The core screens' CSS; every other group's joins the widget's <style> when its file has loaded (App).
  css: shellCss + sharedCss + coreGroup.css,
};
