import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { EventBus } from './bus/event-bus';
import type { Config } from './config/config';
import type { DatabaseHandle } from './db/database';
import type { GitHubServices } from './github/github-services';
import type { AppMetrics } from './metrics/app-metrics';
import type { RateLimiter } from './services/rate-limit/rate-limiter';
import type { FileStorage } from './storage/file-storage';

/**
 * The process's infrastructure, opened once by app.ts: what repositories and services are built
 * from (services/app-services.ts). Routes and the realtime gateway never see it: they receive
 * services (lint keeps http/ and realtime/ from importing this module).
 */
export interface Infrastructure {
  config: Config;
  database: DatabaseHandle;
  bus: EventBus;
  rateLimiter: RateLimiter;
  /** Present only when REDIS_URL is set (shared presence and counters). */
  redis: Redis | undefined;
  github: GitHubServices;
  /** Where attachments' bytes are kept: the data directory or an S3-compatible bucket. */
  files: FileStorage;
  logger: Logger;
  /** Secret for sealing tokens and signing cookies (from SESSION_SECRET or the data directory). */
  secret: string;
  now: () => number;
  /** How long a message search may read (SEARCH_TIME_BUDGET_MS unless set; tests force a tiny one). */
  searchBudgetMs?: number | undefined;
  /** Prometheus metrics, present only when METRICS_PORT is set. */
  metrics: AppMetrics | undefined;
  /** Callbacks run at shutdown, last registered first (sockets, timers, pools). */
  onClose(fn: () => Promise<void> | void): void;
}
