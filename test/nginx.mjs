// An nginx in front of the reference server for the tests and the benchmark, found or installed as
// test/postgres.mjs finds PostgreSQL:
//   1. NGINX_PATH, when set; else `nginx` in /usr/sbin or on PATH;
//   2. else, as root with apt-get, Debian's `nginx` installed first.
// `startNginx` runs it with the site deploy/nginx-site.mjs writes (what docs/deploy.md installs), its placeholders
// filled in, in a temporary prefix on a free loopback port, in the foreground; `stop()` ends it and removes the prefix.
//   const proxy = await startNginx({ upstreams: ['127.0.0.1:41234'] }); … proxy.url …; await proxy.stop();
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { siteConfig } from '../deploy/nginx-site.mjs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export { SITE_TEMPLATE, siteConfig } from '../deploy/nginx-site.mjs';

function onPath(name) {
  for (const dir of ['/usr/sbin', '/usr/local/sbin', ...(process.env.PATH ?? '').split(':')]) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

function install() {
  if (process.getuid?.() !== 0 || !onPath('apt-get')) return false;
  console.log("nginx not found: installing Debian's nginx (apt-get)…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  return (
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx'], { stdio: 'inherit', env })
      .status === 0
  );
}

/** The nginx binary, installed first where it is missing and we may; throws with the fix otherwise. */
export function ensureNginx() {
  const given = process.env.NGINX_PATH;
  if (given) {
    if (!existsSync(given)) throw new Error(`NGINX_PATH=${given} does not exist`);
    return given;
  }
  const found = onPath('nginx') ?? (install() ? onPath('nginx') : null);
  if (!found)
    throw new Error("no nginx here: install Debian's nginx (apt-get install nginx) or name one with NGINX_PATH");
  return found;
}

export function freePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, host, () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function accepting(port, host) {
  return new Promise((resolve) => {
    const socket = connect({ port, host }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts nginx in front of `upstreams` ("HOST:PORT" each). `workers`: nginx worker processes (1 for tests);
 * `workerConnections` and `openFiles` (worker_rlimit_nofile) for the benchmark's thousands of streams.
 * Resolves once it accepts connections, with its `url`, its error `log()` and `stop()`.
 */
export async function startNginx({ upstreams, host = '127.0.0.1', workers = 1, workerConnections = 1024, openFiles }) {
  const bin = ensureNginx();
  const prefix = mkdtempSync(join(tmpdir(), 'merchant-ads-nginx-'));
  const port = await freePort(host);
  const listen = `${host}:${port}`;
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    [
      // Run as whoever runs the tests (as root, workers would otherwise be `nobody`, unable to use the prefix).
      process.getuid?.() === 0 ? 'user root;' : '',
      `worker_processes ${workers};`,
      openFiles ? `worker_rlimit_nofile ${openFiles};` : '',
      `pid ${join(prefix, 'nginx.pid')};`,
      `error_log ${join(prefix, 'error.log')} warn;`,
      `events { worker_connections ${workerConnections}; }`,
      'http {',
      `  access_log off;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(prefix, t)};`),
      siteConfig({ listen, upstreams, cache: join(prefix, 'cache') }),
      '}',
    ].join('\n'),
  );
  const check = spawnSync(bin, ['-t', '-q', '-p', prefix, '-c', conf, '-e', join(prefix, 'error.log')], {
    encoding: 'utf8',
  });
  if (check.status !== 0) {
    rmSync(prefix, { recursive: true, force: true });
    throw new Error(`nginx refused its configuration: ${check.stderr.trim()}`);
  }
  const child = spawn(bin, ['-p', prefix, '-c', conf, '-e', join(prefix, 'error.log'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const deadline = Date.now() + 10_000;
  while (!(await accepting(port, host))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      const log = existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : '';
      rmSync(prefix, { recursive: true, force: true });
      throw new Error(`nginx did not start: ${(stderr + log).trim().split('\n').slice(-3).join(' / ')}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const onExit = () => {
    try {
      child.kill('SIGKILL');
      rmSync(prefix, { recursive: true, force: true });
    } catch {
      /* leaving anyway */
    }
  };
  process.once('exit', onExit);
  return {
    url: `http://${listen}`,
    host,
    port,
    pid: child.pid,
    /** The error log so far (a failing test shows it). */
    log: () => (existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : ''),
    async stop() {
      process.off('exit', onExit);
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        // SIGTERM is nginx's fast shutdown.
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
