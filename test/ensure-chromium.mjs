/**
 * The first step of `npm test`: finds the Chromium the browser and end-to-end tests will use, or installs one, in
 * the first seconds instead of failing minutes later (see test/chromium.mjs for the order).
 */
import { ChromiumNotFound, ensureChromium } from './chromium.mjs';

try {
  await ensureChromium();
} catch (e) {
  if (!(e instanceof ChromiumNotFound)) throw e;
  process.stderr.write(`\n${e.message}\n`);
  process.exit(1);
}
