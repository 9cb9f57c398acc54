import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config';
import { isOtherLoopbackSpelling } from '../public-host';

/**
 * Demo mode only: a page opened at another spelling of the same loopback address (127.0.0.1 when
 * PUBLIC_URL says localhost, or the reverse) is sent to PUBLIC_URL's origin. Cookies, the emulator's
 * avatars and the OAuth callback all belong to that origin, so the other spelling half-works.
 * Only GET/HEAD page loads are redirected; API calls, the emulator and WebSockets are left alone.
 */
export function registerLoopbackRedirect(app: FastifyInstance, config: Config): void {
  if (config.github.mode !== 'emulated') return;
  const publicUrl = new URL(config.publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.url.startsWith('/api/') || request.url.startsWith('/_emulator') || request.url.startsWith('/ws'))
      return;
    if (!isOtherLoopbackSpelling(publicUrl, request.headers.host)) return;
    // The target is always our own public origin: never an open redirect.
    return reply.redirect(`${publicUrl.origin}${request.url}`, 302);
  });
}
