import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OwnProfileDto } from '../../shared/api/profiles';
import type { MembersResponse, MessagesPageResponse } from '../../shared/api/rooms';
import { PROFILE_ERRORS } from '../../shared/validation/profile';
import { createAccountsService } from '../services/auth/accounts.service';
import { buildUser, githubUser, signIn } from '../testing/builders';
import { describeEachDatabase } from '../testing/databases';
import { apiClient, type ApiClient } from '../testing/http';
import { createTestApp, type TestApp } from '../testing/test-app';
import { anotherRepo, testClock } from '../testing/room-test-kit';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Person {
  id: string;
  cookie: string;
}

/**
 * The GitHub login is the identity: a username may not pass someone off as another GitHub user
 * (an unclaimed login, another member's login, a name its owner has just given up), nor may a
 * display name carry a handle; and wherever a username differs from its owner's login, the
 * login is shown too.
 */
describeEachDatabase('handles cannot impersonate', (engine) => {
  let app: TestApp;
  let api: ApiClient;
  const clock = testClock();

  beforeAll(async () => {
    // The emulator's dataset has accounts such as torvalds (a user) and facebook (an organisation).
    app = await createTestApp({ engine, now: clock.now, github: 'emulator' });
    api = apiClient(app.app);
  });
  afterAll(() => app?.destroy());

  async function person(overrides: Parameters<typeof buildUser>[1] = {}): Promise<Person> {
    const user = await buildUser(app.database.db, overrides);
    return { id: user.id, cookie: await signIn(app, user.id) };
  }
  const rename = (who: Person, username: string) => api.patch('/api/profile', { username }, { cookie: who.cookie });
  const stored = async (who: Person) =>
    app.database.db
      .selectFrom('profiles')
      .select(['username', 'display_name'])
      .where('id', '=', who.id)
      .executeTakeFirstOrThrow();
  const expectTaken = async (who: Person, username: string) => {
    const before = await stored(who);
    const response = await rename(who, username);
    expect(response.statusCode, username).toBe(409);
    expect(response.json()).toEqual({ error: { code: 'conflict', message: PROFILE_ERRORS.usernameTaken } });
    expect(await stored(who)).toEqual(before);
  };

  it('refuses a GitHub login nobody here has claimed, user or organisation, in any case', async () => {
    const mallory = await person();
    for (const login of ['torvalds', 'TorValds', 'facebook']) await expectTaken(mallory, login);
  });

  it('refuses another account’s GitHub login, even one GitHub no longer knows', async () => {
    await person({ github_username: 'left-github-x', username: null });
    const mallory = await person();
    await expectTaken(mallory, 'left-github-x');
  });

  it('lets people take their own GitHub login back, in any case', async () => {
    const linus = await person({ github_username: 'torvalds', username: 'linus-t' });
    const response = await rename(linus, 'Torvalds');
    expect(response.statusCode).toBe(200);
    expect(response.json<OwnProfileDto>().username).toBe('Torvalds');
  });

  it('keeps a released username for its previous owner for 30 days', async () => {
    const ada = await person({ username: 'quiet-harbour' });
    const mallory = await person();
    expect((await rename(ada, 'loud-harbour')).statusCode).toBe(200);
    await expectTaken(mallory, 'quiet-harbour');
    await expectTaken(mallory, 'QUIET-harbour');
    // Its owner may take it back at any time.
    expect((await rename(ada, 'quiet-harbour')).statusCode).toBe(200);
    // Released again (by clearing it), it stays reserved until 30 days have passed.
    expect((await rename(ada, '')).statusCode).toBe(200);
    clock.advance(29 * DAY_MS);
    await expectTaken(mallory, 'quiet-harbour');
    clock.advance(2 * DAY_MS);
    expect((await rename(mallory, 'quiet-harbour')).statusCode).toBe(200);
  });

  it.each([
    'Ada Demo (@ada-demo)',
    'Ada Demo @ada-demo',
    '@ada-demo',
    'Ada Demo (\uFF20ada-demo)',
    'Ada Demo (@\u200Bada-demo)',
    'Ada Demo (@\u0301ada-demo)',
  ])('refuses a display name carrying a handle: %s', async (displayName) => {
    const mallory = await person({ display_name: 'Mallory' });
    const before = await stored(mallory);
    const response = await api.patch(
      '/api/profile',
      { username: '', display_name: displayName },
      {
        cookie: mallory.cookie,
      },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: { code: 'validation_failed', message: PROFILE_ERRORS.displayNameHandle },
    });
    expect(await stored(mallory)).toEqual(before);
  });

  it('does not take a GitHub name carrying a handle as the display name at sign-in', async () => {
    const accounts = createAccountsService(app.database.db, 'handle-impersonation-secret-0000000001');
    const { userId } = await accounts.signInWithGitHub(
      githubUser({ id: 770_001, login: 'quiet-fan', name: 'Linus (@torvalds)' }),
      'gho_handle',
    );
    const row = await app.database.db
      .selectFrom('profiles')
      .select(['username', 'display_name'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ username: 'quiet-fan', display_name: 'quiet-fan' });
  });

  it('shows the GitHub login beside any username that differs from it', async () => {
    const mallory = await person({ github_username: 'mallory-gh', username: 'ada-fan', display_name: 'Ada' });
    const plain = await person({ github_username: 'plain-gh', username: 'plain-gh' });
    const repo = anotherRepo();
    let roomId = '';
    for (const who of [mallory, plain]) {
      const joined = await api.post('/api/rooms/join', { repoFullName: repo }, { cookie: who.cookie });
      expect(joined.statusCode, joined.body).toBe(200);
      roomId = joined.json<{ room: { id: string } }>().room.id;
    }
    const sent = await api.post(
      `/api/rooms/${roomId}/messages`,
      { client_id: 'impersonation-1', content: 'hello' },
      { cookie: mallory.cookie },
    );
    expect(sent.statusCode).toBe(201);

    const members = (await api.get(`/api/rooms/${roomId}/members`, { cookie: plain.cookie })).json<MembersResponse>();
    const byId = new Map(members.members.map((m) => [m.user.id, m.user]));
    expect(byId.get(mallory.id)).toMatchObject({ username: 'ada-fan', github_login: 'mallory-gh' });
    expect(byId.get(plain.id)).toMatchObject({ username: 'plain-gh', github_login: 'plain-gh' });
    const page = (
      await api.get(`/api/rooms/${roomId}/messages`, { cookie: plain.cookie })
    ).json<MessagesPageResponse>();
    expect(page.messages[0]?.author).toMatchObject({ username: 'ada-fan', github_login: 'mallory-gh' });
    const profile = await api.get('/api/users/ada-fan');
    expect(profile.json()).toMatchObject({ username: 'ada-fan', github_username: 'mallory-gh' });
  });
});
