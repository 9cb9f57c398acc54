import { MODERATION_RATE, REPORT_RATE } from '../../../shared/api/moderation-tools';
import {
  EDIT_RATE,
  JOIN_RATE,
  MESSAGE_RATE,
  REACTION_RATE,
  SEARCH_RATE,
  USERNAME_CHECK_RATE,
} from '../../../shared/limits';
import type { Logger } from 'pino';
import { UPLOAD_RATE } from '../../../shared/attachments/attachments';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { domainErrors } from '../../errors';

/**
 * The rate limits of docs/PRODUCT.md §5, enforced on the server. When the
 * shared counter store (Redis) is unreachable the limit is skipped rather than the chat refused:
 * Redis carries counters, never the data, so an outage degrades to "unlimited for a moment", not
 * "nobody can talk".
 */
export function createChatRateLimits({
  rateLimiter,
  logger,
}: {
  rateLimiter: RateLimiter;
  logger: Pick<Logger, 'warn'>;
}) {
  async function enforce(
    key: string,
    rate: { limit: number; windowMs: number },
    message: (seconds: number) => string,
  ): Promise<void> {
    let result;
    try {
      result = await rateLimiter.hit(key, rate.limit, rate.windowMs);
    } catch (error) {
      logger.warn({ err: error, key }, 'rate limiter unavailable; allowing the request');
      return;
    }
    if (!result.allowed) throw domainErrors.rateLimited(message(result.retryAfterSeconds), result.retryAfterSeconds);
  }

  return {
    send: (userId: string) =>
      enforce(`message:${userId}`, MESSAGE_RATE, (n) => `Please wait ${n} seconds before sending another message`),
    join: (userId: string) =>
      enforce(`join:${userId}`, JOIN_RATE, (n) => `Please wait ${n} seconds before joining another room`),
    edit: (userId: string) =>
      enforce(`edit:${userId}`, EDIT_RATE, (n) => `Please wait ${n} seconds before editing another message`),
    reaction: (userId: string) =>
      enforce(`reaction:${userId}`, REACTION_RATE, (n) => `Please wait ${n} seconds before reacting again`),
    /** Every moderation action of one moderator, in every room, counts against one budget. */
    moderate: (userId: string) =>
      enforce(
        `moderate:${userId}`,
        MODERATION_RATE,
        (n) => `Please wait ${n} seconds before another moderation action`,
      ),
    /** A new username costs a GitHub read (is it someone's login?): bounded per user. */
    usernameCheck: (userId: string) =>
      enforce(
        `username-check:${userId}`,
        USERNAME_CHECK_RATE,
        (n) => `Please wait ${n} seconds before changing your username again`,
      ),
    /** Message searches of one user, whatever the rooms searched. */
    search: (userId: string) =>
      enforce(`search:${userId}`, SEARCH_RATE, (n) => `Please wait ${n} seconds before searching again`),
    /** Files uploaded to any room (their bytes per hour are bounded by the attachments service). */
    upload: (userId: string) =>
      enforce(`upload:${userId}`, UPLOAD_RATE, (n) => `Please wait ${n} seconds before uploading another file`),
    report: (userId: string) =>
      enforce(`report:${userId}`, REPORT_RATE, (n) => `Please wait ${n} seconds before reporting another message`),
  };
}

export type ChatRateLimits = ReturnType<typeof createChatRateLimits>;
