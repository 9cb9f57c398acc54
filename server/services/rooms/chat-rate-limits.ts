import { EDIT_RATE, JOIN_RATE, MESSAGE_RATE, REACTION_RATE } from '../../../shared/limits';
import type { AppContext } from '../../context';
import { domainErrors } from '../../errors';

/**
 * SPEC §5 limits, and the edit and reaction limits beside them, enforced on the server. When the
 * shared counter store (Redis) is unreachable the limit is skipped rather than the chat refused:
 * Redis carries counters, never the data, so an outage degrades to "unlimited for a moment", not
 * "nobody can talk".
 */
async function enforce(
  ctx: AppContext,
  key: string,
  rate: { limit: number; windowMs: number },
  message: (seconds: number) => string,
): Promise<void> {
  let result;
  try {
    result = await ctx.rateLimiter.hit(key, rate.limit, rate.windowMs);
  } catch (error) {
    ctx.logger.warn({ err: error, key }, 'rate limiter unavailable; allowing the request');
    return;
  }
  if (!result.allowed) throw domainErrors.rateLimited(message(result.retryAfterSeconds), result.retryAfterSeconds);
}

export function enforceSendLimit(ctx: AppContext, userId: string): Promise<void> {
  return enforce(
    ctx,
    `message:${userId}`,
    MESSAGE_RATE,
    (n) => `Please wait ${n} seconds before sending another message`,
  );
}

export function enforceJoinLimit(ctx: AppContext, userId: string): Promise<void> {
  return enforce(ctx, `join:${userId}`, JOIN_RATE, (n) => `Please wait ${n} seconds before joining another room`);
}

export function enforceEditLimit(ctx: AppContext, userId: string): Promise<void> {
  return enforce(ctx, `edit:${userId}`, EDIT_RATE, (n) => `Please wait ${n} seconds before editing another message`);
}

export function enforceReactionLimit(ctx: AppContext, userId: string): Promise<void> {
  return enforce(ctx, `reaction:${userId}`, REACTION_RATE, (n) => `Please wait ${n} seconds before reacting again`);
}
