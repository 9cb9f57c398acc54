import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Redis } from 'ioredis';
import type { EventBus } from './bus/event-bus';
import { createMemoryBus } from './bus/memory-bus';
import { createRedisBus } from './bus/redis-bus';
import { connectRedis } from './bus/redis-connection';
import type { Config } from './config/config';
import { resolveSecret } from './config/secret';
import type { Infrastructure } from './context';
import { openDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrator';
import { oauthStatesRepository } from './db/repositories/oauth-states.repository';
import { createGitHubServices, type GitHubEndpoints } from './github/create-github-services';
import {
  createSiteCallMark,
  DEMO_OAUTH_APP,
  EMULATOR_PREFIX,
  mountEmulator,
  SITE_CALL_HEADER,
} from './github/embedded-emulator';
import { registerAnswerCheck, type AnswerMismatch } from './http/contract/answer-check';
import { registerOpenApi } from './http/contract/openapi';
import { registerRouteContracts } from './http/contract/route-contract';
import { registerErrorHandler } from './http/error-handler';
import { registerAuthentication } from './http/middleware/authentication';
import { registerCompression } from './http/middleware/compression';
import { registerInputGuard } from './http/middleware/input-guard';
import { registerLoopbackRedirect } from './http/middleware/loopback-redirect';
import { registerSameOriginGuard } from './http/middleware/same-origin';
import { registerSecurityHeaders, securityHeaders } from './http/middleware/security-headers';
import { registerRequestLog } from './http/middleware/request-log';
import { registerRequestIdEcho, requestIdOf } from './http/middleware/request-id';
import { registerDrainingAnswer } from './http/middleware/draining';
import { answerFrameworkError } from './http/framework-errors';
import { registerApiRoutes } from './http/routes/index';
import { archiveRoutes } from './http/archive/archive.routes';
import { sitemapRoutes } from './http/archive/sitemap.routes';
import { registerSpa } from './http/spa/spa';
import { attachRealtimeGateway } from './realtime/gateway';
import { createMemoryRateLimiter } from './services/rate-limit/memory-rate-limiter';
import { createRedisRateLimiter } from './services/rate-limit/redis-rate-limiter';
import { buildAppServices, type AppServices } from './services/app-services';
import type { RouteDeps } from './http/route-deps';
import { createAppMetrics } from './metrics/app-metrics';
import { registerHttpMetrics } from './metrics/http-metrics';
import { instrumentBus } from './metrics/instrumented-bus';
import { createMetricsServer, type MetricsServer } from './metrics/metrics-server';
import { startExpiredRowsPurge } from './services/housekeeping/expired-rows-purge';
import { demoRoomRepositories } from './services/demo/demo-content.start';
import { startActivityPoller } from './services/repo-activity/activity-poller';
import { createMemoryPollLease, createRedisPollLease } from './services/repo-activity/poll-lease';
import { openFileStorage } from './storage/open-file-storage';

export interface BuildAppOptions {
  logger?: Logger;
  now?: () => number;
  /** Serve the built client (off for API-only tests). */
  serveClient?: boolean;
  /** An already-open database (tests open one per schema); closed with the app. */
  database?: DatabaseHandle;
  /** Average time between purges of expired sessions and sign-ins (tests shorten it). */
  purgeIntervalMs?: number;
  /** How long a message search may read before it answers what it found (tests force a tiny one). */
  searchBudgetMs?: number;
  /**
   * Checks every answer of a route with a contract against it, and answers 500 after telling
   * this function when one does not match (the test suites; see http/contract/answer-check.ts).
   */
  onAnswerMismatch?: (mismatch: AnswerMismatch) => void;
}

export interface BuiltApp {
  app: FastifyInstance;
  /** The infrastructure the services were built from (tests reach the database through it). */
  ctx: Infrastructure;
  services: AppServices;
  /** Stops accepting, closes sockets with "going away", finishes requests, closes pools. */
  close(): Promise<void>;
  /** The metrics listener (not yet listening), when METRICS_PORT is set. */
  metrics?: MetricsServer;
}

/** The composition root: picks SQLite|PostgreSQL, memory|Redis, live|emulated GitHub. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<BuiltApp> {
  const logger = options.logger ?? createLogger(config);
  const now = options.now ?? Date.now;
  const closers: Array<() => Promise<void> | void> = [];

  const database: DatabaseHandle =
    options.database ??
    (await openDatabase(config.databaseUrl, {
      onCheckpointFailure: (error) =>
        logger.error({ err: error }, 'SQLite checkpoints are back on the server thread: their thread failed'),
    }));
  closers.push(() => database.close());
  await migrateToLatest(database);

  let redis: Redis | undefined;
  let bus: EventBus;
  if (config.redisUrl) {
    redis = connectRedis(config.redisUrl, 'state');
    const shared = redis;
    closers.push(() => shared.disconnect());
    bus = createRedisBus(config.redisUrl);
  } else {
    bus = createMemoryBus();
  }
  closers.push(() => bus.close());
  const metrics = config.metricsPort !== undefined ? createAppMetrics() : undefined;
  if (metrics) bus = instrumentBus(bus, metrics);
  const rateLimiter = redis ? createRedisRateLimiter(redis, now) : createMemoryRateLimiter(now);

  const files = openFileStorage(config.fileStorage);
  closers.push(() => files.close());
  const secret = resolveSecret(config.sessionSecret, config.dataDir);
  const siteCallMark = createSiteCallMark();
  const github = createGitHubServices({ config, database, logger, endpoints: githubEndpoints(config, siteCallMark) });

  const ctx: Infrastructure = {
    config,
    database,
    bus,
    rateLimiter,
    redis,
    github,
    files,
    logger,
    secret,
    now,
    searchBudgetMs: options.searchBudgetMs,
    metrics,
    onClose: (fn) => closers.push(fn),
  };

  const services = buildAppServices(ctx);
  const routeDeps: RouteDeps = { config, services, github };
  const applySecurityHeaders = securityHeaders(routeDeps);
  const purge = startExpiredRowsPurge({
    sessions: services.sessions,
    oauthStates: oauthStatesRepository(database.db),
    unsentAttachments: services.attachments,
    logger,
    now,
    ...(options.purgeIntervalMs ? { intervalMs: options.purgeIntervalMs } : {}),
  });
  closers.push(() => purge.stop());

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // Every log line of a request carries its id (reqId): the caller's x-request-id or a new one.
    genReqId: requestIdOf,
    requestIdHeader: false,
    frameworkErrors: answerFrameworkError(applySecurityHeaders),
    // Our own hook writes one line per request (see request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    // X-Forwarded-For only from the configured proxies: otherwise any client picks its own IP
    // and walks around every per-IP limit.
    trustProxy: proxyTrust(config.trustProxy),
    forceCloseConnections: 'idle',
    // Answered by registerDrainingAnswer instead, so the 503 carries the security headers.
    return503OnClosing: false,
  });
  await app.register(fastifyCookie);
  registerRequestIdEcho(app);
  registerDrainingAnswer(app);
  if (metrics) registerHttpMetrics(app, metrics);
  registerRequestLog(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, applySecurityHeaders);
  registerLoopbackRedirect(app, config);
  registerAuthentication(app, routeDeps);
  registerSameOriginGuard(app, config);
  registerInputGuard(app);
  if (options.onAnswerMismatch) registerAnswerCheck(app, options.onAnswerMismatch);
  // The last onSend hook: it compresses the body the other hooks have finished with.
  registerCompression(app);
  registerRouteContracts(app);
  await registerOpenApi(app, routeDeps);
  if (config.github.mode === 'emulated')
    await mountEmulator(app, config.publicUrl, {
      control: config.emulator.control,
      pollIntervalSeconds: config.emulator.pollIntervalSeconds,
      ambientRepos: config.demoContent ? demoRoomRepositories() : [],
      siteCallMark,
    });
  await registerApiRoutes(app, routeDeps);
  await archiveRoutes(app, routeDeps);
  await sitemapRoutes(app, routeDeps);
  if (options.serveClient !== false) await registerSpa(app, routeDeps);
  const gateway = attachRealtimeGateway(app, { config, bus, logger, metrics, services });
  const poller = startActivityPoller({
    db: database.db,
    events: github.events,
    github: github.api,
    webUrl: github.webUrl,
    lease: redis ? createRedisPollLease(redis, randomUUID()) : createMemoryPollLease(now),
    activity: services.roomActivity,
    onlineRoomIds: gateway.onlineRoomIds,
    ...(metrics ? { onRequest: (room: string, spent: boolean) => metrics.activityRequest(room, spent) } : {}),
    logger,
    now,
  });
  let metricsServer: MetricsServer | undefined;
  if (metrics && config.metricsPort !== undefined) {
    metrics.trackDatabasePool(database);
    metrics.trackGitHubQuota(github.api);
    const server = createMetricsServer(ctx, metrics, config.metricsPort);
    closers.push(() => server.close());
    metricsServer = server;
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await poller.stop();
      await gateway.close();
      await app.close();
      for (const fn of closers.reverse()) {
        try {
          await fn();
        } catch (error) {
          logger.warn({ err: error }, 'error during shutdown');
        }
      }
    })());
  return { app, ctx, services, close, ...(metricsServer ? { metrics: metricsServer } : {}) };
}

/**
 * Fastify ignores a bare hop count (it cannot check the peer), so a count becomes a function:
 * the nearest `hops` addresses are proxies and the one before them is the client.
 */
function proxyTrust(setting: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/**
 * Where GitHub is: configured endpoints, or the emulator mounted on this origin (whose calls carry
 * the site's mark, so they spend the site's quota and nobody else's).
 */
export function githubEndpoints(config: Config, siteCallMark: string): GitHubEndpoints {
  if (config.github.mode === 'live') {
    return {
      apiUrl: config.github.apiUrl ?? 'https://api.github.com',
      webUrl: config.github.webUrl ?? 'https://github.com',
      clientId: config.github.clientId ?? '',
      clientSecret: config.github.clientSecret ?? '',
    };
  }
  // The server reaches its own emulator over loopback; browsers use the public origin.
  const internal = `http://127.0.0.1:${config.port}${EMULATOR_PREFIX}`;
  return {
    apiUrl: config.github.apiUrl ?? `${internal}/api/v3`,
    webUrl: config.github.webUrl ?? `${config.publicUrl}${EMULATOR_PREFIX}`,
    clientId: DEMO_OAUTH_APP.clientId,
    clientSecret: DEMO_OAUTH_APP.clientSecret,
    ...(config.github.apiUrl ? {} : { embedded: true, headers: { [SITE_CALL_HEADER]: siteCallMark } }),
  };
}

/** JSON lines to stdout, or to `destination` (main.ts passes a readable one for a terminal). */
export function createLogger(config: Config, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.access_token',
        '*.accessToken',
        '*.token',
        '*.client_secret',
        '*.code_verifier',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
