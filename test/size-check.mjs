// Fails the test run when the script-tag bundle grows past its budget (gzip -9, as served).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 60;
const file = new URL('../dist/merchant-ads.js', import.meta.url);
const raw = readFileSync(file);
const gz = gzipSync(raw, { level: 9 }).length;
const kb = (n) => (n / 1024).toFixed(1);
console.log(`dist/merchant-ads.js: ${kb(raw.length)} KB raw, ${kb(gz)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (/\breact-dom\.production|__SECRET_INTERNALS_DO_NOT_USE_OR_WARN_YOU_WILL_BE_FIRED\b/.test(raw.toString())) {
  console.error('real React ended up in the bundle: check the preact/compat aliases');
  process.exit(1);
}
if (gz > BUDGET_KB * 1024) {
  console.error(`over budget by ${kb(gz - BUDGET_KB * 1024)} KB`);
  process.exit(1);
}
