/**
 * Entry point: `node --import tsx server/main.ts`.
 *
 * Environment:
 *   PORT               default 8080
 *   HOST               default 127.0.0.1
 *   DATABASE_URL       postgres://user:password@host:port/database → the server runs on that PostgreSQL (migrated and
 *                      seeded on start, as the SQLite file is); unset → SQLite (DATABASE). Several server processes
 *                      may share one PostgreSQL. A server it cannot reach, a wrong name or password, or a schema it
 *                      cannot migrate stops the start with one line on stderr and exit code 1
 *   POOL_SIZE          with DATABASE_URL: connections this process holds at most, default 10 (processes × this must
 *                      stay under the PostgreSQL server's max_connections)
 *   STATEMENT_TIMEOUT_MS  with DATABASE_URL: the PostgreSQL server cancels a statement running longer, default 15000
 *   DATABASE           without DATABASE_URL: the SQLite file, default data/merchant-ads.db, relative to the project
 *                      root (folder created); `:memory:` works
 *   ENABLE_TEST_API    1 → the /api/__test__/* routes (never in production); the flag --test-api does the same.
 *                      They answer this machine only (a loopback socket, no forwarding header, a loopback Host,
 *                      no other Origin), and a non-loopback HOST is refused unless forced with
 *                      ENABLE_TEST_API=force-public or --test-api-on-public-host.
 *   TOKEN_TTL_SECONDS  default 604800 (7 days)
 *   STREAM_HEARTBEAT_MS  how often each change stream (GET /api/events) gets a heartbeat line, and streams of ended
 *                      sessions are closed, default 25000; keep it under every idle timeout between the app and here
 *                      (nginx's proxy_read_timeout, a load balancer's idle timeout)
 *   SHUTDOWN_GRACE_MS  on SIGTERM (or SIGINT) the process drains: GET /readyz answers 503, the event streams end, no
 *                      new connection is taken, and requests in flight get this long to finish, default 30000; then
 *                      every connection is cut and the process exits 0 (http/health.ts)
 *   LOG_LEVEL          default info (fatal|error|warn|info|debug|trace|silent)
 *   CORS_ORIGINS       comma-separated allowed origins; unset → any origin
 *   PASSWORD_CHECKS_PER_MINUTE  password hashes a client (an address; a merchant when signed in) may cost per
 *   PASSWORD_CHECKS_IN_FLIGHT   minute (default 20) and at once (default 1); the test harness raises both, as all
 *                               its browsers share 127.0.0.1
 *   BRIDGE_ORIGINS     comma-separated origins that may frame the bridge page ("self", exact origins, "null");
 *                      unset → self (the simulated shell on /native-shell.html); empty → none
 *   UPLOAD_DIR         where uploaded images are stored, default data/uploads, relative to the project root (folder
 *                      created); never inside examples/, dist/ or locales/. With DATABASE=:memory: (and no
 *                      DATABASE_URL) and no UPLOAD_DIR, a temporary folder removed on exit (the rows naming the files vanish with the database too)
 *   SIMULATION_STEP_MS the real time one step of the delivery simulation takes (one simulated hour of a plan's life),
 *                      default 3600000 (realistic). A plan keeps the pace it was put at. At 150 a new put settles (or
 *                      fails) within a minute: `npm start` runs at that pace (its flag --simulation-step-ms=150, which
 *                      this variable, when set, overrides); the browser tests run at 20
 *   SIMULATION_FAIL_PERCENT  the share of puts whose matching fails (money and coupon returned), 0-100, default 10
 *   HEADERS_TIMEOUT_MS  a request's headers must arrive within this of its first byte, and a connection must send
 *                      something within it, default 10000; then closed (a request gets the envelope request: timeout)
 *   REQUEST_TIMEOUT_MS  a whole request, body included, default 90000 (as long as the SDK waits for a 5 MB upload on a slow link)
 *   KEEP_ALIVE_TIMEOUT_MS  an idle connection between requests is closed after this, default 5000
 *   TRUST_PROXY        the reverse proxies in front (http/trust-proxy.ts): unset → none, every limit keys on the
 *                      socket's address; their addresses or networks ("127.0.0.1", "10.0.0.0/8", "loopback", comma-
 *                      separated) → the client is the address they put in X-Forwarded-For, believed from those
 *                      sockets only; a number of hops → that many proxies, whoever connects (a server no client can
 *                      reach directly). "true" is refused
 *   CONNECTIONS_PER_ADDRESS  connections one client address (an IPv6 client: its /64) may hold at once, default 64;
 *                      more are closed as they arrive. A trusted proxy's connections are not counted
 *   MAX_CONNECTIONS    connections the whole server holds at once, default 10000; more are closed as they arrive
 *   LOGIN_FAILURES_PER_USERNAME  failed logins one username may take per 15 minutes from all addresses together,
 *                      default 20; past it every login of that username, the right password too, is rate_limited
 *                      until the oldest failure is 15 minutes old (so a stranger can lock one account's logins)
 *
 * With CORS_ORIGINS unset on a HOST that is not loopback, any website may call the API from its visitors' browsers
 * (logins included: each visitor a guesser with an address of its own); the start says so on stderr.
 *
 * stdout carries exactly one line, `Merchant Ads reference server: http://HOST:PORT/`, once listening;
 * logs (JSON, pino) go to stderr.
 */
import { isAbsolute, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, DEFAULT_TOKEN_TTL_SECONDS } from './app';
import { isLoopbackHost } from './http/loopback';
import { prepareDatabase } from './prepare-database';
import { DatabaseUnavailable, type Store } from './storage/engine';
import type { StoreOptions } from './storage/open';
import { DEFAULT_CPU_GATE_LIMITS } from './lib/cpu-gate';
import { DEFAULT_USERNAME_ATTEMPT_LIMIT } from './services/attempts';
import { DEFAULT_CONNECTION_LIMITS } from './http/connections';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import { PROJECT_ROOT } from './paths';
import { simulationFailPercent, simulationStepMs } from './services/plans/pace';

function intEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    process.stderr.write(`${name}=${raw} is not an integer in [${min}, ${max}]\n`);
    process.exit(1);
  }
  return n;
}

const port = intEnv('PORT', 8080, 0, 65535);
const host = process.env.HOST?.trim() || '127.0.0.1';
const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
const dbEnv = process.env.DATABASE?.trim() || 'data/merchant-ads.db';
const dbPath = dbEnv === ':memory:' || isAbsolute(dbEnv) ? dbEnv : resolve(PROJECT_ROOT, dbEnv);
const uploadEnv = process.env.UPLOAD_DIR?.trim() || (!databaseUrl && dbPath === ':memory:' ? '' : 'data/uploads');
const uploadDir = uploadEnv ? resolve(PROJECT_ROOT, uploadEnv) : undefined;
// `npm start` passes --test-api so the examples page can show every error flow; production leaves both off.
const testApiEnv = process.env.ENABLE_TEST_API?.trim().toLowerCase();
const testApiForcedPublic = process.argv.includes('--test-api-on-public-host') || testApiEnv === 'force-public';
const testApi =
  testApiForcedPublic || process.argv.includes('--test-api') || testApiEnv === '1' || testApiEnv === 'true';
// The test API can delete any account. Its routes answer loopback clients only, but listening with it on a
// public address is refused outright unless asked for by name, so a stray HOST=0.0.0.0 cannot expose it.
if (testApi && !testApiForcedPublic && !isLoopbackHost(host)) {
  process.stderr.write(
    `The test API (/api/__test__/*) is on, but HOST=${host} is not a loopback address: refusing to start.\n` +
      'Use HOST=127.0.0.1 (or ::1 / localhost), turn the test API off, or force it with --test-api-on-public-host ' +
      '(or ENABLE_TEST_API=force-public); even then it answers loopback clients only.\n',
  );
  process.exit(1);
}
// `npm start` asks for a watchable pace with a flag (portable across shells); the variable, when set, wins.
const paceFlag = process.argv.find((a) => a.startsWith('--simulation-step-ms='));
if (paceFlag && !process.env.SIMULATION_STEP_MS?.trim())
  process.env.SIMULATION_STEP_MS = paceFlag.slice(paceFlag.indexOf('=') + 1);
try {
  simulationStepMs();
  simulationFailPercent();
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
const streamHeartbeatMs = intEnv('STREAM_HEARTBEAT_MS', 25_000, 100, 3_600_000);
const shutdownGraceMs = intEnv('SHUTDOWN_GRACE_MS', 30_000, 0, 3_600_000);
const tokenTtlSeconds = intEnv('TOKEN_TTL_SECONDS', DEFAULT_TOKEN_TTL_SECONDS, 1, 10 * 365 * 24 * 3600);
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const levelEnv = process.env.LOG_LEVEL?.trim().toLowerCase() || 'info';
const level = LEVELS.includes(levelEnv) ? levelEnv : 'info';
const list = (raw: string) =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const corsOrigins = list(process.env.CORS_ORIGINS ?? '');
const bridgeOrigins = list(process.env.BRIDGE_ORIGINS ?? 'self');
// Per client in both lanes: an address for strangers, a merchant when signed in.
const cpuGate = {
  perClientPerMinute: intEnv(
    'PASSWORD_CHECKS_PER_MINUTE',
    DEFAULT_CPU_GATE_LIMITS.anonymous.perClientPerMinute,
    1,
    100_000,
  ),
  perClientInFlight: intEnv('PASSWORD_CHECKS_IN_FLIGHT', DEFAULT_CPU_GATE_LIMITS.anonymous.perClientInFlight, 1, 64),
};

const connections = {
  headersTimeoutMs: intEnv('HEADERS_TIMEOUT_MS', DEFAULT_CONNECTION_LIMITS.headersTimeoutMs, 100, 3_600_000),
  requestTimeoutMs: intEnv('REQUEST_TIMEOUT_MS', DEFAULT_CONNECTION_LIMITS.requestTimeoutMs, 100, 3_600_000),
  keepAliveTimeoutMs: intEnv('KEEP_ALIVE_TIMEOUT_MS', DEFAULT_CONNECTION_LIMITS.keepAliveTimeoutMs, 100, 3_600_000),
  perAddress: intEnv('CONNECTIONS_PER_ADDRESS', DEFAULT_CONNECTION_LIMITS.perAddress, 1, 1_000_000),
  total: intEnv('MAX_CONNECTIONS', DEFAULT_CONNECTION_LIMITS.total, 1, 1_000_000),
};
let trustProxy: TrustProxy | null;
try {
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
}
const usernameAttemptLimit = {
  ...DEFAULT_USERNAME_ATTEMPT_LIMIT,
  max: intEnv('LOGIN_FAILURES_PER_USERNAME', DEFAULT_USERNAME_ATTEMPT_LIMIT.max, 1, 1_000_000),
};

const storeOptions: StoreOptions = databaseUrl
  ? {
      url: databaseUrl,
      postgres: {
        poolSize: intEnv('POOL_SIZE', 10, 1, 1000),
        statementTimeoutMs: intEnv('STATEMENT_TIMEOUT_MS', 15_000, 100, 3_600_000),
        // An idle connection the PostgreSQL server dropped is replaced by the pool; it is worth a line, not the process.
        onConnectionError: (err) =>
          process.stderr.write(`PostgreSQL connection lost (the pool replaces it): ${err.message}\n`),
      },
    }
  : { path: dbPath };

/**
 * Opened, migrated and seeded before anything listens. A database that cannot be used is the operator's to fix:
 * one line saying which and why, and exit 1, never a stack trace.
 */
async function openDatabase(): Promise<Store> {
  try {
    return await prepareDatabase(storeOptions);
  } catch (err) {
    const why = err instanceof DatabaseUnavailable ? err.message : `cannot prepare the database: ${oneLine(err)}`;
    process.stderr.write(`${why}\n`);
    process.exit(1);
  }
}

function oneLine(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  const code = typeof e?.code === 'string' && !message.includes(e.code) ? `${e.code} ` : '';
  return `${code}${message}`.replace(/\s+/g, ' ').trim();
}

const store = await openDatabase();
const app = buildApp({
  db: store.db,
  testApi,
  tokenTtlSeconds,
  corsOrigins,
  bridgeOrigins,
  cpuGate,
  connections,
  trustProxy,
  streamHeartbeatMs,
  usernameAttemptLimit,
  uploadDir,
  logger: { level, stream: process.stderr },
});

/**
 * A graceful stop: readyz turns 503 and every answer closes its connection (http/health.ts), the event streams end,
 * the listener closes (new connections are refused, so a proxy tries another process), the requests in flight
 * finish, then the database closes. Whatever is still open after SHUTDOWN_GRACE_MS is cut.
 */
let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: draining`);
  app.drain();
  const deadline = Date.now() + shutdownGraceMs;
  setTimeout(() => app.server.closeAllConnections(), shutdownGraceMs).unref();
  try {
    await app.close();
    // A client that hung up leaves its call running: the database stays open for it.
    await app.workDone(Math.max(0, deadline - Date.now()));
  } finally {
    await store.close();
  }
  app.log.info(`${signal}: stopped`);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  // Connections waiting to be accepted: Node's 511 overflows when thousands arrive at once (a flood, or its sockets
  // reopening as the per-address cap closes them), and a dropped SYN costs an honest client a second's retry.
  // Linux caps it at net.core.somaxconn.
  await app.listen({ port, host, backlog: 4096 });
} catch (err) {
  app.log.fatal({ err }, 'could not start');
  await store.close();
  process.exit(1);
}
if (level !== levelEnv) app.log.warn(`LOG_LEVEL=${levelEnv} is not one of ${LEVELS.join('|')}; using info`);
if (testApi)
  app.log.warn(
    `ENABLE_TEST_API is on: /api/__test__/* answers this machine only${testApiForcedPublic ? ' (forced onto a public HOST)' : ''}`,
  );
// The API sends no cookies, so an open CORS policy is the default; but once others can reach the server, every
// website can use its visitors' browsers against it (each a login guesser with an address of its own).
if (!corsOrigins.length && !isLoopbackHost(host)) {
  process.stderr.write(
    `Warning: HOST=${host} is reachable from other machines and CORS_ORIGINS is unset, so any website may call this API from its visitors' browsers (logins included); set CORS_ORIGINS to the origins of the pages that embed the SDK.\n`,
  );
}
const addr = app.server.address() as AddressInfo;
const shownHost = host.includes(':') ? `[${host}]` : host;
process.stdout.write(`Merchant Ads reference server: http://${shownHost}:${addr.port}/\n`);
