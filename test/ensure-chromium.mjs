/**
 * The first step of `npm test`: finds the browsers the browser and end-to-end tests will use, or installs them, in
 * the first seconds instead of failing minutes later: Chromium (see test/chromium.mjs for the order), then WebKit
 * and Firefox with Xvfb (test/engines.mjs), each named with the binary it took.
 */
import { ChromiumNotFound, ensureChromium } from './chromium.mjs';
import { ensureEngines } from './engines.mjs';

try {
  await ensureChromium();
  await ensureEngines();
} catch (e) {
  if (!(e instanceof ChromiumNotFound) && !/ENGINES=chromium/.test(e.message)) throw e;
  process.stderr.write(`\n${e.message}\n`);
  process.exit(1);
}
