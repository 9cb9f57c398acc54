import { GitHubError, type GitHubApi, type ReadOptions, type RepoSearchParams } from './github-services';
import { userIdentity, type CachedRequester, type GitHubIdentity } from './cached-request';
import type { ContributionCalendarReader } from './contribution-calendar';
import type {
  GitHubContributor,
  GitHubEvent,
  GitHubFileContents,
  GitHubIssue,
  GitHubIssueDetail,
  GitHubRelease,
  GitHubRepository,
  GitHubSearchResult,
  GitHubUser,
} from './github-types';
import type { QuotaTracker } from './quota-tracker';

/** listUserRepositories stops here: enough for profile stats, bounded in cost. */
export const USER_REPOSITORIES_CAP = 300;
const PAGE_SIZE = 100;

export interface GitHubApiDeps {
  requester: CachedRequester;
  identity: GitHubIdentity;
  calendar: ContributionCalendarReader;
  quota: QuotaTracker;
}

/** The product's GitHub reads (docs/GITHUB.md §2), all through the cached requester. */
export function createGitHubApi(deps: GitHubApiDeps): GitHubApi {
  const { requester, identity, calendar, quota } = deps;
  const get = async <T>(route: string, params: Record<string, unknown>, options: ReadOptions = {}): Promise<T> =>
    (await requester.get<T>(route, params, identity, options)).data;

  return {
    async searchRepositories(p: RepoSearchParams, options) {
      // octokit writes a '+' inside q as-is (a space to GitHub), which breaks language:c++:
      // encode q ourselves in the route.
      const result = await get<GitHubSearchResult<GitHubRepository>>(
        `GET /search/repositories?q=${encodeURIComponent(p.q)}`,
        {
          ...(p.sort ? { sort: p.sort } : {}),
          ...(p.order ? { order: p.order } : {}),
          per_page: p.perPage ?? 30,
          page: p.page ?? 1,
        },
        options,
      );
      return {
        total_count: result.total_count,
        incomplete_results: result.incomplete_results,
        items: result.items ?? [],
      };
    },
    async getRepository(fullName, options) {
      const [owner, repo] = splitFullName(fullName);
      return get<GitHubRepository>('GET /repos/{owner}/{repo}', { owner, repo }, options);
    },
    async getRepositoryAsUser(fullName, userToken) {
      const [owner, repo] = splitFullName(fullName);
      // Cached per token: the answer carries this user's permissions.
      return (
        await requester.get<GitHubRepository>('GET /repos/{owner}/{repo}', { owner, repo }, userIdentity(userToken))
      ).data;
    },
    async listContributors(fullName, perPage, options) {
      const [owner, repo] = splitFullName(fullName);
      // An empty repository answers 204 with no body.
      const data = await get<unknown>(
        'GET /repos/{owner}/{repo}/contributors',
        { owner, repo, per_page: perPage },
        options,
      );
      return Array.isArray(data) ? (data as GitHubContributor[]) : [];
    },
    async listReleases(fullName, perPage, options) {
      const [owner, repo] = splitFullName(fullName);
      const data = await get<unknown>(
        'GET /repos/{owner}/{repo}/releases',
        { owner, repo, per_page: perPage },
        options,
      );
      return Array.isArray(data) ? (data as GitHubRelease[]) : [];
    },
    async listGoodFirstIssues(fullName, limit, options) {
      const [owner, repo] = splitFullName(fullName);
      // The issues list includes pull requests: ask for more than we show, then drop them.
      const data = await get<unknown>(
        'GET /repos/{owner}/{repo}/issues',
        {
          owner,
          repo,
          labels: 'good first issue',
          state: 'open',
          per_page: Math.min(100, Math.max(limit, 1) * 3),
        },
        options,
      );
      const items = Array.isArray(data) ? (data as GitHubIssue[]) : [];
      return items.filter((issue) => !issue.pull_request).slice(0, limit);
    },
    async getIssue(fullName, number, options) {
      const [owner, repo] = splitFullName(fullName);
      return get<GitHubIssueDetail>(
        'GET /repos/{owner}/{repo}/issues/{issue_number}',
        { owner, repo, issue_number: number },
        options,
      );
    },
    async getFileContents(fullName, path, ref, options) {
      const [owner, repo] = splitFullName(fullName);
      // Each segment encoded, the slashes kept: {path} would encode them too.
      const segments = path.split('/').map(encodeURIComponent).join('/');
      return get<GitHubFileContents>(`GET /repos/{owner}/{repo}/contents/${segments}`, { owner, repo, ref }, options);
    },
    async getUser(login) {
      return get<GitHubUser>('GET /users/{username}', { username: login });
    },
    async listUserRepositories(login) {
      const all: GitHubRepository[] = [];
      for (let page = 1; all.length < USER_REPOSITORIES_CAP; page += 1) {
        const data = await get<unknown>('GET /users/{username}/repos', {
          username: login,
          per_page: PAGE_SIZE,
          page,
          sort: 'pushed',
        });
        const items = Array.isArray(data) ? (data as GitHubRepository[]) : [];
        all.push(...items);
        if (items.length < PAGE_SIZE) break;
      }
      return all.slice(0, USER_REPOSITORIES_CAP);
    },
    async listUserPublicEvents(login) {
      const data = await get<unknown>('GET /users/{username}/events/public', { username: login, per_page: 100 });
      return Array.isArray(data) ? (data as GitHubEvent[]) : [];
    },
    async getContributionCalendar(login, userToken) {
      const token = userToken ?? identity.token;
      if (!token) return null;
      return calendar.read(login, token);
    },
    quota() {
      return quota.list();
    },
  };
}

function splitFullName(fullName: string): [string, string] {
  const [owner, repo, extra] = fullName.split('/');
  if (!owner || !repo || extra !== undefined) throw new GitHubError('not_found', `Not a repository name: ${fullName}`);
  return [owner, repo];
}
