import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../../services/rate-limit/rate-limiter';
import { apiErrors } from '../errors';

export interface VisitorRate {
  limit: number;
  windowMs: number;
}

/**
 * Allowances per IP for signed-out visitors on the routes that may call GitHub. A home page view
 * costs one call of each list; a person types a search every few seconds at most.
 */
export const VISITOR_RATES = {
  list: { limit: 120, windowMs: 60_000 },
  search: { limit: 30, windowMs: 60_000 },
  repository: { limit: 60, windowMs: 60_000 },
  /** Reading a room without joining it: its snapshot (polled every few seconds), pages and threads. */
  room: { limit: 240, windowMs: 60_000 },
} satisfies Record<string, VisitorRate>;

export function visitorLimitMessage(seconds: number): string {
  return `Too many requests, please wait ${seconds} seconds and try again`;
}

/**
 * An onRequest hook for one route: at most `rate` requests per window from one signed-out IP.
 * Registered per route, never globally, so static files and the WebSocket upgrade are not
 * counted. Signed-in users are not counted here: they are accountable, and the GitHub budget
 * keeps their share of the quota. When the counter store fails the request goes through, as
 * the chat limits do.
 */
export function limitVisitors(rateLimiter: RateLimiter, route: string, rate: VisitorRate) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.auth) return;
    let result;
    try {
      result = await rateLimiter.hit(`visitor:${route}:${request.ip}`, rate.limit, rate.windowMs);
    } catch (error) {
      request.log.warn({ err: error, route }, 'rate limiter unavailable; allowing the request');
      return;
    }
    if (!result.allowed) {
      throw apiErrors.rateLimited(visitorLimitMessage(result.retryAfterSeconds), result.retryAfterSeconds);
    }
  };
}
