const MAX_LENGTH = 512;

/**
 * Where to send the browser after sign-in: only a same-site relative path is accepted, so the
 * sign-in flow cannot be used to bounce visitors to another site. Anything else becomes '/'.
 */
export function safeReturnPath(candidate: unknown): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > MAX_LENGTH) return '/';
  // "//host" and "/\host" are read by browsers as another origin; control characters are never legitimate.
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return '/';
  if ([...candidate].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || ch === '\\')) return '/';
  let url: URL;
  try {
    url = new URL(candidate, 'http://return.invalid');
  } catch {
    return '/';
  }
  if (url.origin !== 'http://return.invalid') return '/';
  // Landing back on the sign-in page or on an API/emulator address would make no sense.
  if (url.pathname === '/auth' || url.pathname.startsWith('/api/') || url.pathname.startsWith('/_emulator')) return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
