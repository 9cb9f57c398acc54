import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config';
import { ApiError } from '../errors';
import { allowedOrigins } from '../../config/site-origin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes a file's raw bytes (Content-Type: application/octet-stream) instead of JSON:
     * no form can send that type across sites, and the Origin check still applies.
     */
    takesFileBytes?: boolean;
  }
}

/**
 * CSRF defence for the JSON API: a state-changing request must come from our own origin
 * (browsers always send Origin on such requests), and a body it carries must be JSON, which a
 * cross-site HTML form cannot produce. A write without a body (a delete, leaving a room) needs no
 * content type: the Origin check is what guards it.
 */
export function registerSameOriginGuard(app: FastifyInstance, config: Config): void {
  const allowed = allowedOrigins(config);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const origin = request.headers.origin;
    if (!origin || !allowed(origin)) {
      throw new ApiError(403, 'forbidden', 'Cross-origin request refused');
    }
    if (!hasBody(request)) return;
    const type = (request.headers['content-type'] ?? '').toLowerCase();
    if (request.routeOptions.config.takesFileBytes === true && type.startsWith('application/octet-stream')) return;
    if (!type.startsWith('application/json')) {
      throw new ApiError(
        415,
        'unsupported_media_type',
        'Requests must send a JSON body (Content-Type: application/json)',
      );
    }
  });
}

/** Whether the request carries a body, as HTTP/1.1 frames one: a length above zero, or chunks. */
function hasBody(request: FastifyRequest): boolean {
  if (request.headers['transfer-encoding'] !== undefined) return true;
  const length = request.headers['content-length'];
  return length !== undefined && Number(length) !== 0;
}
