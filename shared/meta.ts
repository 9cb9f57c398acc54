/**
 * Page metadata (docs/PRODUCT.md §1.1), shared by the browser (usePageMeta) and the server (tags written into
 * the HTML it sends, for crawlers that do not run JavaScript). Both sides build the same tags.
 */
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, PRODUCT_NAME } from './limits';
import { escapeHtml, truncateDescription } from './text';
import { displayName } from './display-name';

export const DEFAULT_SHARE_IMAGE_PATH = '/og-image.png';
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
export const NOINDEX = 'noindex,nofollow';

export type JsonLd = Record<string, unknown>;

export interface PageMetaInput {
  /** Page title without the product name; omitted means the default title. */
  title?: string;
  /** Page description; whitespace collapsed and cut to 160 characters. */
  description?: string;
  /** Path of the page on this site, e.g. '/user/ada'. */
  path: string;
  /** Share image: absolute URL or a site path; defaults to the product image. */
  image?: string;
  noindex?: boolean;
  /** Structured data (schema.org), written as an application/ld+json data block. */
  jsonLd?: JsonLd;
  /** Open Graph type; 'website' unless given. */
  type?: 'website' | 'profile' | 'article';
}

export interface MetaTag {
  attribute: 'name' | 'property';
  key: string;
  content: string;
}

export interface ResolvedPageMeta {
  title: string;
  description: string;
  canonical: string;
  tags: MetaTag[];
  /** Serialised JSON-LD, safe to place inside a <script> element; undefined when absent. */
  jsonLd: string | undefined;
}

/** 'X | RepoRooms' for a page, the product title and tagline otherwise. */
export function pageTitle(title?: string): string {
  const trimmed = title?.replace(/\s+/g, ' ').trim();
  return trimmed ? `${trimmed} | ${PRODUCT_NAME}` : DEFAULT_TITLE;
}

/** An absolute address: the fixed site origin plus a path (absolute URLs pass through). */
export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const origin = publicUrl.replace(/\/+$/, '');
  return `${origin}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Every tag of a page: description, Open Graph, Twitter card, optional robots. */
export function resolvePageMeta(input: PageMetaInput, publicUrl: string): ResolvedPageMeta {
  const title = pageTitle(input.title);
  const description = truncateDescription(input.description?.trim() ? input.description : DEFAULT_DESCRIPTION);
  const canonical = absoluteUrl(publicUrl, input.path);
  const image = absoluteUrl(publicUrl, input.image ?? DEFAULT_SHARE_IMAGE_PATH);
  const tags: MetaTag[] = [
    { attribute: 'name', key: 'description', content: description },
    { attribute: 'property', key: 'og:title', content: title },
    { attribute: 'property', key: 'og:description', content: description },
    { attribute: 'property', key: 'og:url', content: canonical },
    { attribute: 'property', key: 'og:image', content: image },
    { attribute: 'property', key: 'og:site_name', content: PRODUCT_NAME },
    { attribute: 'property', key: 'og:type', content: input.type ?? 'website' },
    { attribute: 'name', key: 'twitter:card', content: 'summary_large_image' },
    { attribute: 'name', key: 'twitter:title', content: title },
    { attribute: 'name', key: 'twitter:description', content: description },
    { attribute: 'name', key: 'twitter:image', content: image },
  ];
  if (input.noindex) tags.push({ attribute: 'name', key: 'robots', content: NOINDEX });
  return { title, description, canonical, tags, jsonLd: input.jsonLd ? serializeJsonLd(input.jsonLd) : undefined };
}

/**
 * JSON for a <script type="application/ld+json"> block. '<', '>' and '&' are written as JSON
 * escapes so text such as '</script>' inside a value can never end the element early.
 */
export function serializeJsonLd(data: JsonLd): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The <head> markup of a page, every value HTML-escaped (server-side rendering of the tags). */
export function renderHeadTags(meta: ResolvedPageMeta): string {
  const lines = [
    `<title>${escapeHtml(meta.title)}</title>`,
    ...meta.tags.map(
      (tag) => `<meta ${tag.attribute}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" />`,
    ),
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
  ];
  if (meta.jsonLd) lines.push(`<script type="application/ld+json" data-page-meta>${meta.jsonLd}</script>`);
  return lines.join('\n    ');
}

/** Home page: default title and description, plus the site as structured data. */
export function homePageMeta(publicUrl: string): PageMetaInput {
  return {
    path: '/',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: PRODUCT_NAME,
      url: absoluteUrl(publicUrl, '/'),
      description: DEFAULT_DESCRIPTION,
    },
  };
}

/** The public fields a profile page's metadata is built from (the public_profiles view). */
export interface PublicProfileMetaSource {
  id: string;
  username: string | null;
  display_name: string | null;
  bio: string | null;
  avatar_url: string | null;
  github_url?: string | null;
}

/** Path of a public profile: by username when it has one, else by id. */
export function publicProfilePath(profile: Pick<PublicProfileMetaSource, 'id' | 'username'>): string {
  return `/user/${encodeURIComponent(profile.username ?? profile.id)}`;
}

/** Metadata of /user/{username}: the person's name, bio and avatar, and a ProfilePage record. */
export function publicProfilePageMeta(profile: PublicProfileMetaSource, publicUrl: string): PageMetaInput {
  const name = displayName(profile, profile.id);
  const title = profile.username && name !== profile.username ? `${name} (@${profile.username})` : name;
  const description = profile.bio?.trim()
    ? profile.bio
    : `${name} on ${PRODUCT_NAME}: GitHub statistics, popular repositories and recent contributions.`;
  const path = publicProfilePath(profile);
  const person: JsonLd = { '@type': 'Person', name, url: absoluteUrl(publicUrl, path) };
  if (profile.username) person.alternateName = profile.username;
  if (profile.avatar_url) person.image = profile.avatar_url;
  if (profile.github_url) person.sameAs = [profile.github_url];
  return {
    title,
    description,
    path,
    image: profile.avatar_url ?? undefined,
    type: 'profile',
    jsonLd: { '@context': 'https://schema.org', '@type': 'ProfilePage', mainEntity: person },
  };
}

/** Titles of the pages whose metadata does not depend on data. */
export const PAGE_TITLES = {
  auth: 'Sign In',
  profile: 'Your Profile',
  chat: 'Chat Room',
  search: 'Search messages',
  notFound: 'Page Not Found',
} as const;
