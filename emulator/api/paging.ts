import type { ApiContext } from './context';

export interface Page {
  perPage: number;
  page: number;
}

function positiveInt(raw: string | null, fallback: number): number {
  if (raw === null || !/^\d+$/.test(raw.trim())) return fallback;
  const n = Number(raw);
  return n >= 1 ? n : fallback;
}

/** GitHub's paging parameters: per_page default 30, capped at 100; page from 1. */
export function readPage(query: URLSearchParams, defaultPerPage = 30): Page {
  return {
    perPage: Math.min(100, positiveInt(query.get('per_page'), defaultPerPage)),
    page: positiveInt(query.get('page'), 1),
  };
}

/**
 * Link header the way GitHub builds it: prev, next, last, first — only the relations that apply,
 * absolute URLs that keep the request's other query parameters.
 */
export function linkHeader(ctx: ApiContext, page: number, lastPage: number): string | undefined {
  if (lastPage <= 1 && page <= 1) return undefined;
  const make = (n: number, rel: string): string => {
    const q = new URLSearchParams(ctx.query);
    q.set('page', String(n));
    return `<${ctx.urls.api}${ctx.path}?${q.toString()}>; rel="${rel}"`;
  };
  const parts: string[] = [];
  if (page > 1) parts.push(make(Math.min(page - 1, Math.max(1, lastPage)), 'prev'));
  if (page < lastPage) {
    parts.push(make(page + 1, 'next'));
    parts.push(make(lastPage, 'last'));
  }
  if (page > 1) parts.push(make(1, 'first'));
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** Slices a full list for the requested page and returns the Link header for it. */
export function paginate<T>(
  ctx: ApiContext,
  items: readonly T[],
  defaultPerPage = 30,
): { items: T[]; headers: Record<string, string> } {
  const { perPage, page } = readPage(ctx.query, defaultPerPage);
  const lastPage = Math.max(1, Math.ceil(items.length / perPage));
  const link = linkHeader(ctx, page, lastPage);
  return { items: items.slice((page - 1) * perPage, page * perPage), headers: link ? { link } : {} };
}
