import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import type { OAuthStatesRepository } from '../../db/repositories/oauth-states.repository';
import { GitHubError, type GitHubOAuth } from '../../github/github-services';
import type { SessionsService } from '../sessions.service';
import type { AccountsService } from './accounts.service';
import { safeReturnPath } from './return-path';

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** Why a sign-in did not complete; sent to /auth?error=<code>. */
export type SignInErrorCode =
  'access_denied' | 'authorization_failed' | 'invalid_state' | 'exchange_failed' | 'github_unavailable';

export interface StartedSignIn {
  authorizeUrl: string;
  /** Value for the browser-binding cookie (kept if the browser already had a valid one). */
  binding: string;
}

export type CompletedSignIn =
  | { ok: true; userId: string; token: string; expiresAt: Date; returnTo: string }
  | { ok: false; error: SignInErrorCode };

export interface CallbackInput {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  /** The binding cookie the browser sent back. */
  binding?: string | undefined;
}

const randomToken = () => randomBytes(32).toString('base64url');
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * GitHub's OAuth web flow with PKCE. `state` is single-use, expires in 10 minutes and is bound
 * to the browser that started the flow, so a callback link cannot be replayed or planted in
 * someone else's browser (login CSRF). Only hashes of state and binding are stored.
 */
export function createOAuthFlowService(deps: {
  oauth: GitHubOAuth;
  states: OAuthStatesRepository;
  accounts: AccountsService;
  sessions: SessionsService;
  redirectUri: string;
  logger: Logger;
  now: () => number;
}) {
  const { oauth, states, accounts, sessions, logger, now } = deps;

  return {
    /** `extraScopes`: asked beyond the sign-in's own (the scope "Create issue" needs), when the person chose it. */
    async start(
      returnTo: unknown,
      existingBinding: string | undefined,
      extraScopes: string[] = [],
    ): Promise<StartedSignIn> {
      const t = now();
      await states.deleteExpired(new Date(t).toISOString());
      const state = randomToken();
      const verifier = randomToken();
      const binding = existingBinding && BINDING_PATTERN.test(existingBinding) ? existingBinding : randomToken();
      await states.insert({
        id: sha256(state),
        browser_binding: sha256(binding),
        code_verifier: verifier,
        return_to: safeReturnPath(returnTo),
        created_at: new Date(t).toISOString(),
        expires_at: new Date(t + OAUTH_STATE_TTL_MS).toISOString(),
      });
      const authorizeUrl = oauth.authorizeUrl({
        state,
        codeChallenge: sha256(verifier),
        redirectUri: deps.redirectUri,
        extraScopes,
      });
      return { authorizeUrl, binding };
    },

    async complete(input: CallbackInput): Promise<CompletedSignIn> {
      // The state is consumed whatever happens next: every callback URL works at most once.
      const pending = input.state && input.state.length <= 200 ? await states.take(sha256(input.state)) : undefined;
      if (input.error) {
        return { ok: false, error: input.error === 'access_denied' ? 'access_denied' : 'authorization_failed' };
      }
      if (!pending || !input.code || input.code.length > 200) return { ok: false, error: 'invalid_state' };
      if (Date.parse(pending.expires_at) <= now()) return { ok: false, error: 'invalid_state' };
      if (!input.binding || !sameHash(sha256(input.binding), pending.browser_binding)) {
        return { ok: false, error: 'invalid_state' };
      }

      let accessToken: string;
      try {
        ({ accessToken } = await oauth.exchangeCode({
          code: input.code,
          codeVerifier: pending.code_verifier,
          redirectUri: deps.redirectUri,
        }));
      } catch (error) {
        const unavailable =
          error instanceof GitHubError && (error.kind === 'unavailable' || error.kind === 'rate_limited');
        logger.warn({ kind: error instanceof GitHubError ? error.kind : 'unknown' }, 'GitHub code exchange failed');
        return { ok: false, error: unavailable ? 'github_unavailable' : 'exchange_failed' };
      }

      try {
        const user = await oauth.getAuthenticatedUser(accessToken);
        const email = await oauth.getVerifiedPrimaryEmail(accessToken).catch((error: unknown) => {
          if (!(error instanceof GitHubError)) throw error;
          // Signing in does not wait for it: the address stored before stays until the next sign-in.
          logger.warn({ kind: error.kind, status: error.status }, 'GitHub e-mail lookup failed');
          return undefined;
        });
        const account = await accounts.signInWithGitHub(user, accessToken, email);
        const created = await sessions.create(account.userId);
        logger.info({ userId: account.userId, newAccount: account.created }, 'signed in with GitHub');
        return {
          ok: true,
          userId: account.userId,
          token: created.token,
          expiresAt: created.expiresAt,
          // Checked again on the way out: rows stored by an earlier, laxer check must not redirect away.
          returnTo: safeReturnPath(pending.return_to),
        };
      } catch (error) {
        if (!(error instanceof GitHubError)) throw error;
        logger.warn({ kind: error.kind, status: error.status }, 'GitHub user lookup failed');
        return { ok: false, error: 'github_unavailable' };
      }
    },
  };
}
export type OAuthFlowService = ReturnType<typeof createOAuthFlowService>;
