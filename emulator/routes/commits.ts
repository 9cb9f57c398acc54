import type { ApiContext, ApiResult, Route } from '../api/context';
import { ApiError } from '../api/errors';
import { resolveRef } from '../contents/refs';
import { sha as shaOf } from '../dataset/activity';
import { nodeId } from '../dataset/ids';
import type { Account, Repo } from '../dataset/index';
import { createRng } from '../dataset/prng';
import { generatedCommitMessages } from '../activity/generated-text';
import { simpleUser, type JsonObject } from '../present/users';
import { WEB } from '../present/urls';
import { emptyRepository, wants } from './contents';
import { resolveRepo } from './repo-lookup';

const COMMIT_DOC = 'https://docs.github.com/rest/commits/commits#get-a-commit';

interface CommitFacts {
  sha: string;
  parent: string;
  message: string;
  author: Account | undefined;
  date: string;
}

/** A pushed commit as it was pushed; any other commit gets a message and author from its SHA. */
function commitFacts(ctx: ApiContext, repo: Repo, commitSha: string): CommitFacts {
  const pushed = ctx.state.activity.commits.get(commitSha);
  if (pushed)
    return {
      sha: commitSha,
      parent: pushed.parent,
      message: pushed.message,
      author: ctx.dataset.account(pushed.authorLogin),
      date: new Date(Math.floor(pushed.atMs / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
    };
  const rng = createRng(`commit:${commitSha}`);
  const contributors = ctx.dataset.contributors(repo);
  const login = contributors.length > 0 ? rng.pick(contributors).login : repo.ownerLogin;
  return {
    sha: commitSha,
    parent: shaOf(`parent:${commitSha}`),
    message: generatedCommitMessages(commitSha, 1)[0] ?? 'Update',
    author: ctx.dataset.account(login),
    date: repo.pushed_at,
  };
}

function commitJson(ctx: ApiContext, repo: Repo, facts: CommitFacts): JsonObject {
  const api = ctx.urls.repo(repo.full_name);
  const person = facts.author
    ? {
        name: facts.author.name ?? facts.author.login,
        email: facts.author.email ?? `${facts.author.id}+${facts.author.login}@users.noreply.github.com`,
        date: facts.date,
      }
    : { name: repo.ownerLogin, email: `${repo.ownerLogin}@users.noreply.github.com`, date: facts.date };
  const user = facts.author ? simpleUser(facts.author, ctx.urls) : null;
  const tree = shaOf(`tree:${facts.sha}`);
  return {
    sha: facts.sha,
    node_id: nodeId('Commit', parseInt(facts.sha.slice(0, 12), 16)),
    commit: {
      author: person,
      committer: person,
      message: facts.message,
      tree: { sha: tree, url: `${api}/git/trees/${tree}` },
      url: `${api}/git/commits/${facts.sha}`,
      comment_count: 0,
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
    },
    url: `${api}/commits/${facts.sha}`,
    html_url: `${WEB}/${repo.full_name}/commit/${facts.sha}`,
    comments_url: `${api}/commits/${facts.sha}/comments`,
    author: user,
    committer: user,
    parents: [
      {
        sha: facts.parent,
        url: `${api}/commits/${facts.parent}`,
        html_url: `${WEB}/${repo.full_name}/commit/${facts.parent}`,
      },
    ],
    stats: { total: 0, additions: 0, deletions: 0 },
    files: [],
  };
}

/** GET /repos/{o}/{r}/commits/{ref}: the commit a branch, tag or SHA points at (or just its SHA). */
function getCommit(ctx: ApiContext): ApiResult {
  const wanted = ctx.params.ref ?? '';
  const repo = resolveRepo(ctx, `/commits/${wanted}`);
  emptyRepository(repo, 409, 'Git Repository is empty.', COMMIT_DOC);
  const ref = resolveRef(ctx.dataset, ctx.state, repo, wanted);
  if (!ref)
    throw new ApiError(422, {
      message: `No commit found for SHA: ${wanted}`,
      documentation_url: COMMIT_DOC,
      status: '422',
    });
  if (wants(ctx, 'sha'))
    return {
      status: 200,
      raw: { bytes: Buffer.from(ref.sha), contentType: 'application/vnd.github.sha; charset=utf-8' },
      headers: { 'x-github-media-type': 'github.v3; param=sha' },
    };
  const facts = commitFacts(ctx, repo, ref.sha);
  return { status: 200, body: commitJson(ctx, repo, facts), lastModified: facts.date };
}

export const commitRoutes: Route[] = [
  { method: 'GET', pattern: '/repos/:owner/:repo/commits/*ref', resource: 'core', handler: getCommit },
  { method: 'GET', pattern: '/repositories/:id/commits/*ref', resource: 'core', handler: getCommit },
];
