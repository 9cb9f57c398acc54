import { expect, test, type Page } from '@playwright/test';
import type { JoinRoomResponse } from '../shared/api/rooms';
import { signInAs } from './support/sign-in';

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search repositories' });
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cards = (page: Page, name: string) => section(page, name).getByTestId('repository-card');

async function search(page: Page, text: string): Promise<void> {
  await searchBox(page).fill(text);
  await page.getByRole('button', { name: 'Find chats' }).click();
}

test.describe('home page as a visitor', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('shows the hero, the stat tiles and the discovery sections', async ({ page }) => {
    await expect(page).toHaveTitle('RepoRooms - Chat about GitHub Repos');
    await expect(searchBox(page)).toHaveAttribute('placeholder', /facebook\/react.*state management/);
    for (const tile of ['rooms', 'members', 'messages']) {
      await expect(page.getByTestId(`stat-${tile}`)).toContainText(/\d/);
    }
    for (const name of ['Active now', 'Trending Repositories', 'Recently Created', 'Explore topics']) {
      await expect(section(page, name)).toBeVisible();
    }
    await expect(cards(page, 'Trending Repositories')).toHaveCount(6);
    await expect(cards(page, 'Recently Created').first()).toBeVisible();
    await expect(section(page, 'Explore topics').getByRole('button')).toHaveCount(10);
    await expect(section(page, 'Continue your chats')).toHaveCount(0);
    const first = cards(page, 'Trending Repositories').first();
    await expect(first.getByRole('img').first()).toBeVisible();
    await expect(first.getByRole('button', { name: /Join Chat/ })).toBeEnabled();
  });

  test('a topic button searches topic:{name}', async ({ page }) => {
    await section(page, 'Explore topics').getByRole('button', { name: '#database' }).click();
    await expect(searchBox(page)).toHaveValue('topic:database');
    await expect(section(page, 'Search Results')).toBeVisible();
    await expect(page.getByTestId('search-count')).toHaveText(/^[1-9][\d,]*$/);
    await expect(cards(page, 'Search Results')).toHaveCount(6);
    await expect(section(page, 'Trending Repositories')).toHaveCount(0);
  });

  test('searches only with more than 2 characters', async ({ page }) => {
    await search(page, '  ab ');
    await expect(section(page, 'Search Results')).toHaveCount(0);
    await expect(section(page, 'Trending Repositories')).toBeVisible();
  });

  test('a quick language button sets the language filter and clears the search', async ({ page }) => {
    await search(page, 'facebook/react');
    await expect(section(page, 'Search Results')).toBeVisible();
    await page.getByRole('button', { name: 'Rust', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Rust', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await expect(searchBox(page)).toHaveValue('');
    await expect(section(page, 'Trending Repositories')).toBeVisible();
    const trending = cards(page, 'Trending Repositories');
    await expect(trending).toHaveCount(6);
    for (const card of await trending.all()) await expect(card).toContainText('Rust');
    await expect(page.getByTestId('filters-badge')).toHaveText('1');
  });

  test('filters panel: Add filters, a badge counting active filters, Clear', async ({ page }) => {
    const toggle = page.getByRole('button', { name: 'Add filters' });
    await expect(toggle).toBeVisible();
    await toggle.click();
    const panel = page.getByTestId('filters-panel');
    await expect(panel).toBeVisible();
    for (const label of ['Language', 'Activity', 'Created', 'Discussion status']) {
      await expect(panel.getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(panel.getByRole('slider', { name: 'Maximum stars' })).toHaveAttribute('aria-valuetext', '100k+');

    await panel.getByLabel('Language', { exact: true }).click();
    await expect(page.getByRole('option')).toHaveCount(13);
    await page.getByRole('option', { name: 'C++' }).click();
    await expect(page.getByTestId('filters-badge')).toHaveText('1');
    await expect(page.getByRole('button', { name: 'Add filters' })).toHaveCount(0);
    for (const card of await cards(page, 'Trending Repositories').all()) await expect(card).toContainText('C++');

    await panel.getByLabel('Created', { exact: true }).click();
    await page.getByRole('option', { name: 'During 2023' }).click();
    await expect(page.getByTestId('filters-badge')).toHaveText('2');

    await panel.getByRole('slider', { name: 'Minimum stars' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(panel.getByRole('slider', { name: 'Minimum stars' })).toHaveAttribute('aria-valuetext', '1k');
    await expect(page.getByTestId('filters-badge')).toHaveText('3');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page.getByTestId('filters-badge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add filters' })).toBeVisible();
    await expect(panel.getByLabel('Language', { exact: true })).toHaveText('All Languages');
  });

  test('search results show a count, cards and the first result’s good first issues', async ({ page }) => {
    await search(page, 'facebook/react');
    await expect(page.getByTestId('search-count')).toHaveText('1');
    await expect(cards(page, 'Search Results')).toHaveCount(1);
    await expect(cards(page, 'Search Results').first()).toContainText('facebook/react');
    const issues = section(page, 'Good first issues').getByTestId('good-first-issue');
    await expect(issues).toHaveCount(6);
    for (const issue of await issues.all()) {
      expect(await issue.getByTestId('issue-label').count()).toBeLessThanOrEqual(3);
      await expect(issue.getByTestId('issue-label').first()).toBeVisible();
    }
  });

  test('Show more pages through the search results', async ({ page }) => {
    await search(page, 'react');
    const count = Number((await page.getByTestId('search-count').textContent())?.replace(/,/g, ''));
    expect(count).toBeGreaterThan(12);
    await expect(cards(page, 'Search Results')).toHaveCount(6);
    await section(page, 'Search Results').getByRole('button', { name: 'Show more' }).click();
    await expect(cards(page, 'Search Results')).toHaveCount(12);
    const names = await cards(page, 'Search Results').evaluateAll((all) => all.map((card) => card.ariaLabel));
    expect(new Set(names).size).toBe(12);
  });

  test('a repository without good first issues says so', async ({ page }) => {
    await search(page, 'torvalds/linux');
    await expect(cards(page, 'Search Results')).toHaveCount(1);
    await expect(section(page, 'Good first issues')).toContainText('No good first issues found right now.');
  });

  test('joining while signed out asks to sign in, and after signing in lands in that room', async ({ page }) => {
    const card = cards(page, 'Trending Repositories').first();
    const fullName = (await card.getAttribute('aria-label')) ?? '';
    await card.getByRole('button', { name: /Join Chat/ }).click();
    await expect(page.getByText('Authentication required')).toBeVisible();
    await expect(page.getByText('Please sign in to join the chat')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByRole('button', { name: 'Continue with GitHub' }).click();
    await page.getByRole('button', { name: 'Sign in as ken-demo', exact: true }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: fullName })).toBeVisible();
    await expect(page.getByText('Joined chat successfully')).toBeVisible();
  });
});

test.describe('home page signed in', () => {
  test('joining from a search result opens the room, which then shows under Continue your chats', async ({ page }) => {
    await signInAs(page, 'linus-demo');
    await page.goto('/');
    await search(page, 'denoland/deno');
    const card = cards(page, 'Search Results').first();
    await expect(card).toContainText('denoland/deno');
    await card.getByRole('button', { name: /Join Chat/ }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Joined chat successfully')).toBeVisible();
    const roomUrl = page.url();

    await page.goto('/');
    const continueChats = section(page, 'Continue your chats');
    await expect(continueChats).toBeVisible();
    await expect(continueChats.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/');
    const entry = continueChats.getByTestId('continue-chat').filter({ hasText: 'denoland/deno' });
    await entry.getByRole('button', { name: /Open chat/ }).click();
    await expect(page).toHaveURL(roomUrl);
  });

  test('Active now lists a room people wrote in, says how recent, and offers Open chat to its members', async ({
    page,
  }) => {
    await signInAs(page, 'linus-demo');
    const origin = new URL(page.url()).origin;
    const joined = await page.request.post('/api/rooms/join', {
      data: { repoFullName: 'microsoft/terminal' },
      headers: { origin },
    });
    expect(joined.status()).toBe(200);
    const { room } = (await joined.json()) as JoinRoomResponse;
    // Joining alone is not conversation: the room is not 'active' until someone writes.
    const silent = await page.request.post('/api/rooms/join', {
      data: { repoFullName: 'microsoft/vscode' },
      headers: { origin },
    });
    expect(silent.status()).toBe(200);
    const sent = await page.request.post(`/api/rooms/${room.id}/messages`, {
      data: { client_id: crypto.randomUUID(), content: 'Anyone tried the new tabs?' },
      headers: { origin },
    });
    expect(sent.status()).toBeLessThan(300);

    await page.goto('/');
    const active = section(page, 'Active now').getByTestId('repository-card');
    const card = active.filter({ hasText: 'microsoft/terminal' });
    await expect(card).toBeVisible();
    await expect(card.getByTestId('last-message')).toHaveText(/^last message (just now|1 minute ago)$/);
    await expect(active.filter({ hasText: 'microsoft/vscode' })).toHaveCount(0);

    // A member opens the room: no join call and no 'Joined chat successfully'.
    let joinCalls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/rooms/join')) joinCalls += 1;
    });
    await card.getByRole('button', { name: 'Open chat for microsoft/terminal' }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/${room.id}$`));
    await expect(page.getByPlaceholder('Type your message...')).toBeVisible();
    await expect(page.getByText('Joined chat successfully')).toHaveCount(0);
    expect(joinCalls).toBe(0);
  });
});
