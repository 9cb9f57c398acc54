import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { META_PRIORITY, usePageMeta, type PageMetaInput } from './usePageMeta';

afterEach(cleanup);

beforeEach(() => {
  document.head.innerHTML = '<title>RepoRooms - Chat about GitHub Repos</title><meta name="description" content="x" />';
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            publicUrl: 'https://rooms.example',
            githubMode: 'live',
            githubWebUrl: 'https://github.com',
          }),
        ),
    ),
  );
});

function Meta({ meta, priority }: { meta: PageMetaInput; priority?: number }) {
  usePageMeta(meta, priority);
  return null;
}

function wrap(children: ReactNode) {
  const client = new QueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('usePageMeta', () => {
  it('writes title, description, canonical, Open Graph, Twitter and robots tags, updating the existing ones', async () => {
    render(wrap(<Meta meta={{ title: 'Sign In', description: 'Sign  in\nhere', path: '/auth', noindex: true }} />));
    expect(document.title).toBe('Sign In | RepoRooms');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(content('meta[name="description"]')).toBe('Sign in here');
    expect(content('meta[property="og:title"]')).toBe('Sign In | RepoRooms');
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(content('meta[name="robots"]')).toBe('noindex,nofollow');
    // The configured site origin replaces this page's origin once /api/config answers.
    await vi.waitFor(() =>
      expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
        'https://rooms.example/auth',
      ),
    );
    expect(content('meta[property="og:image"]')).toBe('https://rooms.example/og-image.png');
  });

  it('lets a page override the route default, and falls back to it when the page goes away', () => {
    const route = <Meta meta={{ path: '/user/ada' }} priority={META_PRIORITY.route} />;
    const view = render(
      wrap(
        <>
          <Meta meta={{ title: 'Ada', path: '/user/ada', jsonLd: { '@type': 'ProfilePage', name: '</script>' } }} />
          {route}
        </>,
      ),
    );
    expect(document.title).toBe('Ada | RepoRooms');
    const script = document.head.querySelector('script[type="application/ld+json"]');
    expect(script?.textContent).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(script?.textContent ?? '{}')).toEqual({ '@type': 'ProfilePage', name: '</script>' });

    view.rerender(wrap(<>{route}</>));
    expect(document.title).toBe('RepoRooms - Chat about GitHub Repos');
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it("keeps the route's noindex and structured data when the page sets only some fields", () => {
    const view = render(
      wrap(
        <>
          <Meta meta={{ title: 'acme/rockets chat', path: '/chat/1' }} />
          <Meta meta={{ title: 'Chat Room', path: '/chat/1', noindex: true }} priority={META_PRIORITY.route} />
        </>,
      ),
    );
    expect(document.title).toBe('acme/rockets chat | RepoRooms');
    expect(content('meta[name="robots"]')).toBe('noindex,nofollow');

    view.rerender(
      wrap(
        <>
          <Meta meta={{ path: '/' }} />
          <Meta meta={{ path: '/', jsonLd: { '@type': 'WebSite' } }} priority={META_PRIORITY.route} />
        </>,
      ),
    );
    expect(document.title).toBe('RepoRooms - Chat about GitHub Repos');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('script[type="application/ld+json"]')?.textContent).toBe('{"@type":"WebSite"}');
  });
});
