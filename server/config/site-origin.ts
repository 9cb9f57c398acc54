import type { Config } from './config';

/**
 * Facts derived from PUBLIC_URL that both HTTP and the WebSocket gateway check: which origins are
 * the site's own, and the session cookie's name.
 */

/** The site's own origin, plus the origin the request was addressed to (same host, any configured port mapping). */
export function allowedOrigins(
  config: Pick<Config, 'publicUrl'>,
): (origin: string, host: string | undefined) => boolean {
  const publicOrigin = new URL(config.publicUrl).origin;
  const scheme = new URL(config.publicUrl).protocol;
  return (origin, host) => origin === publicOrigin || (host !== undefined && origin === `${scheme}//${host}`);
}

export function isHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

/** `__Host-` binds the cookie to this exact origin; browsers allow it only over HTTPS. */
export function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  return isHttps(config) ? '__Host-rr_session' : 'rr_session';
}
