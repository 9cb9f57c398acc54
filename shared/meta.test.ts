import { describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from './limits';
import {
  absoluteUrl,
  homePageMeta,
  pageTitle,
  publicProfilePageMeta,
  renderHeadTags,
  resolvePageMeta,
  serializeJsonLd,
} from './meta';

const ORIGIN = 'https://rooms.example';
const tag = (meta: ReturnType<typeof resolvePageMeta>, key: string) => meta.tags.find((t) => t.key === key)?.content;

describe('page metadata', () => {
  it('uses the product defaults when a page gives nothing', () => {
    const meta = resolvePageMeta({ path: '/' }, ORIGIN);
    expect(meta.title).toBe(DEFAULT_TITLE);
    expect(meta.description).toBe(DEFAULT_DESCRIPTION);
    expect(meta.canonical).toBe('https://rooms.example/');
    expect(tag(meta, 'og:image')).toBe('https://rooms.example/og-image.png');
    expect(tag(meta, 'og:site_name')).toBe('RepoRooms');
    expect(tag(meta, 'og:type')).toBe('website');
    expect(tag(meta, 'twitter:card')).toBe('summary_large_image');
    expect(tag(meta, 'robots')).toBeUndefined();
    expect(meta.jsonLd).toBeUndefined();
  });

  it('titles pages "X | RepoRooms" and adds robots only when asked', () => {
    const meta = resolvePageMeta({ title: '  Chat   Room ', path: '/chat/1', noindex: true }, ORIGIN);
    expect(meta.title).toBe('Chat Room | RepoRooms');
    expect(tag(meta, 'og:title')).toBe('Chat Room | RepoRooms');
    expect(tag(meta, 'twitter:title')).toBe('Chat Room | RepoRooms');
    expect(tag(meta, 'robots')).toBe('noindex,nofollow');
    expect(pageTitle('')).toBe(DEFAULT_TITLE);
  });

  it('collapses whitespace in descriptions and cuts them to 160 characters with an ellipsis', () => {
    const meta = resolvePageMeta({ path: '/', description: `a\n\n  b ${'x'.repeat(300)}` }, ORIGIN);
    expect(meta.description.startsWith('a b x')).toBe(true);
    expect(meta.description).toHaveLength(160);
    expect(meta.description.endsWith('…')).toBe(true);
    expect(tag(meta, 'og:description')).toBe(meta.description);
  });

  it('builds absolute addresses from the site origin, keeping absolute image URLs', () => {
    expect(absoluteUrl('https://rooms.example/', 'user/a')).toBe('https://rooms.example/user/a');
    expect(absoluteUrl(ORIGIN, 'https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    const meta = resolvePageMeta({ path: '/x', image: 'https://cdn.example/a.png' }, ORIGIN);
    expect(tag(meta, 'twitter:image')).toBe('https://cdn.example/a.png');
  });

  it('escapes every value written into HTML', () => {
    const meta = resolvePageMeta({ title: '<b>"x"</b>', description: `a & 'b'`, path: '/user/"><script>' }, ORIGIN);
    const html = renderHeadTags(meta);
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('"><script>');
    expect(html).toContain('<title>&lt;b&gt;&quot;x&quot;&lt;/b&gt; | RepoRooms</title>');
    expect(html).toContain('content="a &amp; &#39;b&#39;"');
  });

  it('writes JSON-LD that cannot close its script element', () => {
    const text = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ name: '</script><script>alert(1)</script>' });
    const html = renderHeadTags(resolvePageMeta(homePageMeta(ORIGIN), ORIGIN));
    expect(html).toMatch(/<script type="application\/ld\+json" data-page-meta>\{.*"@type":"WebSite".*\}<\/script>/);
  });

  it('describes a public profile by name, bio and avatar', () => {
    const input = publicProfilePageMeta(
      { id: 'u1', username: 'ada', display_name: 'Ada Lovelace', bio: 'Analyst', avatar_url: 'https://a/1.png' },
      ORIGIN,
    );
    const meta = resolvePageMeta(input, ORIGIN);
    expect(meta.title).toBe('Ada Lovelace (@ada) | RepoRooms');
    expect(meta.description).toBe('Analyst');
    expect(meta.canonical).toBe('https://rooms.example/user/ada');
    expect(tag(meta, 'og:type')).toBe('profile');
    expect(tag(meta, 'og:image')).toBe('https://a/1.png');
    expect(JSON.parse(meta.jsonLd ?? '{}')).toMatchObject({
      '@type': 'ProfilePage',
      mainEntity: { name: 'Ada Lovelace' },
    });
    const bare = publicProfilePageMeta(
      { id: 'u2', username: null, display_name: null, bio: null, avatar_url: null },
      ORIGIN,
    );
    expect(bare.title).toBe('u2');
    expect(bare.path).toBe('/user/u2');
    expect(bare.description).toContain('u2 on RepoRooms');
  });
});
