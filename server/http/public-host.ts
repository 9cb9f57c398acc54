/**
 * Comparing the address a request was sent to (its Host header, or X-Forwarded-Host behind a proxy)
 * with PUBLIC_URL, the one address cookies, the OAuth callback and the emulator's links belong to.
 */

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The address a Host header names, read with the public scheme (null when it is not one). */
function parseHost(host: string, protocol: string): URL | null {
  try {
    return new URL(`${protocol}//${host}`);
  } catch {
    return null;
  }
}

function effectivePort(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** Whether a request addressed to `host` reached the site at PUBLIC_URL's host and port. */
export function isPublicHost(publicUrl: URL, host: string | undefined): boolean {
  // No Host header at all (HTTP/1.0 tools): nothing to compare.
  if (host === undefined || host === '') return true;
  const requested = parseHost(host, publicUrl.protocol);
  return (
    requested !== null &&
    requested.hostname === publicUrl.hostname &&
    effectivePort(requested) === effectivePort(publicUrl)
  );
}

/**
 * Whether `host` is PUBLIC_URL's loopback address spelled another way (127.0.0.1, localhost or
 * [::1], same port), when PUBLIC_URL itself is a loopback address.
 */
export function isOtherLoopbackSpelling(publicUrl: URL, host: string | undefined): boolean {
  if (!host || !LOOPBACK_NAMES.has(publicUrl.hostname)) return false;
  const requested = parseHost(host, publicUrl.protocol);
  return (
    requested !== null &&
    requested.hostname !== publicUrl.hostname &&
    LOOPBACK_NAMES.has(requested.hostname) &&
    effectivePort(requested) === effectivePort(publicUrl)
  );
}
