/**
 * What the browser tests and the end-to-end tests share: the reference server as `npm start` runs it (with the
 * test API), on 127.0.0.1 with a fresh in-memory database. (Their Chromium comes from ./chromium.mjs.)
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

/**
 * Starts server/main.ts on a port the OS picks and resolves once its banner names it, so no port can be taken
 * between choosing and listening. `stop()` ends it and waits for it to exit. `env` overrides the settings above
 * (the screenshots keep the seeded plans still with the real pace; an empty value is the server's default).
 * `root`: the checkout whose server runs (a benchmark compares another commit's).
 */
export async function startReferenceServer({ timeoutMs = 20000, env = {}, root = ROOT } = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', '--test-api'], {
    cwd: root,
    // Every browser of a test run reaches the server from 127.0.0.1 (through the test proxy): one client to the
    // per-client password-hash budget, which a real client never shares. The server tests check that budget.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE: ':memory:',
      LOG_LEVEL: 'warn',
      PASSWORD_CHECKS_PER_MINUTE: '6000',
      PASSWORD_CHECKS_IN_FLIGHT: '8',
      // A put settles within seconds (about 250 steps of 20 ms) and never fails at random.
      SIMULATION_STEP_MS: '20',
      SIMULATION_FAIL_PERCENT: '0',
      // The same proxy holds the connections of every browser at once: far more than one real client's.
      CONNECTIONS_PER_ADDRESS: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
  const origin = await new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => {
      void stop();
      fail(new Error(`reference server did not start within ${timeoutMs} ms: ${out}`));
    }, timeoutMs);
    // Keep reading stdout for the server's whole life, so the pipe never fills or closes under it.
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (m) {
        clearTimeout(timer);
        ok(m[0]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`reference server exited with ${code} before listening: ${out}`));
    });
  });
  return { origin, stop };
}
