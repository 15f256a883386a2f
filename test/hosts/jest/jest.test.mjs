/**
 * A partner's unit tests in Jest 30 (jsdom, Babel for JSX and `import`), with the package installed from the packed
 * tarball: its own dashboard component renders <MerchantAds> in jsdom, which shows the app's English login and tells
 * `ready`, unmounts without a trace, and never logs an error or a warning (React's act() warnings included: the
 * host's setup file fails a test on any); in Jest's node environment `require()` of both entries loads the
 * CommonJS files without a DOM; `import` of both through Babel works in jsdom, touches nothing on the page, and
 * mount() without React shows the login too. Jest has to finish every test and then exit on its own: an app that
 * left a timer or a request running would keep it alive.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { basename } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { installHost } from '../host.mjs';

const dir = fileURLToPath(new URL('.', import.meta.url));

/** Every test of the host's suites, as `file: title`; each must pass (a test skipped or gone fails the check too). */
const EXPECTED = [
  'Dashboard.test.jsx: the dashboard shows its heading and the merchant app, which is ready on its login and unmounts without a trace',
  'Dashboard.test.jsx: a test that only looks at the heading and ends at once: the app starts, is unmounted unfinished, and says nothing',
  'import-side-effects.test.jsx: importing both entries touches neither the document nor window',
  'import.test.jsx: both entries import through Babel and export mount, version and the component',
  'import.test.jsx: mount() without React: the English login, ready, and unmount() leaves an empty shadow root',
  'require.test.jsx: there is no DOM here',
  "require.test.jsx: require('merchant-ads-sdk') and require('merchant-ads-sdk/react') load the CommonJS files and export mount and MerchantAds",
  'require.test.jsx: the dashboard renders on a server to its heading and the empty host div',
];

test(
  "Jest 30 (jsdom): the partner's tests of a component with <MerchantAds> pass, and Jest exits by itself",
  { timeout: 300_000 },
  (t) => {
    let since = performance.now();
    installHost(dir);
    t.diagnostic(`npm ci and the tarball: ${Math.round(performance.now() - since)} ms`);

    // Not host.mjs's run(): that waits for ever, and a Jest kept alive by something the app left running is one of the
    // failures this check is for; and a failed test should show its own message, read from the JSON, not only a status.
    since = performance.now();
    const jest = spawnSync(`${dir}node_modules/.bin/jest`, ['--ci', '--json'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 60_000,
      killSignal: 'SIGKILL',
    });
    t.diagnostic(`jest: ${Math.round(performance.now() - since)} ms`);
    assert.equal(jest.signal, null, `Jest did not exit within a minute (something kept it alive):\n${jest.stderr}`);
    assert.doesNotMatch(jest.stderr, /did not exit|failed to exit gracefully|open handle/i, 'Jest exits cleanly');

    const report = JSON.parse(jest.stdout);
    const results = report.testResults.flatMap((suite) =>
      suite.assertionResults.length
        ? suite.assertionResults.map((a) => ({
            name: `${basename(suite.name)}: ${a.title}`,
            status: a.status,
            failure: a.failureMessages.join('\n'),
          }))
        : [{ name: `${basename(suite.name)}: (suite)`, status: suite.status, failure: suite.message }],
    );
    const failures = results
      .filter((r) => r.status !== 'passed')
      .map((r) => `${r.name}\n${r.failure}`)
      .join('\n\n');
    assert.deepEqual(
      results.map((r) => `${r.name}: ${r.status}`).sort(),
      EXPECTED.map((name) => `${name}: passed`).sort(),
      failures || jest.stderr,
    );
    assert.deepEqual(
      [report.numFailedTests, report.numRuntimeErrorTestSuites, report.numPassedTests],
      [0, 0, EXPECTED.length],
    );
    assert.equal(jest.status, 0, jest.stderr);
  },
);
