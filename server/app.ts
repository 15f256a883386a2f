/**
 * The reference API server as a Fastify instance: `buildApp({ db })` registers everything; the caller listens.
 * Tests build one per case on an in-memory database and listen on port 0.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, isAbsolute } from 'node:path';
import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import cors from '@fastify/cors';
import compress from '@fastify/compress';
import type { Db } from './storage/engine';
import {
  AttemptLimiter,
  DEFAULT_ATTEMPT_LIMIT,
  DEFAULT_USERNAME_ATTEMPT_LIMIT,
  type AttemptLimit,
} from './services/attempts';
import { CpuGate, type CpuGateOptions } from './lib/cpu-gate';
import { PASSWORD_COST, type PasswordCost } from './lib/crypto';
import { registerHealth } from './http/health';
import { registerEventStream } from './http/events';
import { registerPages } from './http/pages';
import { registerStatic } from './http/static';
import { answerClientError, serveUnknownExpectations } from './http/client-error';
import { clientError, isApiUrl, setupHttp } from './http/setup';
import { JSON_BODY_BASE } from './http/body-limits';
import { capConnections, connectionLimits, timeoutOptions, type ConnectionLimits } from './http/connections';
import type { TrustProxy } from './http/trust-proxy';
import { PROJECT_ROOT } from './paths';
import { authRoutes } from './routes/auth';
import { configRoutes } from './routes/config';
import { isTestApiUrl, refusedTestApiCall, testApi } from './routes/test-api';
import { userRoutes } from './routes/user';
import { notificationRoutes } from './routes/notifications';
import { adCenterRoutes } from './routes/ad-center';
import { couponRoutes } from './routes/coupons';
import { feedbackRoutes } from './routes/feedback';
import { planRoutes } from './routes/plans';
import { serveUploads, uploadRoutes } from './routes/uploads';
import { walletRoutes } from './routes/wallet';
import { startSimulation } from './services/plans/simulation';
import { startTickerNotices } from './services/ad-center/ticker-notices';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploaded images are stored (AppOptions.uploadDir, or the temporary folder made for this app). */
    uploadDir: string;
    /** The cost of the password hashes this server makes (AppOptions.passwordCost). */
    passwordCost: PasswordCost;
  }
}

export const DEFAULT_TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export interface AppOptions {
  db: Db;
  /** Adds the /api/__test__/* routes (answering this machine only: routes/test-api.ts). */
  testApi?: boolean;
  tokenTtlSeconds?: number;
  /** Fastify logger options (false/undefined: silent). */
  logger?: FastifyServerOptions['logger'];
  /** Allowed CORS origins; empty/undefined: any origin (the API uses header tokens, no cookies). */
  corsOrigins?: string[];
  /** Failed password or authorization-code guesses allowed per window (default 5 per 15 minutes). */
  attemptLimit?: AttemptLimit;
  /** Failed logins allowed per username from every address together (default 20 per 15 minutes). */
  usernameAttemptLimit?: AttemptLimit;
  /** Bounds on password hashing per client, per network and per lane (lib/cpu-gate.ts DEFAULT_CPU_GATE_LIMITS). */
  cpuGate?: CpuGateOptions;
  /**
   * The scrypt cost of the password hashes the server makes (default PASSWORD_COST, lib/crypto.ts). Only a test's
   * own server lowers it, to hash its fixtures cheaply; main.ts takes no setting for it.
   */
  passwordCost?: PasswordCost;
  /** Where examples/, dist/, locales/ live; defaults to the project root. */
  staticRoot?: string;
  /** Origins that may frame the bridge page and talk to it (its config's allowedOrigins); default ['self']. */
  bridgeOrigins?: string[];
  /**
   * The server's clock (ms since the epoch), default Date.now: sessions, the guess limiter, the CPU gate's
   * budgets, coupons, activities and the ad centre read it, so a test moves time instead of waiting for it.
   */
  clock?: () => number;
  /**
   * Where uploaded images are stored (created if missing): outside every folder served as static files. Default: a
   * fresh temporary folder, removed when the app closes (tests, and main.ts with an in-memory database).
   */
  uploadDir?: string;
  /**
   * Runs the delivery simulation on a timer (every min(SIMULATION_STEP_MS, 1 s), by `clock`), default true; stopped
   * when the app closes. Answers that show figures also catch it up lazily (services/plans/simulation.ts).
   */
  simulation?: boolean;
  /**
   * Header, request and keep-alive timeouts, connections per client address and on the whole server
   * (http/connections.ts DEFAULT_CONNECTION_LIMITS: 10 s, 90 s, 5 s, 64, 10000).
   */
  connections?: Partial<ConnectionLimits>;
  /**
   * The reverse proxies whose X-Forwarded-For is believed (http/trust-proxy.ts, TRUST_PROXY); default none: every
   * per-client limit keys on the socket's address. Their connections are exempt from the per-address cap.
   */
  trustProxy?: TrustProxy | null;
  /** How often the change streams (http/events.ts) send a heartbeat and look for ended sessions; default 25 s. */
  streamHeartbeatMs?: number;
  /** How often the apps are told the ticker has news (services/ad-center/ticker-notices.ts); default 30 s, 0: never. */
  tickerNoticeMs?: number;
}

/** The upload folder, refused if a static mount would serve it (its files must only go out through /uploads/). */
function prepareUploadDir(dir: string | undefined, staticRoot: string): { dir: string; temporary: boolean } {
  if (dir === undefined) return { dir: mkdtempSync(join(tmpdir(), 'merchant-ads-uploads-')), temporary: true };
  const abs = resolve(dir);
  const served = ['examples', 'dist', 'locales'].map((d) => resolve(staticRoot, d));
  if (
    served.some((s) => {
      const r = relative(s, abs);
      return r === '' || (!r.startsWith('..') && !isAbsolute(r));
    })
  ) {
    throw new Error(`upload folder ${abs} is inside a folder served as static files`);
  }
  mkdirSync(abs, { recursive: true, mode: 0o700 });
  return { dir: abs, temporary: false };
}

export function buildApp(opts: AppOptions): FastifyInstance {
  const connections = connectionLimits(opts.connections);
  const timeouts = timeoutOptions(connections);
  const app = Fastify({
    logger: opts.logger ?? false,
    // Every API call sets its own (route.ts); this smallest one covers anything else.
    bodyLimit: JSON_BODY_BASE,
    return503OnClosing: true,
    // request.ip: the socket's address, or the client a trusted proxy names (http/client.ts keys limits on it).
    trustProxy: opts.trustProxy ?? false,
    // Requests Node's HTTP parser rejects (over-long URL or headers, garbage) never reach Fastify: envelope too.
    clientErrorHandler: answerClientError,
    ...timeouts,
    // Node would answer a request without Host with an empty 400 of its own; the API never reads Host, so serve it.
    http: { requireHostHeader: false, ...timeouts.http },
    // Bad URLs and the like never reach a route: answer with the envelope too.
    frameworkErrors: (err, request, reply) => {
      request.log.info({ code: err.code }, 'rejected request');
      const r = reply as FastifyReply;
      if (isApiUrl(request.url)) void r.code(200).send(clientError(err));
      else void r.code(400).type('text/plain; charset=utf-8').send('Bad request');
    },
  });
  serveUnknownExpectations(app.server);
  capConnections(app.server, connections, opts.trustProxy ?? null);
  app.decorate('db', opts.db);
  app.decorate('tokenTtlSeconds', opts.tokenTtlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS);
  const clock = opts.clock ?? Date.now;
  app.decorate('clock', clock);
  app.decorate('attempts', new AttemptLimiter(opts.db, 'guess', opts.attemptLimit ?? DEFAULT_ATTEMPT_LIMIT, clock));
  app.decorate(
    'usernameAttempts',
    new AttemptLimiter(opts.db, 'login_username', opts.usernameAttemptLimit ?? DEFAULT_USERNAME_ATTEMPT_LIMIT, clock),
  );
  app.decorate('cpuGate', new CpuGate(opts.cpuGate, clock));
  app.decorate('passwordCost', opts.passwordCost ?? PASSWORD_COST);

  setupHttp(app, { hidden: opts.testApi ? refusedTestApiCall : undefined });
  registerHealth(app, opts.db);
  registerEventStream(app, { heartbeatMs: opts.streamHeartbeatMs });
  const uploads = prepareUploadDir(opts.uploadDir, opts.staticRoot ?? PROJECT_ROOT);
  app.decorate('uploadDir', uploads.dir);
  if (uploads.temporary) app.addHook('onClose', async () => rmSync(uploads.dir, { recursive: true, force: true }));

  const origins = (opts.corsOrigins ?? []).filter(Boolean);
  const corsOptions = {
    origin: origins.length ? origins : '*',
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowedHeaders: ['X-CT', 'X-TZ', 'Content-Type'],
    credentials: false,
    maxAge: 600,
  };
  // The test API is called from the server's own pages and from programs on this machine, never across origins:
  // no grant under its prefix (preflights included), for a route there or not, so a page elsewhere can neither
  // send it a JSON request nor read an answer, and an unknown path there is answered like a refused route.
  app.register(cors, {
    delegator: (request, done) =>
      done(null, isTestApiUrl(request.url) ? { ...corsOptions, origin: false } : corsOptions),
  });
  app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  app.register(async (api) => {
    configRoutes(api);
    authRoutes(api);
    userRoutes(api);
    notificationRoutes(api);
    adCenterRoutes(api);
    couponRoutes(api);
    feedbackRoutes(api);
    planRoutes(api);
    walletRoutes(api);
    uploadRoutes(api, uploads.dir);
    if (opts.testApi) api.register(testApi);
  });
  serveUploads(app, uploads.dir);
  if (opts.simulation ?? true) {
    const stop = startSimulation(opts.db, clock, (err) => app.log.error({ err }, 'delivery simulation step failed'));
    app.addHook('onClose', async () => stop());
  }
  if (opts.tickerNoticeMs !== 0) {
    const stop = startTickerNotices(
      opts.db,
      clock,
      (err) => app.log.error({ err }, 'ticker notice failed'),
      opts.tickerNoticeMs,
    );
    app.addHook('onClose', async () => stop());
  }
  registerPages(app, { root: opts.staticRoot ?? PROJECT_ROOT, bridgeOrigins: opts.bridgeOrigins ?? ['self'] });
  app.register(async (files) => registerStatic(files, opts.staticRoot ?? PROJECT_ROOT));

  return app;
}
