// The engines run (`npm run test:engines`): the preact build's tests of what a merchant does most (sign-in, home, the
// wallet with its withdraw sheet and password prompt, card binding and foreign exchange, plans and the put dialog,
// notifications, coupons, the change stream) and the bridge host page, in WebKit and Firefox (test/engines.mjs says
// how each is driven), against the same server, API proxy and build as the Chromium run (`build/test/`, made by
// test:browser).
// ENGINES=webkit or ENGINES=firefox runs one of them.
import base from './web-test-runner.config.mjs';
import { firefoxLauncher, webkitLauncher } from './engine-launchers.mjs';
import { enginesWanted } from './engines.mjs';

export const ENGINE_FILES = [
  'build/test/app/auth.test.js',
  'build/test/app/loading.test.js',
  'build/test/screens/ad-center/home/home.test.js',
  'build/test/screens/ad-center/home/home-refresh.test.js',
  'build/test/screens/wallet/home/wallet-*.test.js',
  'build/test/screens/wallet/wallet-*.test.js',
  'build/test/screens/plan/plan.test.js',
  'build/test/screens/plan/plan-put.test.js',
  'build/test/screens/messages/notification/notification*.test.js',
  'build/test/screens/shared/live-changes.test.js',
  'build/test/screens/ad-center/coupons/coupons-*.test.js',
  'build/test/bridge/host-page.test.js',
];

const launchers = { webkit: webkitLauncher, firefox: firefoxLauncher };

export default {
  ...base,
  files: ENGINE_FILES,
  // One engine after the other: side by side they took longer than in turn (150 s against 69 + 62 s), both
  // being busy on two cores.
  concurrentBrowsers: 1,
  browsers: enginesWanted()
    .filter((e) => e in launchers)
    .map((e) => launchers[e]()),
};
