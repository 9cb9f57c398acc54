import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../route-deps';
import { isHttps } from '../session-cookie';

export type ApplySecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

/** The headers every answer carries, as a function of the configured origin. */
export function securityHeaders({ config, github }: Pick<RouteDeps, 'config' | 'github'>): ApplySecurityHeaders {
  const origin = new URL(config.publicUrl);
  const wsOrigin = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  const formTargets = ["'self'", github.webUrl.startsWith('http') ? new URL(github.webUrl).origin : ''].filter(Boolean);
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Runtime-injected component styles (toasts, popovers) need inline styles; scripts never do.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self' ${wsOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action ${formTargets.join(' ')}`,
  ].join('; ');
  const https = isHttps(config);
  return (request, reply) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/') && request.auth && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
  };
}

/**
 * Headers on every answer, errors and 404s included. Answers Fastify gives before routing
 * (malformed URLs) skip hooks; app.ts applies the same headers to those (framework-errors.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, apply: ApplySecurityHeaders): void {
  app.addHook('onSend', async (request, reply, payload) => {
    apply(request, reply);
    return payload;
  });
}
