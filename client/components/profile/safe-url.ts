/**
 * Turns a URL-ish value from GitHub or a user (a blog field may be "example.com") into an http(s)
 * link, or null when it is anything else (javascript:, data:, ...), so it is shown as text.
 */
export function safeHttpUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!url.hostname.includes('.') && url.hostname !== 'localhost' && !/^\d+$/.test(url.port)) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** "March 2012" from an ISO date, or null. */
export function formatMonthYear(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The year of an ISO date, or null. */
export function yearOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date.getUTCFullYear();
}
