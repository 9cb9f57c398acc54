/**
 * What a first visit to each route downloads, from Vite's build manifest, and the budgets it must
 * stay within. Used by scripts/report-bundle-size.ts (`npm run size`).
 *
 * A route's first load is its entry chunk and page chunk, every chunk they import, and every chunk
 * they import dynamically that renders at once (a lazy component on screen from the start) — that
 * is, every dynamic import except the other routes' pages and the code loaded on first use
 * (ON_FIRST_USE). Anything new and lazy therefore counts until it is declared as loaded on use.
 */

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface RouteSpec {
  route: string;
  /** The page's module (relative to client/), the key of its chunk in the manifest. */
  page: string;
  /** A signed-in visit: also counts what only signed-in users load at once (SIGNED_IN_AT_ONCE). */
  signedIn: boolean;
  /** The most gzipped JavaScript the first load may download, in kB (1024 bytes). */
  budgetKb?: number;
}

export const HOME_BUDGET_KB = 110;
export const CHAT_BUDGET_KB = 150;

export const ROUTES: RouteSpec[] = [
  { route: '/', page: 'pages/home/HomePage.tsx', signedIn: false, budgetKb: HOME_BUDGET_KB },
  // Reported, not enforced: a signed-in home also loads the realtime client for live unread counts.
  { route: '/', page: 'pages/home/HomePage.tsx', signedIn: true },
  { route: '/auth', page: 'pages/auth/AuthPage.tsx', signedIn: false },
  { route: '/chat/:roomId', page: 'features/chat/index.ts', signedIn: true, budgetKb: CHAT_BUDGET_KB },
  { route: '/profile', page: 'pages/profile/ProfilePage.tsx', signedIn: true },
  { route: '/user/:username', page: 'pages/user/PublicProfilePage.tsx', signedIn: false },
];

/** Every route's page, so one route's first load never counts another route's page. */
export const PAGES = [
  ...new Set([
    ...ROUTES.map((r) => r.page),
    'pages/repo-room/RepoRoomPage.tsx',
    'pages/not-found/NotFoundPage.tsx',
    'features/search/MessageSearchPage.tsx',
    'pages/threads/ThreadsPage.tsx',
  ]),
];

/** Modules (relative to client/) loaded on first use, not by the first render, and when. */
export const ON_FIRST_USE: Record<string, string> = {
  'app/AppToaster.tsx': 'the first toast',
  'components/layout/UserMenu.tsx': 'the first click on the avatar',
  'components/layout/MobileSidebarSheet.tsx': 'opening the chats on a phone',
  'pages/home/FiltersCard.tsx': 'opening the filters',
  'pages/home/SearchResults.tsx': 'the first search',
  'features/chat/components/MessageActionsMenu.tsx': "opening a message's actions",
  'features/chat/components/ReactionPalette.tsx': 'opening the reaction palette',
  'features/chat/components/ConfirmDialogView.tsx': 'the first confirmation (delete, leave)',
  'features/chat/components/MembersSheetView.tsx': 'opening the members on a phone',
  'features/chat/components/highlight-code.ts': 'the first code block that names its language',
  'features/chat/components/MuteDialogView.tsx': 'a moderator muting someone',
  'features/chat/components/BannedDialogView.tsx': "a moderator opening the room's bans",
  'features/chat/components/PinnedDialogView.tsx': 'opening the pinned messages',
  'features/chat/components/RoomMoreMenu.tsx': 'opening the room header\'s "More" menu',
  'features/chat/components/MemberActionsMenu.tsx': "opening a member's menu in the member list",
  'features/chat/components/TopicDialogView.tsx': 'a moderator editing the topic',
  'features/chat/components/ReportDialogView.tsx': 'reporting a message',
  'features/chat/components/ReportsDialogView.tsx': "a moderator opening the room's reports",
  'features/chat/components/ModerationLogDialogView.tsx': 'a moderator opening the moderation log',
  'features/search/RoomSearchSheetView.tsx': "opening a room's message search",
  'features/chat/components/ThreadPanelView.tsx': 'opening a thread',
  'features/chat/components/RoomDetailsView.tsx': 'showing the room\'s details ("Show details")',
  'features/chat/components/QuestionsDialogView.tsx': 'opening the room\'s "Questions"',
  'features/quick-switcher/QuickSwitcherDialog.tsx': 'the first Ctrl+K (⌘K)',
  'features/chat/components/MessageAttachmentsView.tsx': 'the first message with files (their places are kept)',
  'features/chat/components/ImageViewerView.tsx': 'opening an attached image',
  'features/chat/components/PendingAttachmentsView.tsx': 'attaching the first file',
  'api/attachments.ts': 'uploading the first file',
  'features/chat/components/ActivityMenuView.tsx': 'opening the room header\'s "Activity" menu',
  'features/chat/components/CreateIssueDialogView.tsx': 'choosing "Create issue"',
  'features/chat/components/ProtectionDialogView.tsx': 'a moderator opening "Protection"',
  'features/chat/components/ReviewDialogView.tsx': 'a moderator opening "Review"',
};

/** Modules loaded at once only for a signed-in user (visitors never download them). */
export const SIGNED_IN_AT_ONCE = [
  'api/realtime.ts',
  'components/layout/MentionsButton.tsx',
  'components/layout/ThreadsButton.tsx',
  'components/layout/signed-in.ts',
];

/** Source files bundled into a chunk, relative to client/ (from its source map). */
export type SourcesOf = (key: string) => string[];

/** The modules a chunk stands for: its key, its source and the files bundled into it. */
function modulesOf(manifest: Manifest, key: string, sourcesOf: SourcesOf): string[] {
  const chunk = manifest[key];
  return [key, ...(chunk?.src ? [chunk.src] : []), ...sourcesOf(key)];
}

/** The chunk keys a first visit to `page` downloads (see the file's comment). */
export function firstLoadChunks(
  manifest: Manifest,
  page: string,
  { signedIn, sourcesOf }: { signedIn: boolean; sourcesOf: SourcesOf },
): Set<string> {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk');
  const deferred = new Set([...Object.keys(ON_FIRST_USE), ...(signedIn ? [] : SIGNED_IN_AT_ONCE)]);
  const seen = new Set<string>();
  const stack = [entry, page];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
    for (const lazy of chunk.dynamicImports ?? []) {
      const modules = modulesOf(manifest, lazy, sourcesOf);
      const otherPage = lazy !== page && PAGES.includes(lazy);
      if (otherPage || modules.some((module) => deferred.has(module))) continue;
      stack.push(lazy);
    }
  }
  return seen;
}

/**
 * Declarations that no longer match the build (a renamed or removed file): a stale name would
 * silently stop deferring, or stop counting, what it was meant to.
 */
export function staleDeclarations(manifest: Manifest, sourcesOf: SourcesOf): string[] {
  const known = new Set(Object.keys(manifest).flatMap((key) => modulesOf(manifest, key, sourcesOf)));
  return [...PAGES, ...Object.keys(ON_FIRST_USE), ...SIGNED_IN_AT_ONCE].filter((module) => !known.has(module));
}

export interface RouteSize {
  route: string;
  signedIn: boolean;
  chunks: number;
  raw: number;
  gzip: number;
  budgetKb?: number;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** One line per route over its budget; empty when every route is within. */
export function overBudget(sizes: RouteSize[]): string[] {
  return sizes
    .filter((size) => size.budgetKb !== undefined && size.gzip > size.budgetKb * 1024)
    .map(
      (size) =>
        `${size.route} (${size.signedIn ? 'signed in' : 'visitor'}): ${kb(size.gzip)} gzipped, budget ${size.budgetKb} kB`,
    );
}
