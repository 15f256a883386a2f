/**
 * docs/deploy.md, run as written: its SQL on the suite's PostgreSQL, its process lines, its nginx lines, its health
 * checks and its stop, each through `sh -c` with this test's own names, ports and folders in place of the page's
 * (a role and database of the run's, free loopback ports, a temporary folder for /run, /etc/nginx and /var/cache).
 * Its build lines are `npm ci` and `npm run build`, what CI and `npm test` run first. A command the page gains that
 * this test does not know fails it, so the page never shows a command nothing runs.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'node:test';
import pg from 'pg';
import { ensureNginx, freePort } from '../../test/nginx.mjs';
import { PROJECT_ROOT } from '../paths';
import { databaseUrl, testingOnPostgres } from './postgres-test';

const page = readFileSync(join(PROJECT_ROOT, 'docs/deploy.md'), 'utf8');
const blocks = (lang: string) =>
  [...page.matchAll(new RegExp('```' + lang + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1]);
const shellLines = blocks('sh')
  .flatMap((b) => b.split('\n'))
  .filter((l) => l.trim() !== '');

/** What each kind of line is, in the order the page runs them. */
const KINDS: [string, RegExp][] = [
  ['build', /^npm (ci|run build)$/],
  ['run dir', /^mkdir -p \/run\/merchant-ads$/],
  [
    'process',
    /^DATABASE_URL=\S+ TRUST_PROXY=127\.0\.0\.1 PORT=(\d+) node --enable-source-maps build\/server\/main\.mjs & echo \$! > \/run\/merchant-ads\/\1\.pid$/,
  ],
  [
    'site',
    /^node deploy\/nginx-site\.mjs --listen 80( --upstream 127\.0\.0\.1:\d+)+ --cache \/var\/cache\/nginx\/merchant-ads > \/etc\/nginx\/conf\.d\/merchant-ads\.conf$/,
  ],
  ['nginx check', /^nginx -t$/],
  ['nginx reload', /^nginx -s reload$/],
  ['health', /^curl -fsS http:\/\/127\.0\.0\.1:(\d+)\/(healthz|readyz)$/],
  ['stop', /^kill -TERM "\$\(cat \/run\/merchant-ads\/(\d+)\.pid\)"$/],
];
const kindOf = (line: string) => KINDS.find(([, re]) => re.test(line))?.[0];

test('every command on docs/deploy.md is one this test runs', () => {
  const unknown = shellLines.filter((l) => !kindOf(l));
  assert.deepEqual(unknown, [], 'commands nothing runs');
  for (const [kind] of KINDS)
    assert.ok(
      shellLines.some((l) => kindOf(l) === kind),
      `the page has a ${kind} line`,
    );
  // The build lines are the install CI runs and the build `npm test` runs before the server's tests.
  assert.match(readFileSync(join(PROJECT_ROOT, '.ci/run'), 'utf8'), /^npm ci /m);
  const scripts = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;
  assert.match(scripts.test, /together\.mjs (\w+ )*build\b/);
  assert.match(scripts.build, /tools\/server\/build\.mjs/);
});

test(
  'docs/deploy.md, run: two processes on PostgreSQL behind nginx, healthy, one stopped gracefully',
  { skip: !testingOnPostgres() && 'runs in the PostgreSQL pass of the suite' },
  async (t) => {
    const nginx = ensureNginx();
    const work = mkdtempSync(join(tmpdir(), 'deploy-doc-'));
    // One cleanup, in order: nginx and the processes stopped before their folder goes (nginx finds its pid there).
    const pids: number[] = [];
    let nginxArgs = '';
    t.after(() => {
      if (nginxArgs) spawnSync('sh', ['-c', `${nginx} ${nginxArgs} -s stop`]);
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // gone already
        }
      }
      rmSync(work, { recursive: true, force: true });
    });
    for (const dir of ['run', 'etc/nginx/conf.d', 'cache', 'nginx']) mkdirSync(join(work, dir), { recursive: true });

    // The role and the database, named for this run.
    const suffix = `_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    t.after(async () => {
      await admin.query(`DROP DATABASE IF EXISTS merchant_ads${suffix} WITH (FORCE)`);
      await admin.query(`DROP ROLE IF EXISTS merchant_ads${suffix}`);
      await admin.end();
    });
    const [sqlBlock] = blocks('sql');
    for (const statement of sqlBlock
      .split(';')
      .map((s) => s.trim())
      .filter(Boolean)) {
      await admin.query(statement.replace(/\bmerchant_ads\b/g, `merchant_ads${suffix}`));
    }
    const dbUrl = new URL(databaseUrl(`merchant_ads${suffix}`));
    dbUrl.username = `merchant_ads${suffix}`;
    dbUrl.password = 'change-me';

    // The build the page's lines start: npm test has made it; a run of this file alone makes it the same way.
    if (!existsSync(join(PROJECT_ROOT, 'build/server/main.mjs'))) {
      assert.equal(spawnSync(process.execPath, ['tools/server/build.mjs'], { cwd: PROJECT_ROOT }).status, 0);
    }

    // The page's ports (8081, 8082) as free ones of this run.
    const ports = new Map<string, number>();
    for (const m of page.matchAll(/\b808\d\b/g)) if (!ports.has(m[0])) ports.set(m[0], await freePort());
    const listen = await freePort();
    const conf = join(work, 'nginx', 'nginx.conf');
    writeFileSync(
      conf,
      [
        process.getuid?.() === 0 ? 'user root;' : '',
        `pid ${join(work, 'nginx', 'nginx.pid')};`,
        `error_log ${join(work, 'nginx', 'error.log')} warn;`,
        'events { worker_connections 256; }',
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (n) => `  ${n}_temp_path ${join(work, 'nginx', n)};`,
        ),
        `  include ${join(work, 'etc/nginx/conf.d')}/*.conf;`,
        '}',
      ].join('\n'),
    );
    nginxArgs = `-p ${join(work, 'nginx')} -c ${conf} -e ${join(work, 'nginx', 'error.log')}`;

    /** The page's line with this run's names, ports and folders in place of the page's. */
    const local = (line: string) =>
      line
        .replace(/\b808\d\b/g, (p) => String(ports.get(p)))
        .replace(/postgres:\/\/\S+?(?= )/, dbUrl.toString())
        .replaceAll('/run/merchant-ads', join(work, 'run'))
        .replace('/etc/nginx/conf.d/merchant-ads.conf', join(work, 'etc/nginx/conf.d/merchant-ads.conf'))
        .replace('/var/cache/nginx/merchant-ads', join(work, 'cache'))
        .replace('--listen 80 ', `--listen 127.0.0.1:${listen} `)
        .replace(/^nginx /, `${nginx} ${nginxArgs} `);
    const started = new Map<string, Promise<string>>();
    let nginxRunning = false;

    for (const line of shellLines) {
      const kind = kindOf(line);
      if (kind === 'build') continue;
      const command = local(line);
      if (kind === 'process') {
        const child = spawn('sh', ['-c', command], {
          cwd: PROJECT_ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        });
        const docPort = /PORT=(\d+)/.exec(line)![1];
        started.set(
          docPort,
          new Promise((resolve, reject) => {
            let text = '';
            child.stdout.on('data', (d) => {
              text += d;
              if (text.includes('\n')) resolve(text);
            });
            child.stderr.on('data', (d) => (text += d));
            child.once('exit', (code) => code !== 0 && reject(new Error(`${command}: ${text}`)));
          }),
        );
        continue;
      }
      // Anything after the processes' lines waits for them to be listening, as a person running the page would.
      for (const banner of started.values())
        assert.match(await banner, /Merchant Ads reference server: http:\/\/127\.0\.0\.1:\d+\//);
      for (const file of [...ports.values()].map((p) => join(work, 'run', `${p}.pid`))) {
        if (existsSync(file) && !pids.includes(Number(readFileSync(file, 'utf8'))))
          pids.push(Number(readFileSync(file, 'utf8')));
      }
      if (kind === 'nginx reload' && !nginxRunning) {
        // The page reloads a running nginx: start this one first, with the site the page wrote.
        const start = spawnSync('sh', ['-c', `${nginx} ${nginxArgs}`]);
        assert.equal(start.status, 0, String(start.stderr));
        nginxRunning = true;
      }
      const run = spawnSync('sh', ['-c', command], { cwd: PROJECT_ROOT, encoding: 'utf8' });
      assert.equal(run.status, 0, `${command}\n${run.stdout}${run.stderr}`);
      if (kind === 'health') {
        const body = JSON.parse(run.stdout);
        assert.deepEqual(body, line.endsWith('healthz') ? { status: 'ok' } : { status: 'ready' });
      }
      if (kind === 'stop') {
        const pid = Number(
          readFileSync(join(work, 'run', `${ports.get(/merchant-ads\/(\d+)/.exec(line)![1])}.pid`), 'utf8'),
        );
        // The process leaves on its own, and nginx sends everything to the other.
        for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
        assert.equal(isAlive(pid), false, 'the stopped process has exited');
        for (let i = 0; i < 5; i++) {
          const r = await fetch(`http://127.0.0.1:${listen}/api/broadcast-data`, {
            headers: { 'cache-control': 'no-cache' },
          });
          assert.equal(((await r.json()) as { code: number }).code, 200);
          const ready = await fetch(`http://127.0.0.1:${listen}/api/basic_config`);
          assert.equal(
            ((await ready.json()) as { code: number }).code,
            200,
            'served through nginx by the other process',
          );
        }
      }
    }
    assert.ok(nginxRunning, 'the page started nginx');
    // Through nginx, with its site: the app's calls and its event stream's answer.
    const config = await fetch(`http://127.0.0.1:${listen}/api/basic_config`);
    assert.equal(((await config.json()) as { code: number }).code, 200);
  },
);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
