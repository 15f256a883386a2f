/**
 * The production start the README and docs/deploy.md give: `npm run build`'s server file (tools/server/build.mjs),
 * run by plain node with the usual environment variables, no TypeScript loader. Built here into a folder of the
 * test's own (under node_modules, as build/ is under the project: the file finds the native packages the same way).
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import test from 'node:test';
import { PROJECT_ROOT } from '../paths';

test('node build/server/main.mjs: built by the build script, started without tsx, healthy, stopped by SIGTERM', async (t) => {
  const cache = join(PROJECT_ROOT, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const out = mkdtempSync(join(cache, 'production-start-'));
  t.after(() => rmSync(out, { recursive: true, force: true }));
  const build = spawnSync(process.execPath, ['tools/server/build.mjs', `--out=${out}`], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  assert.equal(build.status, 0, build.stderr);
  assert.ok(existsSync(join(out, 'main.mjs')) && existsSync(join(out, 'main.mjs.map')));

  const child = spawn(process.execPath, ['--enable-source-maps', join(out, 'main.mjs')], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE: ':memory:',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ENABLE_TEST_API: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(() => child.kill('SIGKILL'));
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const banner = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (d) => {
      stdout += d;
      if (stdout.includes('\n')) resolve(stdout);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before listening: ${stderr}`)));
  });
  const base = banner.match(/http:\/\/[^\s/]+/)![0];
  assert.deepEqual(await (await fetch(`${base}/readyz`)).json(), { status: 'ready' });
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-tz': 'UTC' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234' }),
  });
  assert.equal(((await login.json()) as { code: number }).code, 200, 'the seeded merchant signs in');
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  assert.equal(await exited, 0, stderr);
  assert.equal(stderr, '', 'nothing on stderr at LOG_LEVEL=warn');
});
