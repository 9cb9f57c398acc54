import type { Logger } from 'pino';
import { toGitHubError } from './github-errors';
import { GitHubError, type GitHubOAuth } from './github-services';
import type { GitHubUser } from './github-types';
import type { GitHubOctokit } from './octokit-client';

export const OAUTH_SCOPES = ['read:user', 'user:email'];

export interface OAuthEndpoints {
  /** Browser-facing web origin: where /login/oauth/authorize is shown. */
  webUrl: string;
  /** Where the server posts the code exchange (the emulator's internal address in demo mode). */
  oauthUrl: string;
  clientId: string;
  clientSecret: string;
}

interface TokenAnswer {
  access_token?: string;
  scope?: string;
  error?: string;
  error_description?: string;
}

/**
 * The OAuth host GitHub's own libraries derive from the API base: github.com for
 * api.github.com, and the same host without /api/v3 for GHES and the emulator.
 */
export function oauthUrlFromApiUrl(apiUrl: string): string {
  if (/^https:\/\/(api\.)?github\.com$/.test(apiUrl)) return 'https://github.com';
  return apiUrl.replace(/\/api\/v3$/, '');
}

/** The OAuth web flow against github.com, GHES or the emulator (only base URLs differ). */
export function createGitHubOAuth(deps: {
  octokit: GitHubOctokit;
  endpoints: OAuthEndpoints;
  logger: Logger;
}): GitHubOAuth {
  const { octokit, endpoints, logger } = deps;
  return {
    authorizeUrl({ state, codeChallenge, redirectUri, extraScopes = [] }) {
      const url = new URL(`${endpoints.webUrl}/login/oauth/authorize`);
      url.searchParams.set('client_id', endpoints.clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('scope', [...OAUTH_SCOPES, ...extraScopes].join(' '));
      url.searchParams.set('state', state);
      url.searchParams.set('code_challenge', codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },

    async exchangeCode({ code, codeVerifier, redirectUri }) {
      let answer: TokenAnswer;
      try {
        const response = await octokit.request('POST /login/oauth/access_token', {
          baseUrl: endpoints.oauthUrl,
          headers: { accept: 'application/json' },
          client_id: endpoints.clientId,
          client_secret: endpoints.clientSecret,
          code,
          code_verifier: codeVerifier,
          redirect_uri: redirectUri,
          request: { retries: 1 },
        });
        answer = (response.data ?? {}) as TokenAnswer;
      } catch (error) {
        throw toGitHubError(error);
      }
      // GitHub refuses an exchange with HTTP 200 and an `error` field.
      if (answer.error || !answer.access_token) {
        throw new GitHubError('invalid_query', `Code exchange refused: ${answer.error ?? 'no access token'}`, 400);
      }
      return { accessToken: answer.access_token, scopes: (answer.scope ?? '').split(/[\s,]+/).filter(Boolean) };
    },

    async getAuthenticatedUser(accessToken) {
      try {
        const response = await octokit.request('GET /user', {
          headers: { authorization: `Bearer ${accessToken}` },
          request: { retries: 1 },
        });
        return response.data as GitHubUser;
      } catch (error) {
        throw toGitHubError(error);
      }
    },

    async getVerifiedPrimaryEmail(accessToken) {
      let entries: unknown;
      try {
        const response = await octokit.request('GET /user/emails', {
          headers: { authorization: `Bearer ${accessToken}` },
          request: { retries: 1 },
        });
        entries = response.data;
      } catch (error) {
        const failure = toGitHubError(error);
        // Without the user:email scope GitHub answers 404 (or 403): no address to use.
        if (failure.status === 404 || failure.status === 403) return null;
        throw failure;
      }
      return verifiedPrimary(entries);
    },

    async revoke(accessToken) {
      const basic = Buffer.from(`${endpoints.clientId}:${endpoints.clientSecret}`).toString('base64');
      try {
        await octokit.request('DELETE /applications/{client_id}/grant', {
          client_id: endpoints.clientId,
          access_token: accessToken,
          headers: { authorization: `Basic ${basic}` },
          request: { retries: 0 },
        });
      } catch (error) {
        logger.warn({ status: (error as { status?: number }).status }, 'GitHub grant revocation failed');
      }
    },
  };
}

/** The entry GitHub marks both primary and verified; an unverified address is never used. */
export function verifiedPrimary(entries: unknown): string | null {
  if (!Array.isArray(entries)) return null;
  for (const entry of entries as Array<{ email?: unknown; primary?: unknown; verified?: unknown }>) {
    if (entry?.primary === true && entry.verified === true && typeof entry.email === 'string' && entry.email) {
      return entry.email;
    }
  }
  return null;
}
