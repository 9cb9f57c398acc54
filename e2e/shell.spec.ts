import { expect, test, type Page } from '@playwright/test';
import type { JoinRoomResponse } from '../shared/api/rooms';
import { signInAs } from './support/sign-in';

/** The app shell: guards, 404, header, sidebar, mobile sheet, page metadata and theme. */

const DEFAULT_TITLE = 'RepoRooms - Chat about GitHub Repos';
const DEFAULT_DESCRIPTION =
  'Find and join chat rooms for GitHub repositories. Discuss issues, features, and collaborate with contributors on RepoRooms';

const metaContent = (page: Page, selector: string) => page.locator(`head ${selector}`).getAttribute('content');

test.describe('signed out', () => {
  test('signed-in pages redirect to /auth', async ({ page }) => {
    for (const path of ['/profile', '/chat/some-room']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    }
  });

  test('an unknown path shows the 404 page, logs the path only in the console, and links home', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    const response = await page.goto('/no/such/page-42');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await expect(page.getByText('/no/such/page-42')).toHaveCount(0);
    await expect.poll(() => logged.some((line) => line.includes('/no/such/page-42'))).toBe(true);
    await expect(page).toHaveTitle('Page Not Found | RepoRooms');
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle(DEFAULT_TITLE);
  });

  test('the header shows the brand, a Sign In button and the demo-mode note', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'RepoRooms' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('note', { name: 'Demo mode' })).toContainText('GITHUB_CLIENT_ID');
    await header.getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await page.goto('/');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    // The first Tab must land on the skip link, once the app has rendered.
    await expect(skip).toBeAttached();
    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test('the sidebar starts collapsed, toggles with Ctrl+B and the collapse item, and remembers its state', async ({
    page,
    context,
  }) => {
    await context.clearCookies();
    await page.goto('/');
    const sidebar = page.getByRole('complementary', { name: 'Chats' });
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    await expect(sidebar.getByRole('heading', { name: 'Chats', exact: true })).toBeVisible();

    await page.keyboard.press('Control+b');
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await expect(sidebar.getByRole('heading', { name: 'Active chats' })).toBeVisible();
    await expect(sidebar.getByPlaceholder('Search chats...')).toBeVisible();
    await expect(sidebar.getByText('No active chats')).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('true');
    // 7 days, give or take the seconds this test takes.
    expect(Math.round((cookie?.expires ?? 0) - Date.now() / 1000)).toBeGreaterThan(7 * 24 * 3600 - 120);
    expect(Math.round((cookie?.expires ?? 0) - Date.now() / 1000)).toBeLessThanOrEqual(7 * 24 * 3600);

    await page.reload();
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');

    await sidebar.getByPlaceholder('Search chats...').fill('anything');
    await expect(sidebar.getByText('No chats found')).toBeVisible();

    await sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
    expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('false');
    await page.reload();
    await expect(sidebar).toHaveAttribute('data-state', 'collapsed');

    // The collapsed rail's search button expands the sidebar and focuses the search box.
    await sidebar.getByRole('button', { name: 'Search chats' }).click();
    await expect(sidebar).toHaveAttribute('data-state', 'expanded');
    await expect(sidebar.getByPlaceholder('Search chats...')).toBeFocused();
  });

  test('below 768 px the sidebar is a sheet opened from the header', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('complementary', { name: 'Chats' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open chats' }).click();
    const sheet = page.getByRole('dialog', { name: 'Active chats' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByPlaceholder('Search chats...')).toBeVisible();
    const width = (await sheet.boundingBox())?.width ?? 0;
    expect(width).toBeLessThanOrEqual(18 * 16);
    expect(width).toBeGreaterThan(200);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
    await page.keyboard.press('Control+b');
    await expect(page.getByRole('dialog', { name: 'Active chats' })).toBeVisible();
  });
});

test.describe('signed in', () => {
  // Ada's profile stays public in every spec; her rooms list may hold rooms other specs joined.
  const LOGIN = 'ada-demo';

  test('the avatar menu opens Profile and Settings, and Sign Out ends the session', async ({ page }) => {
    await signInAs(page, LOGIN);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    const trigger = header.getByRole('button', { name: /^Account menu for / });

    await trigger.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await trigger.click();
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    // Settings opens the settings part of the profile page, not just the page.
    await expect(page).toHaveURL(/\/profile#settings$/);
    await expect(page.locator('#settings')).toBeFocused();
    await expect(page.locator('#settings')).toBeInViewport();

    // Keyboard only: open with Enter, move with arrows, choose with Enter.
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/auth$/);
    expect((await page.request.get('/api/me')).status()).toBe(401);
    await page.goto('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('the sidebar lists a joined room with its owner avatar and opens it', async ({ page, baseURL }) => {
    await signInAs(page, LOGIN);
    const joined = await page.request.post('/api/rooms/join', {
      data: { repoFullName: 'ada-demo/loom-patterns' },
      headers: { Origin: new URL(baseURL ?? '').origin },
    });
    expect(joined.status(), await joined.text()).toBe(200);
    const { room } = (await joined.json()) as JoinRoomResponse;

    await page.context().addCookies([{ name: 'sidebar_state', value: 'true', url: baseURL ?? '' }]);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Active chats' });
    await page.getByPlaceholder('Search chats...').fill('loom');
    const entry = nav.getByRole('link', { name: /loom-patterns Discussion/ });
    await expect(entry).toBeVisible();
    await expect(entry).toContainText('ada-demo');
    await expect(entry.locator('img')).toHaveAttribute('src', /.+/);
    await entry.click();
    await expect(page).toHaveURL(new RegExp(`/chat/${room.id}$`));
    await expect(page).toHaveTitle(/\| RepoRooms$/);
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  });

  test('a public profile carries its own tags in the served HTML and after client navigation', async ({
    page,
    request,
    baseURL,
  }) => {
    await signInAs(page, LOGIN);
    const me = (await (await page.request.get('/api/me')).json()) as { username: string; display_name: string | null };
    const name = me.display_name || me.username;

    const served = await request.get(`/user/${me.username}`);
    expect(served.status()).toBe(200);
    const head = (await served.text()).split('</head>')[0] ?? '';
    expect(head).toContain(`<link rel="canonical" href="${baseURL}/user/${me.username}" />`);
    expect(head).toMatch(new RegExp(`<title>${name}[^<]*\\| RepoRooms</title>`));
    expect(head).toContain('<meta property="og:type" content="profile" />');
    expect(head).toContain('"@type":"ProfilePage"');
    expect(head).not.toContain('name="robots"');

    const missing = await (await request.get('/user/nobody-by-this-name')).text();
    expect(missing).toContain('<meta name="robots" content="noindex,nofollow" />');
    expect(missing).toContain(`<title>${DEFAULT_TITLE}</title>`);

    await page.goto('/');
    // A client-side navigation (no document load): the router follows popstate.
    await page.evaluate(
      `history.pushState({}, '', ${JSON.stringify(`/user/${me.username}`)}); dispatchEvent(new PopStateEvent('popstate'));`,
    );
    // Earlier specs may leave this user unread messages: the title then starts with "(N) ".
    await expect(page).toHaveTitle(new RegExp(`^(?:\\(\\d+\\) )?${name}.*\\| RepoRooms$`));
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/user/${me.username}`);
    await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute('content', 'profile');
  });
});

test.describe('page metadata', () => {
  test('the served HTML carries the home page tags without JavaScript', async ({ request, baseURL }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain(`<title>${DEFAULT_TITLE}</title>`);
    expect(head).toContain(`<meta name="description" content="${DEFAULT_DESCRIPTION}" />`);
    expect(head).toContain(`<link rel="canonical" href="${baseURL}/" />`);
    expect(head).toContain(`<meta property="og:image" content="${baseURL}/og-image.png" />`);
    expect(head).toContain('<meta property="og:site_name" content="RepoRooms" />');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(head).toContain('<script type="application/ld+json" data-page-meta>');
    expect(head).not.toContain('name="robots"');
    const image = await request.get('/og-image.png');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  });

  test('client-side navigation updates the tags without duplicating them', async ({ page, baseURL }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(DEFAULT_TITLE);
    expect(await metaContent(page, 'meta[name="description"]')).toBe(DEFAULT_DESCRIPTION);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page).toHaveTitle('Sign In | RepoRooms');
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/auth`);
    expect(await metaContent(page, 'meta[property="og:title"]')).toBe('Sign In | RepoRooms');
    expect(await metaContent(page, 'meta[property="og:url"]')).toBe(`${baseURL}/auth`);
    expect(await metaContent(page, 'meta[name="robots"]')).toBe('noindex,nofollow');
    await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveTitle(DEFAULT_TITLE);
    await expect(page.locator('head meta[name="robots"]')).toHaveCount(0);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/`);
    for (const selector of ['meta[name="description"]', 'meta[property="og:title"]', 'meta[name="twitter:image"]']) {
      await expect(page.locator(`head ${selector}`)).toHaveCount(1);
    }
    const jsonLd = await page.locator('head script[type="application/ld+json"]').textContent();
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'WebSite', name: 'RepoRooms' });
  });
});

test.describe('theme', () => {
  test('a saved theme applies before any app code runs', async ({ page }) => {
    await page.addInitScript({ content: "localStorage.setItem('reporooms-theme', 'dark')" });
    // Block the application bundle: only the tiny init script in <head> can set the class.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // Only the served shell is there (no app code ran), already in the dark theme.
    await expect(page.getByTestId('app-shell-skeleton')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveCount(0);
    expect(await page.evaluate<string>('getComputedStyle(document.body).backgroundColor')).toBe('rgb(11, 16, 32)');
  });

  test('a saved light theme stays light even when the system prefers dark', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.addInitScript({ content: "localStorage.setItem('reporooms-theme', 'light')" });
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });

  test('the system theme follows the operating system live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });
});
