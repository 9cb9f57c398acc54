import type { Config } from './config';

/**
 * Facts derived from PUBLIC_URL that both HTTP and the WebSocket gateway check: which origins are
 * the site's own, and the session cookie's name.
 */

/**
 * The origins whose pages may change state and open WebSockets: PUBLIC_URL's and the configured
 * ALLOWED_ORIGINS, nothing else. Never the origin named by the request's own Host header: a page
 * served under another name for this server (its bare address, a domain pointed at it by DNS
 * rebinding) would pass such a check with its own Origin.
 */
export function allowedOrigins(config: Pick<Config, 'publicUrl' | 'allowedOrigins'>): (origin: string) => boolean {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.allowedOrigins]);
  return (origin) => allowed.has(origin);
}

export function isHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

/** `__Host-` binds the cookie to this exact origin; browsers allow it only over HTTPS. */
export function sessionCookieName(config: Pick<Config, 'publicUrl'>): string {
  return isHttps(config) ? '__Host-rr_session' : 'rr_session';
}
