import { useEffect, useId, useMemo } from 'react';
import { resolvePageMeta, type PageMetaInput, type ResolvedPageMeta } from '../../shared/meta';
import { useSiteConfig } from './useSiteConfig';

export type { PageMetaInput } from '../../shared/meta';

/** Route defaults lose to a page's own metadata, whatever order their effects run in. */
export const META_PRIORITY = { route: 0, page: 1 } as const;

interface Entry {
  priority: number;
  order: number;
  input: PageMetaInput;
  publicUrl: string;
}

const entries = new Map<string, Entry>();
let counter = 0;
/** "(N) " while N unread messages wait in the user's rooms (useUnread), else empty. */
let titlePrefix = '';
let pageTitle: string | null = null;

/** Puts "(N) " before every page's title, or takes it away with 0. */
export function setUnreadTitleCount(count: number): void {
  titlePrefix = count > 0 ? `(${count}) ` : '';
  if (pageTitle !== null) document.title = titlePrefix + pageTitle;
}

function latest(priority: number): Entry | undefined {
  let found: Entry | undefined;
  for (const entry of entries.values()) {
    if (entry.priority === priority && (!found || entry.order > found.order)) found = entry;
  }
  return found;
}

/**
 * The page's own metadata, laid over its route's defaults: a page that sets only a title keeps
 * the route's noindex or structured data. A page for another path stands alone.
 */
function applyWinner(): void {
  const route = latest(META_PRIORITY.route);
  const page = latest(META_PRIORITY.page);
  const top = page ?? route;
  if (!top) return;
  let input = top.input;
  if (page && route && page.input.path === route.input.path) {
    input = { ...route.input };
    for (const [key, value] of Object.entries(page.input)) {
      if (value !== undefined) (input as unknown as Record<string, unknown>)[key] = value;
    }
  }
  writeHead(resolvePageMeta(input, top.publicUrl));
}

/** Updates the tags the server wrote (same selectors), so no tag is ever duplicated. */
function writeHead(meta: ResolvedPageMeta): void {
  pageTitle = meta.title;
  document.title = titlePrefix + meta.title;
  const wanted = new Set(meta.tags.map((tag) => `${tag.attribute}:${tag.key}`));
  for (const tag of meta.tags) {
    let element = document.head.querySelector<HTMLMetaElement>(`meta[${tag.attribute}="${tag.key}"]`);
    if (!element) {
      element = document.createElement('meta');
      element.setAttribute(tag.attribute, tag.key);
      document.head.appendChild(element);
    }
    element.setAttribute('content', tag.content);
  }
  // robots is the only optional tag: drop it when this page does not ask for it.
  if (!wanted.has('name:robots')) document.head.querySelector('meta[name="robots"]')?.remove();

  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.appendChild(canonical);
  }
  canonical.href = meta.canonical;

  let jsonLd = document.head.querySelector<HTMLScriptElement>('script[type="application/ld+json"][data-page-meta]');
  if (!meta.jsonLd) {
    jsonLd?.remove();
    return;
  }
  if (!jsonLd) {
    jsonLd = document.createElement('script');
    jsonLd.type = 'application/ld+json';
    jsonLd.setAttribute('data-page-meta', '');
    document.head.appendChild(jsonLd);
  }
  // A data block: set as text, never parsed as markup and never executed.
  jsonLd.textContent = meta.jsonLd;
}

/** The site origin for absolute URLs: the configured PUBLIC_URL, or this origin until it loads. */
export function usePublicUrl(): string {
  const { data } = useSiteConfig();
  return data?.publicUrl ?? window.location.origin;
}

/**
 * Sets the document title, description, canonical link, Open Graph and Twitter tags, optional
 * robots and JSON-LD for the current page (docs/PRODUCT.md §1.1). Pages call it; the most recently mounted
 * page-level call wins, laid over the route's defaults from the router (same path only).
 */
export function usePageMeta(input: PageMetaInput, priority: number = META_PRIORITY.page): void {
  const id = useId();
  const publicUrl = usePublicUrl();
  // The object identity of `input` changes every render; its content is what matters.
  const key = JSON.stringify(input);
  const stable = useMemo(() => JSON.parse(key) as PageMetaInput, [key]);

  useEffect(() => {
    const existing = entries.get(id);
    entries.set(id, { priority, order: existing?.order ?? ++counter, input: stable, publicUrl });
    applyWinner();
  }, [id, priority, stable, publicUrl]);

  useEffect(
    () => () => {
      entries.delete(id);
      applyWinner();
    },
    [id],
  );
}
