import { homePageMeta, PAGE_TITLES, publicProfilePageMeta, type PageMetaInput } from '../../../shared/meta';
import type { PublicProfilesService } from '../../services/profiles/public-profiles.service';

export interface PageMetaResult {
  meta: PageMetaInput;
  /** 404 for paths no client route serves, so crawlers do not index them. */
  status: 200 | 404;
}

/**
 * The metadata of a client route, decided on the server for crawlers that run no JavaScript.
 * Mirrors client/app/router.tsx; pages behind sign-in are never indexed.
 */
export async function pageMetaFor(
  pathname: string,
  profiles: Pick<PublicProfilesService, 'findProfile'>,
  publicUrl: string,
): Promise<PageMetaResult> {
  const path = normalisePath(pathname);
  if (path === '/') return { meta: homePageMeta(publicUrl), status: 200 };
  if (path === '/auth') return { meta: { title: PAGE_TITLES.auth, path, noindex: true }, status: 200 };
  if (path === '/profile') return { meta: { title: PAGE_TITLES.profile, path, noindex: true }, status: 200 };
  if (path === '/search') return { meta: { title: PAGE_TITLES.search, path, noindex: true }, status: 200 };
  if (path === '/mentions') return { meta: { title: 'Mentions', path, noindex: true }, status: 200 };
  if (path === '/chat' || path.startsWith('/chat/') || /^\/r\/[^/]+\/[^/]+$/.test(path)) {
    return { meta: { title: PAGE_TITLES.chat, path, noindex: true }, status: 200 };
  }
  if (path === '/user' || path.startsWith('/user/')) {
    const handle = path.split('/')[2];
    return {
      meta: await userPageMeta(handle ? safeDecode(handle) : undefined, path, profiles, publicUrl),
      status: 200,
    };
  }
  return { meta: { title: PAGE_TITLES.notFound, path, noindex: true }, status: 404 };
}

async function userPageMeta(
  handle: string | undefined,
  path: string,
  profiles: Pick<PublicProfilesService, 'findProfile'>,
  publicUrl: string,
): Promise<PageMetaInput> {
  // Private, missing or unreadable profiles get the default tags and stay out of search indexes.
  const fallback: PageMetaInput = { path, noindex: true };
  if (!handle || handle.length > 100) return fallback;
  const profile = await profiles.findProfile(handle);
  return profile ? publicProfilePageMeta(profile, publicUrl) : fallback;
}

function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
