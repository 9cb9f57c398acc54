import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './support/sign-in';

/**
 * Own profile (/profile) and public profile (/user/{username}). Each test uses its own demo
 * account and puts shared settings back, so other specs see the accounts as sign-in left them.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function openProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
}

async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Save Changes' }).click();
}

/** A toast showing all the given texts (title and description). */
async function expectToast(page: Page, ...texts: string[]): Promise<void> {
  let toast = page.locator('[data-sonner-toast]');
  for (const text of texts) toast = toast.filter({ hasText: text });
  await expect(toast.first()).toBeVisible();
}

async function setSwitch(page: Page, label: string, on: boolean): Promise<void> {
  const control = page.getByRole('switch', { name: label });
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  await expect(control).toHaveAttribute('aria-checked', String(on));
}

async function setVisibility(page: Page, visibility: 'Public' | 'Private'): Promise<void> {
  await page.getByLabel('Profile visibility').click();
  await page.getByRole('option', { name: new RegExp(`^${visibility}`) }).click();
}

test('shows each validation message and saves a valid profile', async ({ page }) => {
  await signInAs(page, 'ken-demo');
  await openProfile(page);
  const username = page.getByLabel('Username', { exact: true });
  const displayName = page.getByLabel('Display Name');
  const bio = page.getByLabel('Bio');
  const original = await username.inputValue();

  const cases: Array<[() => Promise<void>, string]> = [
    [() => username.fill('ab'), 'Username must be 3-20 characters'],
    [() => username.fill('bad name!'), 'Username can only contain letters, numbers, - and _'],
    [() => username.fill('-leading'), 'Username cannot start or end with - or _'],
    [() => username.fill('Admin'), 'This username is reserved'],
  ];
  for (const [change, message] of cases) {
    await change();
    // The helper under the field says it before saving...
    await expect(page.locator('#profile-username-help')).toHaveText(message);
    await save(page);
    // ...and saving refuses with the same message.
    await expectToast(page, 'Validation Error', message);
  }
  await username.fill('');
  await expect(page.locator('#profile-username-help')).toHaveText('Username is required');
  await username.fill(original);

  await displayName.fill('x'.repeat(51));
  await save(page);
  await expectToast(page, 'Validation Error', 'Display name must be 50 characters or less');
  await displayName.fill('Ken Edited');

  await bio.fill('b'.repeat(501));
  await expect(page.getByText('501/500')).toBeVisible();
  await save(page);
  await expectToast(page, 'Validation Error', 'Bio must be 500 characters or less');

  await bio.fill('hello <script>alert(1)</script>');
  await save(page);
  await expectToast(page, 'Validation Error', 'Bio contains invalid content');

  await bio.fill('Writes small tools.');
  await expect(page.getByText('19/500')).toBeVisible();
  await save(page);
  await expectToast(page, 'Profile updated successfully!');

  await page.reload();
  await expect(page.getByLabel('Display Name')).toHaveValue('Ken Edited');
  await expect(page.getByLabel('Bio')).toHaveValue('Writes small tools.');
  await expect(page.getByTestId('profile-display-name')).toHaveText('Ken Edited');
});

test('applies a theme at once and keeps it', async ({ page }) => {
  await signInAs(page, 'barbara-demo');
  await openProfile(page);
  await page.getByLabel('Theme').click();
  await page.getByRole('option', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByLabel('Theme').click();
  await page.getByRole('option', { name: 'Light' }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.getByLabel('Theme')).toHaveText('Light');
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});

test('copies the public profile link', async ({ page }) => {
  await signInAs(page, 'barbara-demo');
  await openProfile(page);
  const url = await page.getByLabel('Public Profile URL').inputValue();
  expect(url).toMatch(/\/user\/[^/]+$/);
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expectToast(page, 'URL copied to clipboard');
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(url);
});

test('sync fills the public profile, privacy flags hide parts, a private profile is refused', async ({
  page,
  browser,
}) => {
  // A long journey (two accounts, several saves): give it the slow-test budget.
  test.slow();
  await signInAs(page, 'margaret-demo');
  await openProfile(page);
  const username = await page.getByLabel('Username', { exact: true }).inputValue();
  expect(username).not.toBe('');

  await page.getByRole('button', { name: 'Sync Now' }).click();
  await expectToast(page, 'GitHub data synced successfully!');
  await expect(page.getByRole('button', { name: 'Sync Now' })).toBeEnabled();

  await page.goto(`/user/${username}`);
  await expect(page.getByRole('heading', { name: 'GitHub Statistics' })).toBeVisible();
  await expect(page.getByText('Day Streak')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top Languages' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular Repositories' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Popular Repositories' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent Contributions' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recent Contributions' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(/GitHub since \d{4}/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View GitHub Profile' })).toBeVisible();
  await expect(page.getByTestId('public-location')).toBeVisible();
  await expect(page.getByTestId('public-company')).toBeVisible();

  // Hide location, company and statistics.
  await openProfile(page);
  await setSwitch(page, 'Show GitHub statistics', false);
  await setSwitch(page, 'Show location', false);
  await setSwitch(page, 'Show company', false);
  await save(page);
  await expectToast(page, 'Profile updated successfully!');
  await page.goto(`/user/${username}`);
  await expect(page.getByRole('heading', { name: 'Popular Repositories' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'GitHub Statistics' })).toHaveCount(0);
  await expect(page.getByTestId('public-location')).toHaveCount(0);
  await expect(page.getByTestId('public-company')).toHaveCount(0);

  // Private: another signed-in user is told and sent home.
  await openProfile(page);
  await setVisibility(page, 'Private');
  await save(page);
  await expectToast(page, 'Profile updated successfully!');
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    await signInAs(otherPage, 'linus-demo');
    await otherPage.goto(`/user/${username}`);
    await expectToast(otherPage, 'Profile not found or is private');
    await expect(otherPage).toHaveURL(/\/$/);
  } finally {
    await other.close();
  }

  // Put the account back as sign-in left it.
  await openProfile(page);
  await setVisibility(page, 'Public');
  await setSwitch(page, 'Show GitHub statistics', true);
  await setSwitch(page, 'Show location', true);
  await setSwitch(page, 'Show company', true);
  await save(page);
  await expectToast(page, 'Profile updated successfully!');
});

test('a missing public profile redirects home with a message', async ({ page }) => {
  await page.goto('/user/nobody-by-this-name');
  await expectToast(page, 'Profile not found or is private');
  await expect(page).toHaveURL(/\/$/);
});

test('Sign Out ends the session and goes to the sign-in page', async ({ page }) => {
  await signInAs(page, 'barbara-demo');
  await openProfile(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect((await page.request.get('/api/me')).status()).toBe(401);
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth$/);
});
