// The order test/chromium.mjs resolves a Chromium in, on a fake machine: each step is chosen when the ones before it
// are absent, and the installers run (as fakes that put a file in place) only when nothing is found.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  ChromiumNotFound,
  HOW_TO_FIX,
  LAUNCH_ARGS,
  chromiumLaunchOptions,
  ensureChromium,
  findChromium,
  thisMachine,
} from '../chromium.mjs';

const PLAYWRIGHT_CHROME = '/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
const PLAYWRIGHT_CLI = '/repo/node_modules/playwright/cli.js';

/**
 * A machine with the given files (each a browser that answers --version unless listed in `broken`), PATH entries,
 * and installers that add a file when they succeed. Records every command run and every line logged.
 */
function fakeMachine({
  env = {},
  files = [],
  broken = [],
  onPath = {},
  platform = 'linux',
  root = true,
  aptGet = true,
  installs = {},
} = {}) {
  const present = new Set(files);
  const machine = {
    env,
    platform,
    ran: [],
    logged: [],
    isFile: (path) => present.has(path),
    isRoot: () => root,
    which: (name) =>
      name === 'apt-get'
        ? aptGet
          ? '/usr/bin/apt-get'
          : null
        : onPath[name] && present.has(onPath[name])
          ? onPath[name]
          : null,
    playwrightPath: () => PLAYWRIGHT_CHROME,
    playwrightCli: () => PLAYWRIGHT_CLI,
    version: (path) => (broken.includes(path) ? null : `Chromium 156.0 (${path})`),
    async run(command, args) {
      const line = [command, ...args].join(' ');
      machine.ran.push(line);
      const outcome = Object.entries(installs).find(([key]) => line.includes(key))?.[1];
      if (!outcome) return { ok: true, why: 'exit code 0' };
      if (outcome.adds) present.add(outcome.adds);
      return outcome.ok === false ? { ok: false, why: 'exit code 1' } : { ok: true, why: 'exit code 0' };
    },
    log: (line) => machine.logged.push(line),
  };
  return machine;
}

test('1. CHROMIUM_PATH wins over everything else when its file is there', () => {
  const m = fakeMachine({
    env: { CHROMIUM_PATH: '/opt/my/chrome' },
    files: ['/opt/my/chrome', PLAYWRIGHT_CHROME, '/usr/bin/chromium'],
    onPath: { chromium: '/usr/bin/chromium' },
  });
  assert.deepEqual(findChromium(m), {
    path: '/opt/my/chrome',
    source: 'CHROMIUM_PATH',
    version: 'Chromium 156.0 (/opt/my/chrome)',
  });
});

test('1. a CHROMIUM_PATH with no file behind it is an error naming the variable, never a silent fallback', async () => {
  const m = fakeMachine({
    env: { CHROMIUM_PATH: '/nonexistent' },
    files: ['/usr/bin/chromium'],
    onPath: { chromium: '/usr/bin/chromium' },
  });
  assert.throws(
    () => findChromium(m),
    (e) => e instanceof ChromiumNotFound && /CHROMIUM_PATH/.test(e.message) && e.message.includes('/nonexistent'),
  );
  await assert.rejects(ensureChromium(m), /CHROMIUM_PATH is set to "\/nonexistent"/);
  assert.deepEqual(m.ran, [], 'installs nothing: the user chose a browser');
});

test('1. a CHROMIUM_PATH file that does not run as a browser is an error naming the variable', () => {
  const m = fakeMachine({
    env: { CHROMIUM_PATH: '/usr/bin/true' },
    files: ['/usr/bin/true'],
    broken: ['/usr/bin/true'],
  });
  assert.throws(() => findChromium(m), /CHROMIUM_PATH is set to "\/usr\/bin\/true", but that file does not run/);
});

test('1. an empty CHROMIUM_PATH counts as unset', () => {
  const m = fakeMachine({ env: { CHROMIUM_PATH: '' }, files: [PLAYWRIGHT_CHROME] });
  assert.equal(findChromium(m).source, 'playwright-managed Chromium');
});

test("2. without CHROMIUM_PATH, playwright's own Chromium comes before a system one", () => {
  const m = fakeMachine({ files: [PLAYWRIGHT_CHROME, '/usr/bin/chromium'], onPath: { chromium: '/usr/bin/chromium' } });
  assert.deepEqual(findChromium(m), {
    path: PLAYWRIGHT_CHROME,
    source: 'playwright-managed Chromium',
    version: `Chromium 156.0 (${PLAYWRIGHT_CHROME})`,
  });
});

test("2. playwright's Chromium that does not run (host libraries missing) is skipped, with a word why", () => {
  const m = fakeMachine({ files: [PLAYWRIGHT_CHROME, '/usr/bin/chromium'], broken: [PLAYWRIGHT_CHROME] });
  assert.equal(findChromium(m).path, '/usr/bin/chromium');
  assert.match(m.logged.join('\n'), /Skipping .*chrome-linux64\/chrome: .*--version/);
});

test('3. a system browser on the PATH comes before the usual locations', () => {
  const m = fakeMachine({
    files: ['/usr/local/bin/google-chrome', '/usr/bin/chromium'],
    onPath: { 'google-chrome': '/usr/local/bin/google-chrome' },
  });
  assert.deepEqual(findChromium(m), {
    path: '/usr/local/bin/google-chrome',
    source: 'system browser',
    version: 'Chromium 156.0 (/usr/local/bin/google-chrome)',
  });
});

test('3. the usual Debian/Ubuntu and macOS locations are found when nothing is on the PATH', () => {
  assert.equal(findChromium(fakeMachine({ files: ['/usr/bin/chromium'] })).path, '/usr/bin/chromium');
  assert.equal(
    findChromium(fakeMachine({ files: ['/usr/bin/google-chrome-stable'] })).path,
    '/usr/bin/google-chrome-stable',
  );
  const mac = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';
  assert.equal(findChromium(fakeMachine({ platform: 'darwin', files: [mac] })).path, mac);
  assert.equal(
    findChromium(fakeMachine({ platform: 'darwin', files: ['/usr/bin/chromium'] })),
    null,
    'each platform looks in its own places',
  );
});

test("3. Ubuntu's snap stub that does not answer --version is passed over for the next candidate", () => {
  const m = fakeMachine({
    files: ['/usr/bin/chromium-browser', '/usr/bin/google-chrome'],
    broken: ['/usr/bin/chromium-browser'],
  });
  assert.equal(findChromium(m).path, '/usr/bin/google-chrome');
});

test('a browser found by steps 1 to 3 is used as it is: nothing is installed', async () => {
  const m = fakeMachine({ files: ['/usr/bin/chromium'] });
  assert.equal((await ensureChromium(m)).path, '/usr/bin/chromium');
  assert.deepEqual(m.ran, []);
  assert.match(m.logged.at(-1), /^Chromium for the tests: \/usr\/bin\/chromium \(system browser; Chromium 156\.0/);
});

test('4. nothing found: `playwright install chromium` runs first, and its browser is taken', async () => {
  const m = fakeMachine({ installs: { 'install chromium': { adds: PLAYWRIGHT_CHROME } } });
  const found = await ensureChromium(m);
  assert.equal(found.path, PLAYWRIGHT_CHROME);
  assert.deepEqual(m.ran, [`${process.execPath} ${PLAYWRIGHT_CLI} install chromium`], 'apt-get is not needed');
  assert.match(m.logged.join('\n'), /npx playwright install chromium/);
});

test("4. playwright's download fails (no internet): Debian's chromium package is installed as root", async () => {
  const m = fakeMachine({
    installs: { 'playwright/cli.js install': { ok: false }, 'apt-get install': { adds: '/usr/bin/chromium' } },
    onPath: { chromium: '/usr/bin/chromium' },
  });
  const found = await ensureChromium(m);
  assert.equal(found.path, '/usr/bin/chromium');
  assert.deepEqual(
    m.ran.map((line) => line.replace(process.execPath, 'node')),
    [`node ${PLAYWRIGHT_CLI} install chromium`, 'apt-get update -qq', 'apt-get install -y -qq chromium'],
  );
  const log = m.logged.join('\n');
  assert.match(log, /playwright could not install Chromium \(exit code 1\); going on/);
  assert.match(log, /Installing Debian's chromium package with apt-get/);
});

test("4. playwright's browser installs but cannot run here: apt-get still gets its turn", async () => {
  const m = fakeMachine({
    broken: [PLAYWRIGHT_CHROME],
    installs: {
      'playwright/cli.js install': { adds: PLAYWRIGHT_CHROME },
      'apt-get install': { adds: '/usr/bin/chromium' },
    },
  });
  assert.equal((await ensureChromium(m)).path, '/usr/bin/chromium');
});

test('5. not root: apt-get is not tried, and the error names the three ways to fix it', async () => {
  const m = fakeMachine({ root: false, installs: { 'playwright/cli.js install': { ok: false } } });
  await assert.rejects(ensureChromium(m), (e) => e instanceof ChromiumNotFound && e.message.includes(HOW_TO_FIX));
  assert.equal(m.ran.length, 1, 'only playwright ran');
  assert.match(m.logged.join('\n'), /needs root and apt-get/);
  for (const way of ['npx playwright install chromium', 'apt-get install chromium', 'CHROMIUM_PATH='])
    assert.ok(HOW_TO_FIX.includes(way), way);
});

test('5. no apt-get (macOS, Fedora): the same clear error after playwright', async () => {
  const m = fakeMachine({ aptGet: false, installs: { 'playwright/cli.js install': { ok: false } } });
  await assert.rejects(ensureChromium(m), /No Chromium for the browser tests, and none could be installed/);
  assert.equal(m.ran.length, 1);
});

test('5. apt-get update fails: install is not attempted, and the error still comes', async () => {
  const m = fakeMachine({ installs: { 'playwright/cli.js install': { ok: false }, 'apt-get update': { ok: false } } });
  await assert.rejects(ensureChromium(m), ChromiumNotFound);
  assert.deepEqual(m.ran.slice(1), ['apt-get update -qq']);
  assert.match(m.logged.join('\n'), /apt-get could not install chromium \(exit code 1\)/);
});

test("the test configs' launch options: the resolved path with this environment's flags, and a clear error when none", () => {
  // Memoized per process, so the no-browser case runs first on a machine with nothing.
  assert.throws(
    () => chromiumLaunchOptions(fakeMachine()),
    (e) => e instanceof ChromiumNotFound && e.message.includes(HOW_TO_FIX),
  );
  assert.deepEqual(chromiumLaunchOptions(fakeMachine({ files: ['/usr/bin/chromium'] })), {
    executablePath: '/usr/bin/chromium',
    args: LAUNCH_ARGS,
  });
  assert.ok(LAUNCH_ARGS.includes('--no-sandbox') && LAUNCH_ARGS.includes('--disable-background-networking'));
});

test('the real machine: PATH look-up, the --version probe, and installer output kept for a failure', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const dir = mkdtempSync(join(tmpdir(), 'chromium-test-'));
  try {
    const script = (name, body) => writeFileSync(join(dir, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    script('chromium', 'echo "Command requires the chromium snap to be installed" >&2; exit 1'); // Ubuntu's stub
    script('google-chrome', 'echo "Google Chrome 160.0.1.2"');
    const logged = [];
    const machine = { ...thisMachine({ PATH: dir }), playwrightPath: () => null, log: (line) => logged.push(line) };
    assert.equal(machine.which('google-chrome'), join(dir, 'google-chrome'));
    assert.equal(machine.which('no-such-browser'), null);
    assert.deepEqual(findChromium(machine), {
      path: join(dir, 'google-chrome'),
      source: 'system browser',
      version: 'Google Chrome 160.0.1.2',
    });
    assert.match(logged.join('\n'), /Skipping .*\/chromium: it is there but does not answer --version/);

    const failed = await machine.run(
      '/bin/sh',
      ['-c', 'echo unpacking; echo "E: Unable to locate package chromium" >&2; exit 100'],
      { timeoutMs: 5000, quiet: true },
    );
    assert.equal(failed.ok, false);
    assert.match(failed.why, /^exit code 100; its last lines:\n/);
    assert.ok(
      failed.why.includes('unpacking') && failed.why.includes('E: Unable to locate package chromium'),
      failed.why,
    );
    const hung = await machine.run('/bin/sleep', ['5'], { timeoutMs: 200, quiet: true });
    assert.deepEqual(hung, { ok: false, why: 'timed out after 0.2 s' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
