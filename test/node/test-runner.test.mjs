// The browser test runner as test/web-test-runner.config.mjs sets it up, on two small test files of its own in one
// kept page: a failed assertion that compared an element is reported by name (it used to silence the page until the
// runner gave up on the file), in a test or in a hook, and the second file finds nothing the first one stored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dir = `build/runner-check-${process.pid}`;

const FIRST = `
describe('first', () => {
  it('compares an element and fails', () => {
    localStorage.setItem('left', '1');
    sessionStorage.setItem('left', '1');
    document.cookie = 'left=1; path=/';
    const el = document.createElement('div');
    const e = new Error('expected <div> to equal null');
    Object.assign(e, { actual: el, expected: null, showDiff: true });
    throw e;
  });
});
describe('first, in a hook', () => {
  beforeEach(() => {
    const e = new Error('hook: expected <span> to equal null');
    Object.assign(e, { actual: document.createElement('span'), expected: null });
    throw e;
  });
  it('is never reached', () => {});
});
`;
const SECOND = `
describe('second', () => {
  it('starts with nothing stored', () => {
    const found = [localStorage.length, sessionStorage.length, document.cookie];
    if (found.join() !== '0,0,') throw new Error('left over: ' + JSON.stringify(found));
  });
});
`;

test(
  'a failure comparing an element is reported, and the next file on the same page starts clean',
  { timeout: 120_000 },
  async () => {
    mkdirSync(`${root}${dir}`, { recursive: true });
    writeFileSync(`${root}${dir}/a-first.test.js`, FIRST);
    writeFileSync(`${root}${dir}/b-second.test.js`, SECOND);
    try {
      const child = spawn(
        process.execPath,
        [
          'node_modules/@web/test-runner/dist/bin.js',
          '--config',
          'test/web-test-runner.config.mjs',
          '--concurrency',
          '1',
          '--files',
          `${dir}/a-first.test.js`,
          `${dir}/b-second.test.js`,
        ],
        { cwd: root, env: { ...process.env, NO_API: '1' } },
      );
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      // Without test/plain-failures.mjs, the first file went silent until the runner's three-minute limit.
      const killer = setTimeout(() => child.kill('SIGKILL'), 90_000);
      const code = await new Promise((ok) => child.on('close', ok));
      clearTimeout(killer);
      const plain = out.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
      assert.notEqual(code, 0, plain);
      assert.match(plain, /❌ first > compares an element and fails/, plain);
      assert.match(plain, /❌ Error: hook: expected <span> to equal null/, plain);
      assert.doesNotMatch(plain, /did not finish/, plain);
      assert.doesNotMatch(plain, /second > starts with nothing stored/, plain);
      assert.match(plain, /1 passed, 2 failed/, plain);
    } finally {
      rmSync(`${root}${dir}`, { recursive: true, force: true });
    }
  },
);
