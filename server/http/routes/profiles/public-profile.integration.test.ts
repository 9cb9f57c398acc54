import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PublicProfileDto } from '../../../../shared/api/profiles';
import { buildUser } from '../../../testing/builders';
import { describeEachDatabase } from '../../../testing/databases';
import { apiClient, json, type ApiClient } from '../../../testing/http';
import { createTestApp, type TestApp } from '../../../testing/test-app';

interface ErrorBody {
  error: { code: string; message: string };
}

describeEachDatabase('public profile API', (engine) => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await createTestApp({ engine });
    api = apiClient(app.app);
  });
  afterAll(() => app.destroy());

  /** A profile with 14 repositories, 12 contribution groups and 8 languages. */
  async function richUser(overrides: Parameters<typeof buildUser>[1] = {}) {
    const db = app.ctx.database.db;
    const languages = { Go: 5, Rust: 4, C: 3, Python: 3, TypeScript: 2, Ruby: 1, Zig: 1, Lua: 1 };
    const user = await buildUser(db, {
      username: `rich-${randomUUID().slice(0, 6)}`,
      email: 'hidden@example.com',
      github_token_sealed: 'v1.never.shown.here',
      location: 'Lisbon',
      company: 'Acme',
      bio: 'Public bio',
      public_repos: 14,
      followers: 77,
      following: 8,
      contribution_streak: 9,
      language_stats: JSON.stringify(languages),
      ...overrides,
    });
    await db
      .insertInto('user_repositories')
      .values(
        Array.from({ length: 14 }, (_, i) => ({
          id: randomUUID(),
          user_id: user.id,
          repo_name: `${user.github_username}/repo-${i}`,
          repo_url: `https://example.com/repo-${i}`,
          description: null,
          language: 'Go',
          stars_count: i * 10,
          forks_count: i,
        })),
      )
      .execute();
    await db
      .insertInto('user_contributions')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          id: randomUUID(),
          user_id: user.id,
          repo_full_name: `org/project-${i}`,
          contribution_type: 'PushEvent',
          contribution_count: i + 1,
        })),
      )
      .execute();
    return user;
  }

  it('is readable by anyone, by username in any case and by id', async () => {
    const user = await richUser();
    const byName = await api.get(`/api/users/${user.username}`);
    expect(byName.statusCode).toBe(200);
    const upper = await api.get(`/api/users/${user.username!.toUpperCase()}`);
    expect(upper.statusCode).toBe(200);
    const byId = await api.get(`/api/users/${user.id}`);
    expect(byId.statusCode).toBe(200);
    expect(json<PublicProfileDto>(byId)).toEqual(json<PublicProfileDto>(byName));
    expect(json<PublicProfileDto>(upper).id).toBe(user.id);
  });

  it('shows everything allowed, within the profile limits, and nothing private', async () => {
    const user = await richUser();
    const response = await api.get(`/api/users/${user.username}`);
    const body = json<PublicProfileDto>(response);
    expect(body).toMatchObject({
      id: user.id,
      username: user.username,
      bio: 'Public bio',
      location: 'Lisbon',
      company: 'Acme',
      statistics: { public_repos: 14, followers: 77, following: 8, contribution_streak: 9 },
    });
    expect(body.statistics?.top_languages).toEqual([
      { language: 'Go', count: 5 },
      { language: 'Rust', count: 4 },
      { language: 'C', count: 3 },
      { language: 'Python', count: 3 },
      { language: 'TypeScript', count: 2 },
      { language: 'Lua', count: 1 },
    ]);
    expect(body.repositories).toHaveLength(12);
    expect(body.repositories?.[0]?.stars_count).toBe(130);
    expect(body.repositories?.[11]?.stars_count).toBe(20);
    expect(body.contributions).toHaveLength(10);
    expect(body.contributions?.[0]?.contribution_count).toBe(12);
    expect(response.body).not.toContain('hidden@example.com');
    expect(response.body).not.toContain('never.shown');
    expect(response.body).not.toContain('privacy_settings');
    expect(response.body).not.toContain('theme_preference');
  });

  it('hides the location when show_location is off', async () => {
    const user = await richUser({ show_location: false });
    const body = json<PublicProfileDto>(await api.get(`/api/users/${user.username}`));
    expect(body.location).toBeNull();
    expect(body.company).toBe('Acme');
  });

  it('hides the company when show_company is off', async () => {
    const user = await richUser({ show_company: false });
    const body = json<PublicProfileDto>(await api.get(`/api/users/${user.username}`));
    expect(body.company).toBeNull();
    expect(body.location).toBe('Lisbon');
  });

  it('hides the statistics block when show_github_stats is off', async () => {
    const user = await richUser({ show_github_stats: false });
    const response = await api.get(`/api/users/${user.username}`);
    const body = json<PublicProfileDto>(response);
    expect(body.statistics).toBeNull();
    expect(body.repositories).toHaveLength(12);
    expect(response.body).not.toContain('"followers"');
  });

  it('hides the repositories when show_repositories is off', async () => {
    const user = await richUser({ show_repositories: false });
    const body = json<PublicProfileDto>(await api.get(`/api/users/${user.username}`));
    expect(body.repositories).toBeNull();
    expect(body.contributions).toHaveLength(10);
    expect(body.statistics).not.toBeNull();
  });

  it('hides the contributions when show_contributions is off', async () => {
    const user = await richUser({ show_contributions: false });
    const body = json<PublicProfileDto>(await api.get(`/api/users/${user.username}`));
    expect(body.contributions).toBeNull();
    expect(body.repositories).toHaveLength(12);
  });

  it('answers 404 for a private profile, by username and by id', async () => {
    const user = await richUser({ profile_visibility: 'private' });
    for (const key of [user.username!, user.id]) {
      const response = await api.get(`/api/users/${key}`);
      expect(response.statusCode).toBe(404);
      expect(json<ErrorBody>(response).error.message).toBe('Profile not found or is private');
    }
  });

  it('answers 404 for a missing username and a missing id', async () => {
    for (const key of ['nobody-here', randomUUID()]) {
      const response = await api.get(`/api/users/${key}`);
      expect(response.statusCode).toBe(404);
      expect(json<ErrorBody>(response).error.message).toBe('Profile not found or is private');
    }
  });

  it('treats a UUID-shaped value as an id, never as a username', async () => {
    const uuidShapedName = randomUUID();
    const user = await richUser({ username: uuidShapedName });
    expect((await api.get(`/api/users/${uuidShapedName}`)).statusCode).toBe(404);
    expect((await api.get(`/api/users/${user.id.toUpperCase()}`)).statusCode).toBe(200);
  });

  it('reflects a privacy change at once', async () => {
    const user = await richUser();
    expect((await api.get(`/api/users/${user.username}`)).statusCode).toBe(200);
    await app.ctx.database.db
      .updateTable('profiles')
      .set({ profile_visibility: 'private' })
      .where('id', '=', user.id)
      .execute();
    expect((await api.get(`/api/users/${user.username}`)).statusCode).toBe(404);
  });
});
