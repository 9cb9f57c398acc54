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
import type { AppContext } from './context';
import { openDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrator';
import { sessionsRepository } from './db/repositories/sessions.repository';
import { createGitHubServices, type GitHubEndpoints } from './github/create-github-services';
import { DEMO_OAUTH_APP, EMULATOR_PREFIX, mountEmulator } from './github/embedded-emulator';
import { registerErrorHandler } from './http/error-handler';
import { registerAuthentication } from './http/middleware/authentication';
import { registerInputGuard } from './http/middleware/input-guard';
import { registerLoopbackRedirect } from './http/middleware/loopback-redirect';
import { registerSameOriginGuard } from './http/middleware/same-origin';
import { registerSecurityHeaders } from './http/middleware/security-headers';
import { registerRequestLog } from './http/middleware/request-log';
import { registerApiRoutes } from './http/routes/index';
import { registerSpa } from './http/spa/spa';
import { attachRealtimeGateway } from './realtime/gateway';
import { createMemoryRateLimiter } from './services/rate-limit/memory-rate-limiter';
import { createRedisRateLimiter } from './services/rate-limit/redis-rate-limiter';
import { createSessionsService } from './services/sessions.service';

export interface BuildAppOptions {
  logger?: Logger;
  now?: () => number;
  /** Serve the built client (off for API-only tests). */
  serveClient?: boolean;
  /** An already-open database (tests open one per schema); closed with the app. */
  database?: DatabaseHandle;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Stops accepting, closes sockets with "going away", finishes requests, closes pools. */
  close(): Promise<void>;
}

/** The composition root: picks SQLite|PostgreSQL, memory|Redis, live|emulated GitHub. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<BuiltApp> {
  const logger = options.logger ?? createLogger(config);
  const now = options.now ?? Date.now;
  const closers: Array<() => Promise<void> | void> = [];

  const database: DatabaseHandle = options.database ?? (await openDatabase(config.databaseUrl));
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
  const rateLimiter = redis ? createRedisRateLimiter(redis, now) : createMemoryRateLimiter(now);

  const secret = resolveSecret(config.sessionSecret, config.dataDir);
  const sessions = createSessionsService(sessionsRepository(database.db), now);
  const github = createGitHubServices({ config, database, logger, endpoints: githubEndpoints(config) });

  const ctx: AppContext = {
    config,
    database,
    bus,
    rateLimiter,
    redis,
    sessions,
    github,
    logger,
    secret,
    now,
    onClose: (fn) => closers.push(fn),
  };

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // Our own hook writes one line per request (see request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    trustProxy: true,
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  });
  await app.register(fastifyCookie);
  registerRequestLog(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, ctx);
  registerLoopbackRedirect(app, ctx);
  registerAuthentication(app, ctx);
  registerSameOriginGuard(app, ctx);
  registerInputGuard(app);
  if (config.github.mode === 'emulated') await mountEmulator(app, config.publicUrl);
  await registerApiRoutes(app, ctx);
  if (options.serveClient !== false) await registerSpa(app, ctx);
  const gateway = attachRealtimeGateway(app, ctx);

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
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
  return { app, ctx, close };
}

/** Where GitHub is: configured endpoints, or the emulator mounted on this origin. */
export function githubEndpoints(config: Config): GitHubEndpoints {
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
    embedded: !config.github.apiUrl,
  };
}

export function createLogger(config: Config): Logger {
  return pino({
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
  });
}
