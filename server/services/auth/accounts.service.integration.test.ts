import { afterAll, beforeAll, expect, it } from 'vitest';
import { unsealToken } from '../../github/token-seal';
import { buildUser, githubUser } from '../../testing/builders';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../testing/databases';
import { createAccountsService, type AccountsService } from './accounts.service';

const SECRET = 'accounts-test-secret-accounts-test-0001';

describeEachDatabase('accounts: GitHub identity is the numeric id', (engine) => {
  let database: TestDatabase;
  let accounts: AccountsService;
  const profile = (id: string) =>
    database.db.selectFrom('profiles').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    accounts = createAccountsService(database.db, SECRET);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('creates a profile from GitHub data on first sign-in', async () => {
    const { userId, created } = await accounts.signInWithGitHub(
      githubUser({
        id: 501,
        login: 'Octo-Cat',
        name: 'Octo Cat',
        bio: 'Hi',
        company: 'Acme',
        location: 'Oslo',
        blog: 'https://x.example',
        // The public address of GET /user is not the one kept: sign-in passes the verified primary.
        email: 'public@example.com',
      }),
      'gho_first',
      'o@example.com',
    );
    expect(created).toBe(true);
    const row = await profile(userId);
    expect(row).toMatchObject({
      github_id: 501,
      username: 'Octo-Cat',
      display_name: 'Octo Cat',
      bio: null,
      github_bio: 'Hi',
      github_username: 'Octo-Cat',
      github_url: 'https://github.com/Octo-Cat',
      github_created_at: '2014-05-01T00:00:00Z',
      avatar_url: 'https://avatars.example/Octo-Cat',
      company: 'Acme',
      location: 'Oslo',
      blog: 'https://x.example',
      email: 'o@example.com',
      public_repos: 1,
      followers: 2,
      following: 3,
      theme_preference: 'system',
      profile_visibility: 'public',
    });
    expect(unsealToken(SECRET, row.github_token_sealed!)).toBe('gho_first');
  });

  it('uses the login as display name when GitHub has no name, and no username when the login is taken or invalid', async () => {
    await buildUser(database.db, { username: 'taken-name' });
    const taken = await accounts.signInWithGitHub(githubUser({ id: 502, login: 'TAKEN-name' }), 'gho_a');
    expect(await profile(taken.userId)).toMatchObject({
      username: null,
      display_name: 'TAKEN-name',
      github_username: 'TAKEN-name',
    });
    const reserved = await accounts.signInWithGitHub(githubUser({ id: 503, login: 'admin' }), 'gho_b');
    expect((await profile(reserved.userId)).username).toBeNull();
    const long = await accounts.signInWithGitHub(
      githubUser({ id: 504, login: 'a-very-long-github-login-name' }),
      'gho_c',
    );
    expect((await profile(long.userId)).username).toBeNull();
  });

  it('keeps the same account after a GitHub rename and refreshes only GitHub fields', async () => {
    const first = await accounts.signInWithGitHub(githubUser({ id: 600, login: 'old-login', name: 'Before' }), 'gho_1');
    await database.db
      .updateTable('profiles')
      .set({ username: 'chosen', display_name: 'Chosen Name', bio: 'My bio' })
      .where('id', '=', first.userId)
      .execute();
    const renamed = await accounts.signInWithGitHub(
      githubUser({
        id: 600,
        login: 'new-login',
        name: 'After',
        followers: 99,
        html_url: 'https://github.com/new-login',
      }),
      'gho_2',
    );
    expect(renamed).toEqual({ userId: first.userId, created: false });
    const row = await profile(first.userId);
    expect(row).toMatchObject({
      username: 'chosen',
      display_name: 'Chosen Name',
      bio: 'My bio',
      github_username: 'new-login',
      github_url: 'https://github.com/new-login',
      followers: 99,
    });
    expect(unsealToken(SECRET, row.github_token_sealed!)).toBe('gho_2');
  });

  it('gives a new GitHub account that took a freed login its own profile, inheriting nothing', async () => {
    const original = await accounts.signInWithGitHub(githubUser({ id: 700, login: 'reused' }), 'gho_original');
    await database.db
      .updateTable('profiles')
      .set({ bio: 'Original bio', display_name: 'Original' })
      .where('id', '=', original.userId)
      .execute();
    // The original owner renames away; someone else registers the freed login.
    const newcomer = await accounts.signInWithGitHub(githubUser({ id: 701, login: 'reused' }), 'gho_newcomer');
    expect(newcomer.created).toBe(true);
    expect(newcomer.userId).not.toBe(original.userId);
    const row = await profile(newcomer.userId);
    expect(row).toMatchObject({ github_id: 701, username: null, display_name: 'reused', bio: null });
    expect(unsealToken(SECRET, row.github_token_sealed!)).toBe('gho_newcomer');
    const untouched = await profile(original.userId);
    expect(untouched).toMatchObject({
      github_id: 700,
      username: 'reused',
      display_name: 'Original',
      bio: 'Original bio',
      // The login and its GitHub page now belong to the newcomer.
      github_username: null,
      github_url: null,
    });
    expect(unsealToken(SECRET, untouched.github_token_sealed!)).toBe('gho_original');
    // The original owner's next sign-in brings their current login back.
    await accounts.signInWithGitHub(githubUser({ id: 700, login: 'Renamed-Away' }), 'gho_original_2');
    expect(await profile(original.userId)).toMatchObject({
      github_username: 'Renamed-Away',
      github_url: 'https://github.com/Renamed-Away',
    });
    expect((await profile(newcomer.userId)).github_username).toBe('reused');
  });

  it('releases a login whatever its case, and never from the account that holds it', async () => {
    const before = await accounts.signInWithGitHub(githubUser({ id: 710, login: 'CaseLogin' }), 'gho_x');
    const after = await accounts.signInWithGitHub(githubUser({ id: 711, login: 'caselogin' }), 'gho_y');
    expect((await profile(before.userId)).github_username).toBeNull();
    expect((await profile(after.userId)).github_username).toBe('caselogin');
    await accounts.signInWithGitHub(githubUser({ id: 711, login: 'caselogin' }), 'gho_y2');
    expect((await profile(after.userId)).github_username).toBe('caselogin');
  });

  it('creates exactly one profile when the same GitHub user signs in twice at once', async () => {
    const [a, b] = await Promise.all([
      accounts.signInWithGitHub(githubUser({ id: 800, login: 'racer' }), 'gho_r1'),
      accounts.signInWithGitHub(githubUser({ id: 800, login: 'racer' }), 'gho_r2'),
    ]);
    expect(a.userId).toBe(b.userId);
    const rows = await database.db.selectFrom('profiles').select('id').where('github_id', '=', 800).execute();
    expect(rows).toHaveLength(1);
  });
});
