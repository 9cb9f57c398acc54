import type { FastifyInstance } from 'fastify';
import { apiErrors } from '../errors';

// NUL cannot be stored by PostgreSQL and lone surrogates are not valid UTF-8: refuse them up front,
// the same way on every engine, instead of failing deep inside a query.
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const INVALID_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const MAX_DEPTH = 20;

/** Whether any string (key or value) inside `value` holds a NUL or a lone surrogate. */
export function containsInvalidText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return INVALID_TEXT.test(value);
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((item) => containsInvalidText(item, depth + 1));
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (INVALID_TEXT.test(key) || containsInvalidText(item, depth + 1)) return true;
    }
  }
  return false;
}

/** Checks bodies, query strings and path parameters of every API request. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    // A file's raw bytes (an upload) are data, not text: the service reads them for what they are.
    const bytes = Buffer.isBuffer(request.body);
    if (
      (!bytes && containsInvalidText(request.body)) ||
      containsInvalidText(request.query) ||
      containsInvalidText(request.params)
    ) {
      throw apiErrors.badRequest('Text contains invalid characters (NUL or unpaired surrogates)');
    }
    if (request.body !== undefined && request.body !== null && typeof request.body !== 'object') {
      throw apiErrors.badRequest('Request body must be a JSON object');
    }
  });
}
