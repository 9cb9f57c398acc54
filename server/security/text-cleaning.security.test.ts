import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { MessageResponse } from '../../shared/api/rooms';
import type { OwnProfileDto } from '../../shared/api/profiles';
import { MESSAGE_ERRORS } from '../../shared/validation/message';
import { PROFILE_ERRORS } from '../../shared/validation/profile';
import type { GitHubApi } from '../github/github-services';
import { createAccountsService } from '../services/auth/accounts.service';
import { createProfileSyncService } from '../services/profiles/profile-sync.service';
import { createMemoryRateLimiter } from '../services/rate-limit/memory-rate-limiter';
import { buildRoom, buildUser, githubUser, signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { apiClient, json, type ApiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';

const RLO = '\u202E';
const PDF = '\u202C';
const BEL = '\u0007';
const ESC = '\u001B';

describeEachDatabase('text cleaning of stored user text', (engine) => {
  let testApp: TestApp;
  let api: ApiClient;
  let roomId: string;

  beforeAll(async () => {
    testApp = await createTestApp({ engine });
    api = apiClient(testApp.app);
    const owner = await buildUser(testApp.database.db);
    roomId = (await buildRoom(testApp.database.db, owner.id)).id;
  });
  afterAll(() => testApp.destroy());

  /** A fresh member (each has its own send-rate budget). */
  async function member(): Promise<{ id: string; cookie: string }> {
    const user = await buildUser(testApp.database.db);
    const cookie = await signIn(testApp, user.id);
    expect((await api.post(`/api/rooms/${roomId}/join`, {}, { cookie })).statusCode).toBe(200);
    return { id: user.id, cookie };
  }

  const send = (cookie: string, content: string) =>
    api.post(`/api/rooms/${roomId}/messages`, { client_id: randomUUID(), content }, { cookie });

  const storedContent = async (id: string) =>
    (await testApp.database.db.selectFrom('messages').select('content').where('id', '=', id).executeTakeFirstOrThrow())
      .content;

  const messagesOf = async (userId: string) =>
    (await testApp.database.db.selectFrom('messages').select('id').where('user_id', '=', userId).execute()).length;

  it('stores a link without the right-to-left override that disguised it', async () => {
    const { cookie } = await member();
    const response = await send(cookie, `see https://evil.example/${RLO}gpj.exe${PDF} now`);
    expect(response.statusCode).toBe(201);
    const { message } = json<MessageResponse>(response);
    expect(message.content).toBe('see https://evil.example/gpj.exe now');
    expect(await storedContent(message.id)).toBe('see https://evil.example/gpj.exe now');
  });

  it.each([
    ['zero-width spaces', '\u200B\u200B'],
    ['a Hangul filler', '\u3164'],
    ['braille blanks', '\u2800\u2800\u2800'],
    ['a lone right-to-left override', RLO],
    ['C1 controls and a word joiner', '\u0085\u009B\u2060'],
  ])('refuses a message of only %s as blank, storing nothing', async (_label, content) => {
    const user = await member();
    const response = await send(user.cookie, content);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message: MESSAGE_ERRORS.empty } });
    expect(await messagesOf(user.id)).toBe(0);
  });

  it('refuses a run of ten repeated characters split by zero-width characters', async () => {
    const user = await member();
    const response = await send(user.cookie, `wow ${'!!!!!'}\u200B${'!!!!!'}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message: MESSAGE_ERRORS.repeated } });
    expect(await messagesOf(user.id)).toBe(0);
  });

  it('removes C1 controls (NEXT LINE becomes a line break)', async () => {
    const { cookie } = await member();
    const response = await send(cookie, 'one\u0085two \u009B31mred');
    expect(response.statusCode).toBe(201);
    const { message } = json<MessageResponse>(response);
    expect(await storedContent(message.id)).toBe('one\ntwo 31mred');
  });

  it('keeps emoji sequences, variation selectors, right-to-left scripts, CJK and combining marks', async () => {
    const { cookie } = await member();
    const text = 'family 👨‍👩‍👧 ❤️ مرحبا שלום 你好 Zoe\u0308 می\u200Cخواهم';
    const response = await send(cookie, text);
    expect(response.statusCode).toBe(201);
    expect(await storedContent(json<MessageResponse>(response).message.id)).toBe(text);
  });

  // "Zalgo" text: a letter carrying hundreds of combining marks draws over the messages around it.
  const ZALGO = `Z${'\u0336\u0489\u0301\u0316'.repeat(247)}algo`;

  it('refuses a letter carrying more than four combining marks, on send and on edit, storing nothing', async () => {
    const user = await member();
    const sent = await send(user.cookie, ZALGO);
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toMatchObject({ error: { message: MESSAGE_ERRORS.combiningMarks } });
    // Joiners and variation selectors between the marks do not split the run.
    const split = await send(user.cookie, `a\u0301\u0302\u200D\u0303\uFE0F\u0304\u0305`);
    expect(split.statusCode).toBe(400);
    expect(split.json()).toMatchObject({ error: { message: MESSAGE_ERRORS.combiningMarks } });
    expect(await messagesOf(user.id)).toBe(0);

    const { message } = json<MessageResponse>(await send(user.cookie, 'plain words'));
    const edit = await api.patch(`/api/messages/${message.id}`, { content: ZALGO }, { cookie: user.cookie });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ error: { message: MESSAGE_ERRORS.combiningMarks } });
    expect(await storedContent(message.id)).toBe('plain words');
  });

  it('accepts text whose letters carry up to four combining marks (Vietnamese, Devanagari, Tibetan, keycaps)', async () => {
    const { cookie } = await member();
    const text = 'Tie\u0302\u0301ng Vie\u0323\u0302t क्षत्रिय བསྒྲུབས 1\uFE0F\u20E3 a\u0301\u0302\u0303\u0304';
    const response = await send(cookie, text);
    expect(response.statusCode).toBe(201);
    expect(await storedContent(json<MessageResponse>(response).message.id)).toBe(text);
  });

  it('refuses display names and bios piling up combining marks, changing nothing', async () => {
    const user = await buildUser(testApp.database.db, { display_name: 'Before', bio: 'Before bio' });
    const cookie = await signIn(testApp, user.id);
    const name = await api.patch('/api/profile', { display_name: ZALGO.slice(0, 40) }, { cookie });
    expect(name.statusCode).toBe(400);
    expect(name.json()).toMatchObject({ error: { message: PROFILE_ERRORS.displayNameMarks } });
    const bio = await api.patch('/api/profile', { bio: ZALGO.slice(0, 400) }, { cookie });
    expect(bio.statusCode).toBe(400);
    expect(bio.json()).toMatchObject({ error: { message: PROFILE_ERRORS.bioMarks } });
    const row = await testApp.database.db
      .selectFrom('profiles')
      .select(['display_name', 'bio'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ display_name: 'Before', bio: 'Before bio' });
  });

  it('keeps at most four combining marks per letter of what GitHub sends at sign-in', async () => {
    const accounts = createAccountsService(testApp.database.db, 'text-cleaning-secret-text-cleaning-0001');
    const { userId } = await accounts.signInWithGitHub(
      githubUser({ id: 880_004, login: 'zalgo-user', name: ZALGO.slice(0, 21), bio: ZALGO, location: ZALGO }),
      'gho_zalgo',
    );
    const row = await testApp.database.db
      .selectFrom('profiles')
      .select(['display_name', 'github_bio', 'location'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const fourMarks = 'Z\u0336\u0489\u0301\u0316';
    expect(row).toEqual({ display_name: fourMarks, github_bio: `${fourMarks}algo`, location: `${fourMarks}algo` });
  });

  it('cleans an edit the same way, and ignores an edit of only invisible characters', async () => {
    const { cookie } = await member();
    const { message } = json<MessageResponse>(await send(cookie, 'first version'));
    const edited = await api.patch(`/api/messages/${message.id}`, { content: `second ${RLO}noisrev` }, { cookie });
    expect(edited.statusCode).toBe(200);
    expect(await storedContent(message.id)).toBe('second noisrev');
    const blank = await api.patch(`/api/messages/${message.id}`, { content: '\u200B\u3164' }, { cookie });
    expect(blank.statusCode).toBe(200);
    expect(json<MessageResponse>(blank).message.content).toBe('second noisrev');
    expect(await storedContent(message.id)).toBe('second noisrev');
  });

  it('cleans display names and bios when a profile is saved', async () => {
    const user = await buildUser(testApp.database.db);
    const cookie = await signIn(testApp, user.id);
    const response = await api.patch(
      '/api/profile',
      { display_name: `${RLO}nimda${BEL}${ESC}[2J`, bio: `line one\r\n${RLO}line two${BEL}\u0085three` },
      { cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(json<OwnProfileDto>(response)).toMatchObject({ display_name: 'nimda[2J', bio: 'line one\nline two\nthree' });
    const row = await testApp.database.db
      .selectFrom('profiles')
      .select(['display_name', 'bio'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ display_name: 'nimda[2J', bio: 'line one\nline two\nthree' });
  });

  it('stores an invisible-only display name and bio as empty', async () => {
    const user = await buildUser(testApp.database.db);
    const cookie = await signIn(testApp, user.id);
    const response = await api.patch('/api/profile', { display_name: '\u3164\u200B', bio: `${RLO}\u2800` }, { cookie });
    expect(response.statusCode).toBe(200);
    expect(json<OwnProfileDto>(response)).toMatchObject({ display_name: null, bio: null });
  });

  it('refuses profile text with the rule messages, judged as it would be stored, changing nothing', async () => {
    const user = await buildUser(testApp.database.db, { display_name: 'Before', bio: 'Before bio' });
    const cookie = await signIn(testApp, user.id);
    const hidden = await api.patch('/api/profile', { bio: '<scr\u200Bipt>alert(1)</script>' }, { cookie });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toMatchObject({ error: { message: PROFILE_ERRORS.bioContent } });
    const long = await api.patch('/api/profile', { display_name: 'x'.repeat(51) }, { cookie });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: { message: PROFILE_ERRORS.displayNameLength } });
    // Fifty visible characters fit, however many invisible ones came with them.
    const padded = await api.patch('/api/profile', { display_name: `${'y'.repeat(50)}${RLO}\u200B` }, { cookie });
    expect(padded.statusCode).toBe(200);
    expect(json<OwnProfileDto>(padded).display_name).toBe('y'.repeat(50));
    expect(json<OwnProfileDto>(padded).bio).toBe('Before bio');
  });

  it('cleans the name, bio, company and location GitHub sends at sign-in', async () => {
    const accounts = createAccountsService(testApp.database.db, 'text-cleaning-secret-text-cleaning-0001');
    const { userId } = await accounts.signInWithGitHub(
      githubUser({
        id: 880_001,
        login: 'bidi-user',
        name: `${RLO}nimda${BEL}`,
        bio: `hello${ESC}[31m\u200B world`,
        company: `Acme${RLO}\nInc`,
        location: '\u3164',
      }),
      'gho_text',
    );
    const row = await testApp.database.db
      .selectFrom('profiles')
      .select(['display_name', 'github_bio', 'company', 'location'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ display_name: 'nimda', github_bio: 'hello[31m world', company: 'Acme Inc', location: null });
  });

  it('falls back to the login when the GitHub name is only invisible characters', async () => {
    const accounts = createAccountsService(testApp.database.db, 'text-cleaning-secret-text-cleaning-0001');
    const { userId } = await accounts.signInWithGitHub(
      githubUser({ id: 880_002, login: 'blank-name', name: '\u3164\u200B' }),
      'gho_blank',
    );
    const row = await testApp.database.db
      .selectFrom('profiles')
      .select('display_name')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.display_name).toBe('blank-name');
  });

  it('cleans the bio, company and location GitHub sends at sync', async () => {
    const user = await buildUser(testApp.database.db, { github_username: 'sync-bidi', github_id: 880_003 });
    const github = {
      getUser: async () =>
        githubUser({
          id: 880_003,
          login: 'sync-bidi',
          bio: `a${RLO}b${BEL}c\u009Bd`,
          company: `${ESC}]0;title${BEL}Corp`,
          location: `Oslo\u2066\u2069`,
        }),
      listUserRepositories: async () => [],
      listUserPublicEvents: async () => [],
      getFileContents: async () => ({ type: 'file', size: 0 }),
      getContributionCalendar: async () => null,
    } as unknown as GitHubApi;
    const sync = createProfileSyncService({
      db: testApp.database.db,
      github,
      rateLimiter: createMemoryRateLimiter(),
      now: Date.now,
    });
    await sync.sync(user.id);
    const row = await testApp.database.db
      .selectFrom('profiles')
      .select(['github_bio', 'company', 'location'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ github_bio: 'abcd', company: ']0;titleCorp', location: 'Oslo' });
  });
});
