/**
 * GitHub's rule for OAuth apps: scheme, host and port must equal the registered callback URL's,
 * and the path must be the same or a sub-path of it.
 */
export function redirectUriAllowed(candidate: string, callback: string): boolean {
  let c: URL;
  let r: URL;
  try {
    c = new URL(candidate);
    r = new URL(callback);
  } catch {
    return false;
  }
  if (c.protocol !== r.protocol || c.hostname !== r.hostname || c.port !== r.port) return false;
  if (c.pathname === r.pathname) return true;
  const base = r.pathname.endsWith('/') ? r.pathname : `${r.pathname}/`;
  return c.pathname.startsWith(base) && !c.pathname.slice(base.length).split('/').includes('..');
}

/** Adds parameters to a redirect target, keeping the query it already has. */
export function withParams(target: string, params: Record<string, string | null | undefined>): string {
  const url = new URL(target);
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}
