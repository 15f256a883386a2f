/**
 * The one place every test entry point gets its Chromium from (the browser tests, the end-to-end tests, any script
 * that launches one), so `npm install && npm test` works on a fresh machine with nothing else installed.
 *
 * Resolution order, the first that answers wins:
 *   1. `CHROMIUM_PATH`, when set (an error naming the variable when nothing runnable is there: a typo must not
 *      silently test against another browser);
 *   2. the Chromium playwright manages (`npx playwright install chromium`), when it is installed;
 *   3. a system Chromium or Chrome on the PATH or at the usual Debian/Ubuntu/macOS locations;
 *   4. none: install one, first through playwright (what a laptop with internet expects), then, as root on a
 *      system with apt-get, Debian's `chromium` package;
 *   5. still none: one error naming the three ways to fix it.
 * A candidate counts only when it answers `--version`: Ubuntu's `chromium-browser` can be a stub that asks for a
 * snap, and a playwright build can lack the host's libraries; both would otherwise fail minutes later, mid-run.
 *
 * `findChromium` (steps 1 to 3) is synchronous and installs nothing, for the test configs; `ensureChromium` adds
 * steps 4 and 5 and runs first in `npm test` (test/ensure-chromium.mjs), so a missing browser is fixed in the
 * first seconds. Both take the machine as an argument, so the order is tested without touching this one.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, dirname, join } from 'node:path';

/** The flags this environment needs: root without a sandbox, no GPU, and no calls home on a closed network. */
export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Executable names looked up on the PATH, most specific first. */
export const PATH_NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome'];

/** Where Debian/Ubuntu packages, Google's installers and macOS put a Chromium or Chrome. */
export const USUAL_LOCATIONS = {
  linux: [
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome-stable',
    '/usr/bin/google-chrome',
    '/snap/bin/chromium',
    '/opt/google/chrome/chrome',
  ],
  darwin: [
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    '/Applications/Chromium.app/Contents/MacOS/Chromium',
  ],
};

export const INSTALL_TIMEOUTS_MS = { playwright: 5 * 60_000, apt: 10 * 60_000 };

export const HOW_TO_FIX = [
  'Fix it in one of three ways, then run `npm test` again:',
  '  1. npx playwright install chromium          (playwright downloads its own Chromium; needs internet)',
  '  2. sudo apt-get install chromium           (Debian/Ubuntu; or install Google Chrome from google.com/chrome)',
  '  3. CHROMIUM_PATH=/path/to/chrome npm test  (use a Chromium or Chrome you already have)',
].join('\n');

export class ChromiumNotFound extends Error {
  constructor(message) {
    super(message);
    this.name = 'ChromiumNotFound';
  }
}

/**
 * Steps 1 to 3. Returns `{ path, source, version }` or null; throws only for a `CHROMIUM_PATH` that names nothing
 * runnable, which is the user's explicit choice and never overridden.
 */
export function findChromium(machine = thisMachine()) {
  const given = machine.env.CHROMIUM_PATH;
  if (given) {
    if (!machine.isFile(given)) {
      throw new ChromiumNotFound(
        `CHROMIUM_PATH is set to "${given}", but there is no file there. Point CHROMIUM_PATH at a Chromium or Chrome executable, or unset it to let the tests find or install one.`,
      );
    }
    const version = machine.version(given);
    if (!version) {
      throw new ChromiumNotFound(
        `CHROMIUM_PATH is set to "${given}", but that file does not run as a browser (\`${given} --version\` failed). Point CHROMIUM_PATH at a Chromium or Chrome executable, or unset it.`,
      );
    }
    return { path: given, source: 'CHROMIUM_PATH', version };
  }
  const managed = machine.playwrightPath();
  const fromPlaywright = managed && accept(machine, managed, 'playwright-managed Chromium');
  if (fromPlaywright) return fromPlaywright;
  for (const path of systemCandidates(machine)) {
    const found = accept(machine, path, 'system browser');
    if (found) return found;
  }
  return null;
}

/** Steps 1 to 5: finds a Chromium, installing one when there is none. Throws `ChromiumNotFound` when it cannot. */
export async function ensureChromium(machine = thisMachine()) {
  const found = findChromium(machine);
  if (found) return report(machine, found);
  machine.log(
    'No Chromium or Chrome found (CHROMIUM_PATH unset, none from playwright, none on the PATH or at the usual places).',
  );

  machine.log('Installing one with `npx playwright install chromium` (downloads about 170 MB, takes a minute)...');
  const viaPlaywright = await machine.run(process.execPath, [machine.playwrightCli(), 'install', 'chromium'], {
    timeoutMs: INSTALL_TIMEOUTS_MS.playwright,
  });
  if (!viaPlaywright.ok) machine.log(`playwright could not install Chromium (${viaPlaywright.why}); going on.`);
  const afterPlaywright = findChromium(machine);
  if (afterPlaywright) return report(machine, afterPlaywright);

  if (machine.isRoot() && machine.which('apt-get')) {
    machine.log("Installing Debian's chromium package with apt-get (about a minute)...");
    const apt = { timeoutMs: INSTALL_TIMEOUTS_MS.apt, env: { DEBIAN_FRONTEND: 'noninteractive' }, quiet: true };
    const updated = await machine.run('apt-get', ['update', '-qq'], apt);
    const installed = updated.ok && (await machine.run('apt-get', ['install', '-y', '-qq', 'chromium'], apt));
    if (!installed?.ok) machine.log(`apt-get could not install chromium (${(installed || updated).why}).`);
    const afterApt = findChromium(machine);
    if (afterApt) return report(machine, afterApt);
  } else {
    machine.log("Not installing Debian's chromium package: that needs root and apt-get.");
  }
  throw new ChromiumNotFound(`No Chromium for the browser tests, and none could be installed.\n${HOW_TO_FIX}`);
}

/** playwright's launch options for the resolved Chromium, resolved once per process; steps 1 to 3 only. */
let resolved;
export function chromiumLaunchOptions(machine = thisMachine()) {
  resolved ??= findChromium(machine);
  if (!resolved) {
    throw new ChromiumNotFound(
      `No Chromium for the browser tests. \`npm test\` finds or installs one by itself (test/ensure-chromium.mjs).\n${HOW_TO_FIX}`,
    );
  }
  return { executablePath: resolved.path, args: LAUNCH_ARGS };
}

function accept(machine, path, source) {
  if (!machine.isFile(path)) return null;
  const version = machine.version(path);
  if (version) return { path, source, version };
  machine.log(`Skipping ${path}: it is there but does not answer --version.`);
  return null;
}

function systemCandidates(machine) {
  const onPath = PATH_NAMES.map((name) => machine.which(name)).filter(Boolean);
  return [...new Set([...onPath, ...(USUAL_LOCATIONS[machine.platform] ?? [])])];
}

function report(machine, found) {
  machine.log(`Chromium for the tests: ${found.path} (${found.source}; ${found.version})`);
  return found;
}

/** The real machine: what the functions above read and run, swapped for a fake one in test/node/chromium.test.mjs. */
export function thisMachine(env = process.env) {
  const require = createRequire(import.meta.url);
  const isFile = (path) => {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  };
  return {
    env,
    platform: process.platform,
    isFile,
    isRoot: () => process.getuid?.() === 0,
    which(name) {
      for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
        const path = join(dir, name);
        try {
          accessSync(path, constants.X_OK);
          if (isFile(path)) return path;
        } catch {
          /* not here */
        }
      }
      return null;
    },
    playwrightPath() {
      try {
        return require('playwright').chromium.executablePath();
      } catch {
        return null; // playwright not installed (npm install not run yet)
      }
    },
    playwrightCli: () => join(dirname(require.resolve('playwright/package.json')), 'cli.js'),
    version(path) {
      const out = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 15_000 });
      const line = out.status === 0 ? out.stdout.trim().split('\n').pop() : '';
      return /\d+\.\d+/.test(line) ? line : null;
    },
    run(command, args, { timeoutMs, env: extra = {}, quiet = false }) {
      // playwright's own progress is worth watching; apt's hundreds of unpacking lines are kept for a failure.
      return new Promise((done) => {
        const child = spawn(command, args, {
          stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
          env: { ...env, ...extra },
        });
        let output = '';
        for (const stream of [child.stdout, child.stderr])
          stream?.on('data', (chunk) => {
            output = (output + chunk).slice(-4000);
          });
        const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.on('error', (e) => {
          clearTimeout(timer);
          done({ ok: false, why: e.message });
        });
        child.on('exit', (code, signal) => {
          clearTimeout(timer);
          let why =
            signal === 'SIGKILL'
              ? `timed out after ${timeoutMs / 1000} s`
              : signal
                ? `killed by ${signal}`
                : `exit code ${code}`;
          if (code !== 0 && output) why += `; its last lines:\n${output.trimEnd().split('\n').slice(-12).join('\n')}`;
          done({ ok: code === 0, why });
        });
      });
    },
    log: (line) => process.stderr.write(`[chromium] ${line}\n`),
  };
}
