import type { z } from 'zod';
import { apiErrors } from './errors';

/**
 * Validates untrusted input against a schema; the first problem becomes a 400 with its message.
 * A request without a body (Fastify gives null) reads as an empty one, so a missing field is
 * named as such; a JSON `null` body reads the same.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw apiErrors.validation(`${where}${issue?.message ?? 'Invalid input'}`);
}
