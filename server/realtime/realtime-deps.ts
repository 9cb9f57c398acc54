import type { Logger } from 'pino';
import type { EventBus } from '../bus/event-bus';
import type { Config } from '../config/config';
import type { AppMetrics } from '../metrics/app-metrics';
import type { AppServices } from '../services/app-services';
import type { ReplayPacer } from './replay-pacer';

/** What the realtime gateway is built from (app.ts): services, the bus it listens on, and config. */
export interface RealtimeDeps {
  config: Config;
  bus: EventBus;
  logger: Logger;
  metrics: AppMetrics | undefined;
  services: Pick<AppServices, 'sessions' | 'roomEventLog' | 'roomStanding' | 'presence' | 'rateLimiter' | 'messages'>;
}

/** What one socket command may use. */
export type CommandDeps = Pick<RealtimeDeps, 'logger'> & {
  services: Pick<AppServices, 'roomEventLog' | 'roomStanding' | 'rateLimiter' | 'messages'>;
  /** One per process: shares the event loop between the sockets reading room event logs. */
  replayPacer: ReplayPacer;
};
