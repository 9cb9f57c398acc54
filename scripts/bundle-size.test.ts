import { describe, expect, it } from 'vitest';
import {
  CHAT_BUDGET_KB,
  firstLoadChunks,
  HOME_BUDGET_KB,
  overBudget,
  staleDeclarations,
  type Manifest,
  type RouteSize,
} from './bundle-size';

/**
 * An app shaped like ours: the entry imports a shared chunk and lazily loads the pages, the
 * toaster (on first use), the realtime client (signed-in users, at once) and a banner that renders
 * at once; the home page lazily loads the filters card (on first use) and a lazy hero that renders
 * at once and imports a chunk of its own.
 */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: [
      'pages/home/HomePage.tsx',
      'features/chat/index.ts',
      'pages/profile/ProfilePage.tsx',
      'app/AppToaster.tsx',
      '_realtime.js',
      'components/Banner.tsx',
    ],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'pages/home/HomePage.tsx': {
    file: 'assets/HomePage.js',
    src: 'pages/home/HomePage.tsx',
    isDynamicEntry: true,
    imports: ['index.html', '_shared.js'],
    dynamicImports: ['pages/home/FiltersCard.tsx', 'pages/home/Hero.tsx'],
  },
  'pages/home/FiltersCard.tsx': {
    file: 'assets/FiltersCard.js',
    src: 'pages/home/FiltersCard.tsx',
    imports: ['_select.js'],
  },
  '_select.js': { file: 'assets/select.js' },
  'pages/home/Hero.tsx': { file: 'assets/Hero.js', src: 'pages/home/Hero.tsx', imports: ['_hero-art.js'] },
  '_hero-art.js': { file: 'assets/hero-art.js' },
  '_shared.js': { file: 'assets/shared.js' },
  'features/chat/index.ts': {
    file: 'assets/chat.js',
    src: 'features/chat/index.ts',
    imports: ['index.html', '_shared.js', '_realtime.js'],
    dynamicImports: ['features/chat/components/ReactionPalette.tsx'],
  },
  'features/chat/components/ReactionPalette.tsx': {
    file: 'assets/ReactionPalette.js',
    src: 'features/chat/components/ReactionPalette.tsx',
  },
  'pages/profile/ProfilePage.tsx': { file: 'assets/ProfilePage.js', src: 'pages/profile/ProfilePage.tsx' },
  'app/AppToaster.tsx': { file: 'assets/AppToaster.js', src: 'app/AppToaster.tsx', imports: ['_sonner.js'] },
  '_sonner.js': { file: 'assets/sonner.js' },
  // A shared chunk has no `src`: what it holds comes from its source map.
  '_realtime.js': { file: 'assets/realtime.js' },
  'components/Banner.tsx': { file: 'assets/Banner.js', src: 'components/Banner.tsx' },
};
const sources: Record<string, string[]> = { '_realtime.js': ['api/realtime.ts', 'shared/realtime/protocol.ts'] };
const sourcesOf = (key: string) => sources[key] ?? [];

describe('firstLoadChunks', () => {
  it('counts the entry, the page, what they import, and lazy components that render at once, not other pages or code loaded on use', () => {
    const home = firstLoadChunks(manifest, 'pages/home/HomePage.tsx', { signedIn: false, sourcesOf });
    expect([...home].sort()).toEqual(
      [
        'index.html',
        '_vendor.js',
        'pages/home/HomePage.tsx',
        '_shared.js',
        'components/Banner.tsx',
        'pages/home/Hero.tsx',
        '_hero-art.js',
      ].sort(),
    );
  });

  it('counts the realtime client for a signed-in visit only', () => {
    const signedIn = firstLoadChunks(manifest, 'pages/home/HomePage.tsx', { signedIn: true, sourcesOf });
    expect(signedIn.has('_realtime.js')).toBe(true);
    const chat = firstLoadChunks(manifest, 'features/chat/index.ts', { signedIn: true, sourcesOf });
    expect(chat.has('_realtime.js')).toBe(true);
    expect(chat.has('pages/home/HomePage.tsx')).toBe(false);
    expect(chat.has('features/chat/components/ReactionPalette.tsx')).toBe(false);
    expect(chat.has('app/AppToaster.tsx')).toBe(false);
  });

  it('fails on a chunk the manifest does not have', () => {
    expect(() => firstLoadChunks(manifest, 'pages/missing.tsx', { signedIn: false, sourcesOf })).toThrow(
      'the manifest has no chunk pages/missing.tsx',
    );
  });
});

describe('staleDeclarations', () => {
  it('names declared modules the build does not have', () => {
    const stale = staleDeclarations(manifest, sourcesOf);
    expect(stale).toContain('pages/auth/AuthPage.tsx');
    expect(stale).toContain('components/layout/UserMenu.tsx');
    expect(stale).not.toContain('api/realtime.ts');
    expect(stale).not.toContain('app/AppToaster.tsx');
  });
});

describe('overBudget', () => {
  const size = (route: string, gzipKb: number, budgetKb?: number): RouteSize => ({
    route,
    signedIn: route.startsWith('/chat'),
    chunks: 3,
    raw: gzipKb * 3 * 1024,
    gzip: gzipKb * 1024,
    budgetKb,
  });

  it('passes at or under the budget and ignores routes without one', () => {
    expect(
      overBudget([
        size('/', HOME_BUDGET_KB, HOME_BUDGET_KB),
        size('/chat/:roomId', 149.9, CHAT_BUDGET_KB),
        size('/profile', 500),
      ]),
    ).toEqual([]);
  });

  it('names every route over its budget with both figures', () => {
    expect(overBudget([size('/', 110.1, HOME_BUDGET_KB), size('/chat/:roomId', 160, CHAT_BUDGET_KB)])).toEqual([
      '/ (visitor): 110.1 kB gzipped, budget 110 kB',
      '/chat/:roomId (signed in): 160.0 kB gzipped, budget 150 kB',
    ]);
  });
});
