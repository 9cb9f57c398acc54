import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { isHttps } from '../session-cookie';

/** Headers on every answer, errors and 404s included. */
export function registerSecurityHeaders(app: FastifyInstance, ctx: AppContext): void {
  const origin = new URL(ctx.config.publicUrl);
  const wsOrigin = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`;
  const formTargets = ["'self'", ctx.github.webUrl.startsWith('http') ? new URL(ctx.github.webUrl).origin : ''].filter(
    Boolean,
  );
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
  const https = isHttps(ctx.config);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', csp);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (https) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/') && request.auth && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
