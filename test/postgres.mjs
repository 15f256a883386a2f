// A PostgreSQL for the tests, found or started as test/ensure-chromium.mjs finds Chromium:
//   1. DATABASE_URL, when set: used as it is (a role that may create databases; nothing is started or stopped);
//   2. else a throwaway cluster made with this machine's PostgreSQL binaries (Debian keeps them in
//      /usr/lib/postgresql/<version>/bin, off PATH) in a temporary folder, on a free loopback port, fsync off,
//      run as the `postgres` user when we are root (initdb refuses root), removed when the tests end;
//   3. else, as root with apt-get, Debian's `postgresql` installed first, then 2.
// Where none can work, it stops at once with the fix in one line.
//   const pg = await startPostgres(); … pg.url …; await pg.stop();
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const MIN_VERSION = 15;

function binDir() {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .map(Number)
      .filter((v) => v >= MIN_VERSION && existsSync(`${root}/${v}/bin/initdb`));
    if (versions.length) return `${root}/${Math.max(...versions)}/bin`;
  }
  const which = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (which.status === 0 && existsSync(join(which.stdout.trim(), 'initdb'))) return which.stdout.trim();
  return null;
}

function installPostgres() {
  if (process.getuid?.() !== 0 || spawnSync('apt-get', ['--version']).status !== 0) return false;
  console.log("PostgreSQL not found: installing Debian's postgresql (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  return spawnSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'inherit', env }).status === 0;
}

function fail(message) {
  console.error(`✖ ${message}`);
  process.exit(1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function ready(url, child, deadline) {
  for (;;) {
    if (child.exitCode !== null) return false;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch {
      await client.end().catch(() => {});
      if (Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Drops every database whose name starts with `prefix` (what a run made on a server it did not start). */
export async function dropDatabases(url, prefix) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
    for (const { datname } of rows)
      await client.query(`DROP DATABASE IF EXISTS "${datname.replaceAll('"', '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The given server, checked. */
async function given(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.end();
  } catch (err) {
    fail(
      `DATABASE_URL does not answer (${err.code ?? ''} ${err.message}): fix it, or unset it to let the tests start their own PostgreSQL`,
    );
  }
  return { url, started: false, stop: async () => {} };
}

/**
 * `{ own: true }`: always a cluster of its own (a test that stops and restarts it), never DATABASE_URL; null when
 * this machine has no PostgreSQL binaries.
 */
export async function startPostgres({ own = false } = {}) {
  if (process.env.DATABASE_URL && !own) return given(process.env.DATABASE_URL);
  let bin = binDir();
  if (!bin && own) return null;
  if (!bin && installPostgres()) bin = binDir();
  if (!bin)
    fail(
      `no PostgreSQL ${MIN_VERSION}+ here: install Debian's \`postgresql\` (apt-get install postgresql) or set DATABASE_URL to one`,
    );

  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'merchant-ads-pg-'));
  // As root, the server's programs run as the `postgres` user: started with its ids directly (not through runuser,
  // which would stand between us and the server and not pass our signals on).
  let user = {};
  if (asRoot) {
    if (spawnSync('id', ['postgres']).status !== 0)
      fail("the `postgres` user is missing: install Debian's postgresql, or set DATABASE_URL");
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
    user = { uid, gid, env: { ...process.env, HOME: dir, USER: 'postgres', LOGNAME: 'postgres' } };
  }
  const data = join(dir, 'data');
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { encoding: 'utf8', cwd: dir, ...user },
  );
  if (init.status !== 0) fail(`initdb failed: ${(init.stderr || init.stdout).trim().split('\n').pop()}`);

  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let child;
  let log = '';
  const launch = async () => {
    child = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        // A throwaway cluster: nothing in it must survive a crash, so nothing waits for the disk.
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'max_connections=400',
        '-c',
        'shared_buffers=64MB',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir, ...user },
    );
    child.stderr.on('data', (c) => {
      log = (log + c).slice(-4000);
    });
    if (!(await ready(url, child, Date.now() + 30_000))) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      fail(`PostgreSQL did not start: ${log.trim().split('\n').slice(-3).join(' / ')}`);
    }
  };
  await launch();
  /** Shuts the server down (its data kept); `resume` starts it again on the same port. */
  const pause = async () => {
    if (child.exitCode !== null) return;
    // SIGINT is PostgreSQL's fast shutdown: sessions are ended, nothing is waited for.
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const stop = async () => {
    await pause();
    rmSync(dir, { recursive: true, force: true });
  };
  const onExit = () => {
    try {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    } catch {
      /* leaving anyway */
    }
  };
  process.once('exit', onExit);
  return { url, started: true, stop, pause, resume: launch };
}
