/** Runs server/main.ts (compiled: compiled.ts) as a child process and waits for its banner or its exit. */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import type { TestContext } from 'node:test';
import { PROJECT_ROOT } from '../paths';
import { compiled } from './compiled';

export interface MainRun {
  child: ChildProcess;
  /** Resolves with the banner line once listening, or with the exit code if the process ends first. */
  started: Promise<{ banner: string } | { exitCode: number | null }>;
  stdout: () => string;
  stderr: () => string;
}

export function spawnMain(t: TestContext, env: Record<string, string>, args: string[] = []): MainRun {
  const child = spawn(process.execPath, ['--enable-source-maps', compiled('server/main.ts'), ...args], {
    cwd: PROJECT_ROOT,
    // SQLite in memory unless the test names a database: a DATABASE_URL of the environment is not inherited.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE: ':memory:',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ENABLE_TEST_API: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.after(() => child.kill('SIGKILL'));
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const started = new Promise<{ banner: string } | { exitCode: number | null }>((resolve) => {
    child.stdout.on('data', (d) => {
      stdout += d;
      if (stdout.includes('\n')) resolve({ banner: stdout });
    });
    child.on('exit', (exitCode) => resolve({ exitCode }));
  });
  return { child, started, stdout: () => stdout, stderr: () => stderr };
}

/** The run exits 1 before listening, with one line on stderr matching `line`: no stack, no banner, no password. */
export async function assertRefusedStart(run: MainRun, url: string, line: RegExp): Promise<void> {
  assert.deepEqual(await run.started, { exitCode: 1 }, `${url}: ${run.stdout()}`);
  const stderr = run.stderr();
  assert.equal(stderr.split('\n').filter(Boolean).length, 1, `${url}: one line, got ${stderr}`);
  assert.match(stderr, line);
  assert.doesNotMatch(stderr, /\n\s+at |node_modules|\.ts:\d+/, 'no stack trace');
  assert.ok(!stderr.includes('secret'), 'the password is not repeated');
  assert.equal(run.stdout(), '', 'no banner');
}
