import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Infrastructure } from '../context';
import type { AppServices } from '../services/app-services';
import type { Database, NewProfile, ChatRoomRow } from '../db/schema';
import type { GitHubUser } from '../github/github-types';
import { sessionCookieName } from '../http/session-cookie';

let counter = 0;

/** A profile row as sign-in would create it (not inserted); every field can be overridden. */
export function newProfileRow(overrides: Partial<NewProfile> = {}): NewProfile & { id: string } {
  counter += 1;
  const now = new Date().toISOString();
  const login = overrides.github_username ?? `user${counter}-${randomUUID().slice(0, 6)}`;
  return {
    id: randomUUID(),
    github_id: 1_000_000 + Math.floor(Math.random() * 1_000_000_000),
    username: login,
    display_name: `User ${counter}`,
    bio: null,
    theme_preference: 'system',
    show_github_stats: true,
    show_repositories: true,
    show_contributions: true,
    show_location: true,
    show_company: true,
    profile_visibility: 'public',
    github_username: login,
    github_url: `https://github.com/${login}`,
    github_created_at: '2015-03-01T00:00:00Z',
    avatar_url: null,
    company: null,
    location: null,
    blog: null,
    github_bio: null,
    email: null,
    public_repos: 0,
    followers: 0,
    following: 0,
    contribution_streak: 0,
    language_stats: '{}',
    github_token_sealed: null,
    github_synced_at: null,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** Inserts a profile as sign-in would create it; every field can be overridden. */
export async function buildUser(
  db: Kysely<Database>,
  overrides: Partial<NewProfile> = {},
): Promise<NewProfile & { id: string }> {
  const profile = newProfileRow(overrides);
  await db.insertInto('profiles').values(profile).execute();
  return profile;
}

/** Inserts a room (without members or events). */
export async function buildRoom(
  db: Kysely<Database>,
  createdBy: string,
  overrides: Partial<ChatRoomRow> = {},
): Promise<ChatRoomRow> {
  const now = new Date().toISOString();
  const repo = overrides.repo_full_name ?? `owner/repo-${randomUUID().slice(0, 8)}`;
  const { slow_mode_seconds: slowMode, topic, ...columns } = overrides;
  const inserted = {
    id: randomUUID(),
    title: `${repo.split('/')[1] ?? repo} Discussion`,
    repo_full_name: repo,
    repo_key: repo.toLowerCase(),
    created_by: createdBy,
    last_activity_at: now,
    created_at: now,
    last_seq: 0,
    ...columns,
    // Later columns are written only when asked for, so tests of older schemas can build rooms too.
    ...(slowMode === undefined ? {} : { slow_mode_seconds: slowMode }),
    ...(topic === undefined ? {} : { topic }),
  };
  await db.insertInto('chat_rooms').values(inserted).execute();
  return {
    ...inserted,
    slow_mode_seconds: inserted.slow_mode_seconds ?? 0,
    topic: inserted.topic ?? '',
    activity_kinds: inserted.activity_kinds ?? 'release,merge',
    new_account_days: inserted.new_account_days ?? 0,
    first_messages_held: inserted.first_messages_held ?? 0,
    newcomer_links_held: inserted.newcomer_links_held ?? 0,
    locked: inserted.locked ?? 0,
    archive_access: inserted.archive_access ?? 'anyone',
    archive_indexing: inserted.archive_indexing ?? 'indexed',
  };
}

/** A session for the user, as the cookie header a browser would send. */
export async function signIn(
  app: { ctx: Pick<Infrastructure, 'config'>; services: Pick<AppServices, 'sessions'> },
  userId: string,
): Promise<string> {
  const { token } = await app.services.sessions.create(userId);
  return `${sessionCookieName(app.ctx.config)}=${token}`;
}

/** A GitHub user as the REST API answers it, for tests of sign-in and profile sync. */
export function githubUser(overrides: Partial<GitHubUser> & Pick<GitHubUser, 'id' | 'login'>): GitHubUser {
  return {
    avatar_url: `https://avatars.example/${overrides.login}`,
    html_url: `https://github.com/${overrides.login}`,
    name: null,
    company: null,
    blog: null,
    location: null,
    email: null,
    bio: null,
    public_repos: 1,
    followers: 2,
    following: 3,
    created_at: '2014-05-01T00:00:00Z',
    ...overrides,
  };
}
