/**
 * The first step of `npm test`: finds the browsers the browser and end-to-end tests will use, or installs them, in
 * the first seconds instead of failing minutes later: Chromium (see test/chromium.mjs for the order), then WebKit
 * and Firefox with Xvfb (test/engines.mjs), each named with the binary it took; and nginx, which the server's tests
 * put in front of it (test/nginx.mjs). PostgreSQL is found or started by test/node-tests.mjs, which owns its cluster.
 */
import { ChromiumNotFound, ensureChromium } from './chromium.mjs';
import { ensureEngines } from './engines.mjs';
import { ensureNginx } from './nginx.mjs';

try {
  await ensureChromium();
  await ensureEngines();
  console.log(`[nginx] ${ensureNginx()}`);
} catch (e) {
  if (!(e instanceof ChromiumNotFound) && !/ENGINES=chromium|nginx/.test(e.message)) throw e;
  process.stderr.write(`\n${e.message}\n`);
  process.exit(1);
}
