// Loaded by each test page (testPage in test/web-test-runner.config.mjs): every failure reaches the runner as plain data.
//
// Why: the page sends its results to the runner through the dev server's socket, which copies them with
// structuredClone. A chai error keeps what it compared as `actual` and `expected`; when that is an element
// (`expect(el).to.equal(null)`), the copy throws, the results are never sent, and the runner reports the file as
// "did not finish" minutes later, with no test named. So before the results are collected, whatever a failure
// compared that cannot be copied is put into words: an element as the start of its HTML, a function by its name, a
// repeated object as "[Circular]".

/** A copy of `value` that structuredClone accepts. */
export function plainData(value) {
  try {
    return structuredClone(value);
  } catch {
    const seen = new WeakSet();
    const plain = (v) => {
      if (typeof v === 'function') return `[function ${v.name || 'anonymous'}]`;
      if (typeof v !== 'object' || v === null) return v;
      if (v instanceof Element) return v.outerHTML.slice(0, 300);
      if (v instanceof Node) return v.nodeName;
      if (seen.has(v)) return '[Circular]';
      seen.add(v);
      if (Array.isArray(v)) return v.map(plain);
      const out = {};
      for (const k of Object.keys(v)) out[k] = plain(v[k]);
      if (v instanceof Error) for (const k of ['name', 'message', 'stack']) out[k] = v[k];
      return out;
    };
    return plain(value);
  }
}

/** What the runner reads of a failure, made copyable in place. */
function makePlain(err) {
  if (!err || typeof err !== 'object') return;
  for (const key of ['actual', 'expected']) if (key in err) err[key] = plainData(err[key]);
}

/**
 * The failures of every test and hook under `suite`: the places @web/test-runner-mocha reads them from when the
 * run ends (mocha's reporter keeps each failure on its test or hook as `err`).
 */
function* failures(suite) {
  for (const hooks of [suite._beforeAll, suite._beforeEach, suite._afterEach, suite._afterAll])
    for (const hook of hooks) if (hook.err) yield hook.err;
  for (const test of suite.tests) if (test.err) yield test.err;
  for (const child of suite.suites) yield* failures(child);
}

/**
 * Registers, on mocha's root suite, the hook that makes every failure so far plain. Called after the test file has
 * added its suites and hooks, so it is the root's last hook and runs after everything else in the file.
 */
export function reportFailuresPlainly(mocha) {
  mocha.suite.afterAll('failures are reported as plain data', function () {
    for (const err of failures(mocha.suite)) makePlain(err);
  });
}
