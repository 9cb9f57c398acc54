import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnProfileDto } from '../../../../shared/api/profiles';
import { PROFILE_ERRORS } from '../../../../shared/validation/profile';
import { USERNAME_CHECK_UNAVAILABLE } from '../../../services/profiles/username-rules';
import { buildUser, signIn } from '../../../testing/builders';
import { describeEachDatabase } from '../../../testing/databases';
import { apiClient, json, type ApiClient } from '../../../testing/http';
import { createTestApp, type TestApp } from '../../../testing/test-app';

interface ErrorBody {
  error: { code: string; message: string };
}

describeEachDatabase('own profile API', (engine) => {
  let app: TestApp;
  let api: ApiClient;
  let clock = Date.parse('2026-11-20T12:00:00Z');

  beforeAll(async () => {
    // New usernames are checked against GitHub: the standalone emulator answers for it.
    app = await createTestApp({ engine, github: 'emulator', now: () => clock });
    api = apiClient(app.app);
  });
  afterAll(() => app.destroy());

  async function signedInUser(overrides: Parameters<typeof buildUser>[1] = {}) {
    const user = await buildUser(app.ctx.database.db, overrides);
    return { user, cookie: await signIn(app, user.id) };
  }

  it('requires sign-in for reading, editing and syncing', async () => {
    expect((await api.get('/api/profile')).statusCode).toBe(401);
    expect((await api.patch('/api/profile', { bio: 'x' })).statusCode).toBe(401);
    expect((await api.post('/api/profile/sync', {})).statusCode).toBe(401);
  });

  it('returns the full own profile without token or email', async () => {
    const { user, cookie } = await signedInUser({
      email: 'secret@example.com',
      github_token_sealed: 'v1.sealed.value.here',
      language_stats: '{"Go":2,"Rust":1}',
      location: 'Oslo',
      show_company: false,
    });
    const response = await api.get('/api/profile', { cookie });
    expect(response.statusCode).toBe(200);
    const body = json<OwnProfileDto>(response);
    expect(body.id).toBe(user.id);
    expect(body.username).toBe(user.username);
    expect(body.language_stats).toEqual({ Go: 2, Rust: 1 });
    expect(body.location).toBe('Oslo');
    expect(body.privacy_settings).toEqual({
      show_github_stats: true,
      show_repositories: true,
      show_contributions: true,
      show_location: true,
      show_company: false,
      profile_visibility: 'public',
    });
    expect(body.repositories).toEqual([]);
    expect(body.contributions).toEqual([]);
    expect(response.body).not.toContain('secret@example.com');
    expect(response.body).not.toContain('sealed');
  });

  it('saves every editable field', async () => {
    const { cookie } = await signedInUser();
    const response = await api.patch(
      '/api/profile',
      {
        username: 'New_Name-1',
        display_name: 'New Name',
        bio: 'Hello there',
        theme_preference: 'dark',
        privacy_settings: {
          show_github_stats: false,
          show_repositories: false,
          show_contributions: false,
          show_location: false,
          show_company: false,
          profile_visibility: 'private',
        },
      },
      { cookie },
    );
    expect(response.statusCode).toBe(200);
    const body = json<OwnProfileDto>(response);
    expect(body).toMatchObject({
      username: 'New_Name-1',
      display_name: 'New Name',
      bio: 'Hello there',
      theme_preference: 'dark',
      privacy_settings: {
        show_github_stats: false,
        show_repositories: false,
        show_contributions: false,
        show_location: false,
        show_company: false,
        profile_visibility: 'private',
      },
    });
    const reread = json<OwnProfileDto>(await api.get('/api/profile', { cookie }));
    expect(reread).toEqual(body);
  });

  it('changes only the privacy settings that are sent', async () => {
    const { cookie } = await signedInUser();
    const body = json<OwnProfileDto>(
      await api.patch('/api/profile', { privacy_settings: { show_location: false } }, { cookie }),
    );
    expect(body.privacy_settings.show_location).toBe(false);
    expect(body.privacy_settings.show_company).toBe(true);
    expect(body.privacy_settings.profile_visibility).toBe('public');
  });

  it('clears an empty username, display name and bio (the username rules apply only when non-empty)', async () => {
    const { cookie } = await signedInUser({ bio: 'old bio' });
    const response = await api.patch('/api/profile', { username: '', display_name: '  ', bio: '' }, { cookie });
    expect(response.statusCode).toBe(200);
    const body = json<OwnProfileDto>(response);
    expect(body.username).toBeNull();
    expect(body.display_name).toBeNull();
    expect(body.bio).toBeNull();
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['a two-character username', { username: 'ab' }, PROFILE_ERRORS.usernameLength],
    ['a 21-character username', { username: 'a'.repeat(21) }, PROFILE_ERRORS.usernameLength],
    ['a username with a space', { username: 'bad name' }, PROFILE_ERRORS.usernameCharacters],
    ['a username with a dot', { username: 'bad.name' }, PROFILE_ERRORS.usernameCharacters],
    ['a username starting with -', { username: '-name' }, PROFILE_ERRORS.usernameEdges],
    ['a username ending with _', { username: 'name_' }, PROFILE_ERRORS.usernameEdges],
    ['a reserved username in any case', { username: 'AdMin' }, PROFILE_ERRORS.usernameReserved],
    ['a 51-character display name', { display_name: 'd'.repeat(51) }, PROFILE_ERRORS.displayNameLength],
    ['a 501-character bio', { bio: 'b'.repeat(501) }, PROFILE_ERRORS.bioLength],
    ['a bio with a script tag', { bio: 'hi <script>alert(1)</script>' }, PROFILE_ERRORS.bioContent],
    ['a bio with a javascript: link', { bio: 'see javascript:alert(1)' }, PROFILE_ERRORS.bioContent],
    ['a bio with an event handler', { bio: '<img src=x onerror=alert(1)>' }, PROFILE_ERRORS.bioContent],
    ['a bio with an iframe', { bio: '<iframe src="x">' }, PROFILE_ERRORS.bioContent],
  ];
  it.each(invalid)('refuses %s with the rule message and changes nothing', async (_name, edit, message) => {
    const { user, cookie } = await signedInUser({ bio: 'kept' });
    const response = await api.patch('/api/profile', { display_name: 'Changed', ...edit }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(json<ErrorBody>(response).error).toEqual({ code: 'validation_failed', message });
    const after = json<OwnProfileDto>(await api.get('/api/profile', { cookie }));
    expect(after.username).toBe(user.username);
    expect(after.display_name).toBe(user.display_name);
    expect(after.bio).toBe('kept');
  });

  it('accepts the boundary lengths', async () => {
    const { cookie } = await signedInUser();
    const response = await api.patch(
      '/api/profile',
      { username: `b${'x'.repeat(19)}`, display_name: 'd'.repeat(50), bio: 'b'.repeat(500) },
      { cookie },
    );
    expect(response.statusCode).toBe(200);
  });

  it('refuses an unknown theme and visibility', async () => {
    const { cookie } = await signedInUser();
    const theme = await api.patch('/api/profile', { theme_preference: 'purple' }, { cookie });
    expect(theme.statusCode).toBe(400);
    expect(json<ErrorBody>(theme).error.code).toBe('validation_failed');
    const visibility = await api.patch(
      '/api/profile',
      { privacy_settings: { profile_visibility: 'friends' } },
      { cookie },
    );
    expect(visibility.statusCode).toBe(400);
    const flag = await api.patch('/api/profile', { privacy_settings: { show_location: 'no' } }, { cookie });
    expect(flag.statusCode).toBe(400);
  });

  it('treats usernames as unique whatever their case', async () => {
    const first = await signedInUser();
    const second = await signedInUser();
    expect((await api.patch('/api/profile', { username: 'Casey-Taken' }, { cookie: first.cookie })).statusCode).toBe(
      200,
    );
    const clash = await api.patch('/api/profile', { username: 'casey-TAKEN' }, { cookie: second.cookie });
    expect(clash.statusCode).toBe(409);
    expect(json<ErrorBody>(clash).error.message).toBe('Username is already taken');
    // The owner may change the case of their own name.
    expect((await api.patch('/api/profile', { username: 'CASEY-taken' }, { cookie: first.cookie })).statusCode).toBe(
      200,
    );
  });

  it('lets exactly one of two simultaneous saves of the same name win', async () => {
    const first = await signedInUser();
    const second = await signedInUser();
    const responses = await Promise.all([
      api.patch('/api/profile', { username: 'race-name' }, { cookie: first.cookie }),
      api.patch('/api/profile', { username: 'RACE-name' }, { cookie: second.cookie }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = responses.find((r) => r.statusCode === 409);
    expect(loser && json<ErrorBody>(loser).error.message).toBe('Username is already taken');
    const rows = await app.ctx.database.db
      .selectFrom('profiles')
      .select('id')
      .where((eb) => eb(eb.fn<string>('lower', ['username']), '=', 'race-name'))
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('edits only the caller’s profile, whatever id the body names', async () => {
    const victim = await signedInUser({ bio: 'victim bio' });
    const attacker = await signedInUser();
    const response = await api.patch(
      '/api/profile',
      { id: victim.user.id, user_id: victim.user.id, bio: 'changed by someone else' },
      { cookie: attacker.cookie },
    );
    expect(response.statusCode).toBe(200);
    expect(json<OwnProfileDto>(response).id).toBe(attacker.user.id);
    const victimView = json<OwnProfileDto>(await api.get('/api/profile', { cookie: victim.cookie }));
    expect(victimView.bio).toBe('victim bio');
  });

  it('checks a new username against GitHub, and refuses it while GitHub cannot answer', async () => {
    const { user, cookie } = await signedInUser();
    const failing = await fetch(`${app.emulator!.url}/__control/failures`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pathPrefix: '/users/', status: 503 }),
    });
    expect(failing.status).toBe(200);
    try {
      const refused = await api.patch('/api/profile', { username: 'unchecked-name', bio: 'new bio' }, { cookie });
      expect(refused.statusCode).toBe(503);
      expect(json<ErrorBody>(refused).error.message).toBe(USERNAME_CHECK_UNAVAILABLE);
      const row = await app.ctx.database.db
        .selectFrom('profiles')
        .select(['username', 'bio'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ username: user.username, bio: null });
      // Other fields, and a username the user already has, do not need GitHub.
      expect(
        (await api.patch('/api/profile', { username: user.username, bio: 'new bio' }, { cookie })).statusCode,
      ).toBe(200);
    } finally {
      await fetch(`${app.emulator!.url}/__control/failures`, { method: 'DELETE' });
    }
  });

  it('allows ten new usernames an hour per user, with the wait in the refusal', async () => {
    const { cookie } = await signedInUser();
    for (let i = 0; i < 10; i += 1) {
      expect((await api.patch('/api/profile', { username: `hourly-${i}` }, { cookie })).statusCode).toBe(200);
    }
    const refused = await api.patch('/api/profile', { username: 'hourly-10' }, { cookie });
    expect(refused.statusCode).toBe(429);
    expect(json<ErrorBody>(refused).error.message).toMatch(
      /^Please wait \d+ seconds before changing your username again$/,
    );
    // Other edits go on.
    expect((await api.patch('/api/profile', { bio: 'still here' }, { cookie })).statusCode).toBe(200);
    clock += 3_600_000;
    expect((await api.patch('/api/profile', { username: 'hourly-10' }, { cookie })).statusCode).toBe(200);
  });

  it('refuses a sync without a GitHub username', async () => {
    const { cookie } = await signedInUser({ github_username: null });
    const response = await api.post('/api/profile/sync', {}, { cookie });
    expect(response.statusCode).toBe(400);
    expect(json<ErrorBody>(response).error.message).toBe('Please link your GitHub account first');
  });
});

describe('own profile API guards', () => {
  it('refuses a cross-origin edit', async () => {
    const app = await createTestApp();
    try {
      const user = await buildUser(app.ctx.database.db, { bio: 'same' });
      const cookie = await signIn(app, user.id);
      const response = await apiClient(app.app).patch(
        '/api/profile',
        { bio: 'evil' },
        { cookie, origin: 'https://evil.example' },
      );
      expect(response.statusCode).toBe(403);
    } finally {
      await app.destroy();
    }
  });
});
