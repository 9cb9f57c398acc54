/** Only paths of this site, never another origin (the server checks again). */
export function returnPathFrom(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

/** Where 'Continue with GitHub' sends the browser: the server starts the OAuth flow there. */
export function signInStartUrl(returnTo: string): string {
  return `/api/auth/github/start?returnTo=${encodeURIComponent(returnTo)}`;
}
