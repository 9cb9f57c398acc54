import type { Account, Dataset } from '../dataset/index';
import { nodeId } from '../dataset/ids';
import { DAY_MS, isoSeconds } from '../dataset/dates';
import { hashString } from '../dataset/prng';
import { WEB, type Urls } from './urls';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** The `simple-user` shape embedded in repositories, issues, releases and contributor lists. */
export function simpleUser(account: Account, urls: Urls): JsonObject {
  const api = urls.user(account.login);
  return {
    login: account.login,
    id: account.id,
    node_id: nodeId(account.type, account.id),
    avatar_url: urls.avatar(account.login),
    gravatar_id: '',
    url: api,
    html_url: `${WEB}/${account.login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: account.type,
    user_view_type: 'public',
    site_admin: false,
  };
}

export function publicRepoCount(account: Account, dataset: Dataset): number {
  const listed = dataset.reposOf(account.login).length;
  // Real owners have more repositories than the dataset lists; demo accounts own exactly theirs.
  return account.demo || account.login === 'reporooms-quirks'
    ? listed
    : listed + (hashString(`repos:${account.login}`) % 60);
}

/** An account's created_at and updated_at; a fresh account's follow the emulator's clock. */
export function accountDates(account: Account, nowMs: number): { created_at: string; updated_at: string } {
  if (account.createdDaysBeforeNow === undefined)
    return { created_at: account.created_at, updated_at: account.updated_at };
  const at = isoSeconds(nowMs - account.createdDaysBeforeNow * DAY_MS);
  return { created_at: at, updated_at: at };
}

/** GET /users/{username}: the public profile (`public-user`). */
export function publicUser(account: Account, urls: Urls, dataset: Dataset, nowMs: number): JsonObject {
  return {
    ...simpleUser(account, urls),
    name: account.name,
    company: account.company,
    blog: account.blog ?? '',
    location: account.location,
    email: account.email,
    hireable: account.hireable,
    bio: account.bio,
    twitter_username: account.twitter_username,
    public_repos: publicRepoCount(account, dataset),
    public_gists: account.public_gists,
    followers: account.followers,
    following: account.following,
    ...accountDates(account, nowMs),
  };
}

/** GET /user: the signed-in account with its private counters (`private-user`). */
export function privateUser(account: Account, urls: Urls, dataset: Dataset, nowMs: number): JsonObject {
  return {
    ...publicUser(account, urls, dataset, nowMs),
    notification_email: account.email,
    private_gists: 0,
    total_private_repos: 0,
    owned_private_repos: 0,
    disk_usage: 1024,
    collaborators: 0,
    two_factor_authentication: true,
    plan: { name: 'free', space: 976562499, collaborators: 0, private_repos: 10000 },
  };
}
