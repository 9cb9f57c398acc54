const MAX_LENGTH = 512;
/** A stand-in origin: only whether the path stays on it matters, not its name. */
const BASE = 'http://return.invalid';

/**
 * Where to send the browser after sign-in: only a same-site relative path is accepted, so the
 * sign-in flow cannot be used to bounce visitors to another site. Anything else becomes '/'.
 *
 * The candidate is normalised first (dot segments, "%2e", query decoding already done) and the
 * result is what gets judged: "/.//evil.com" normalises to "//evil.com", which a browser reads as
 * another host, so checking the raw text alone is not enough.
 */
export function safeReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_LENGTH) return '/';
  if (!candidate.startsWith('/')) return '/';
  // Backslashes count as slashes in browsers; control characters are never legitimate.
  if ([...candidate].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || ch === '\\')) return '/';
  let url: URL;
  try {
    url = new URL(candidate, BASE);
  } catch {
    return '/';
  }
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== BASE || !isSameOriginPath(normalised)) return '/';
  // Landing back on the sign-in page or on an API/emulator address would make no sense.
  if (url.pathname === '/auth' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/_emulator')) return '/';
  return normalised;
}

/**
 * A path a browser resolves against the current origin without leaving it: one leading slash,
 * not two ("//host" is scheme-relative), and already in the form the URL parser would give it.
 */
function isSameOriginPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  try {
    const resolved = new URL(path, BASE);
    return resolved.origin === BASE && `${resolved.pathname}${resolved.search}${resolved.hash}` === path;
  } catch {
    return false;
  }
}
