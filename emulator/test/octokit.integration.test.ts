import { Octokit } from '@octokit/core';
import { exchangeWebFlowCode, getWebFlowAuthorizationUrl } from '@octokit/oauth-methods';
import { paginateRest } from '@octokit/plugin-paginate-rest';
import { request } from '@octokit/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OAUTH_APP } from '../index';
import { startClient, type Client } from './helpers';

/** The product talks to the emulator through octokit exactly as it would to GitHub Enterprise Server. */
let c: Client;
let api: string;
const PaginatingOctokit = Octokit.plugin(paginateRest);

beforeAll(async () => {
  c = await startClient();
  api = `${c.server.url}/api/v3`;
});
afterAll(() => c.close());

describe('octokit against the emulator', () => {
  it('signs in through the web flow with OAuth URLs derived from the API base', async () => {
    const redirectUrl = `${c.server.url}/auth/callback`;
    const { url } = getWebFlowAuthorizationUrl({
      clientType: 'oauth-app',
      clientId: DEMO_OAUTH_APP.clientId,
      redirectUrl,
      scopes: ['read:user', 'user:email'],
      state: 'octo-state',
      request: request.defaults({ baseUrl: api }),
    });
    expect(url.startsWith(`${c.server.url}/login/oauth/authorize?`)).toBe(true);
    const page = await (await fetch(url)).text();
    const form = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    );
    const grant = await fetch(`${c.server.url}/login/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...form, login: 'linus-demo' }).toString(),
    });
    const location = new URL(grant.headers.get('location') ?? '');
    expect(location.searchParams.get('state')).toBe('octo-state');
    const { authentication } = await exchangeWebFlowCode({
      clientType: 'oauth-app',
      clientId: DEMO_OAUTH_APP.clientId,
      clientSecret: DEMO_OAUTH_APP.clientSecret,
      code: location.searchParams.get('code') ?? '',
      redirectUrl,
      request: request.defaults({ baseUrl: api }),
    });
    const octokit = new Octokit({ baseUrl: api, auth: authentication.token, userAgent: 'reporooms-tests' });
    const { data: me } = await octokit.request('GET /user');
    expect(me.login).toBe('linus-demo');
    const calendar = await octokit.graphql<{
      user: { contributionsCollection: { contributionCalendar: { totalContributions: number } } };
    }>(
      'query($login: String!) { user(login: $login) { contributionsCollection { contributionCalendar { totalContributions } } } }',
      { login: 'linus-demo' },
    );
    expect(calendar.user.contributionsCollection.contributionCalendar.totalContributions).toBeGreaterThan(0);
  });

  it('follows renames and Link pagination', async () => {
    const octokit = new PaginatingOctokit({
      baseUrl: api,
      userAgent: 'reporooms-tests',
      auth: await c.token('ada-demo'),
    });
    const { data: moved } = await octokit.request('GET /repos/{owner}/{repo}', {
      owner: 'reporooms-quirks',
      repo: 'old-name',
    });
    expect(moved.full_name).toBe('reporooms-quirks/new-name');
    const all = await octokit.paginate('GET /repos/{owner}/{repo}/issues', {
      owner: 'facebook',
      repo: 'react',
      state: 'all',
      per_page: 7,
    });
    const { data: onePage } = await octokit.request('GET /repos/{owner}/{repo}/issues', {
      owner: 'facebook',
      repo: 'react',
      state: 'all',
      per_page: 100,
    });
    expect(all.map((i) => i.number)).toEqual(onePage.map((i) => i.number));
  });

  it('surfaces GitHub errors as RequestError with the status', async () => {
    const octokit = new Octokit({ baseUrl: api, userAgent: 'reporooms-tests' });
    await expect(
      octokit.request('GET /repos/{owner}/{repo}', { owner: 'reporooms-quirks', repo: 'dmca-takedown' }),
    ).rejects.toMatchObject({ status: 451 });
    await expect(octokit.request('GET /search/repositories', { q: 'stars:many' })).rejects.toMatchObject({
      status: 422,
    });
    const empty = await octokit.request('GET /repos/{owner}/{repo}/contributors', {
      owner: 'reporooms-quirks',
      repo: 'empty-repo',
    });
    expect(empty.status).toBe(204);
  });
});
