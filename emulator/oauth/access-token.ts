import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseParams, readBody } from '../http/body';
import { send } from '../http/send';
import type { EmulatorState } from '../state';
import { verifierMatches } from './pkce';
import { redirectUriAllowed } from './redirect-uri';
import { issueToken } from './tokens';

const TOKEN_ERRORS_DOC =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';

type Answer = Record<string, string>;

function failure(error: string, description: string, anchor = error.replace(/_/g, '-')): Answer {
  return { error, error_description: description, error_uri: `${TOKEN_ERRORS_DOC}/#${anchor}` };
}

const BAD_CODE = 'The code passed is incorrect or expired.';

function exchange(params: Record<string, string>, state: EmulatorState, nowMs: number): Answer {
  const app = state.apps.get(params.client_id ?? '');
  if (!app || app.clientSecret !== params.client_secret) {
    return failure('incorrect_client_credentials', 'The client_id and/or client_secret passed are incorrect.');
  }
  const code = state.codes.get(params.code ?? '');
  if (!code || code.clientId !== app.clientId) return failure('bad_verification_code', BAD_CODE);
  if (code.expiresMs <= nowMs) {
    state.codes.delete(code.code);
    return failure('bad_verification_code', BAD_CODE);
  }
  const redirectUri = params.redirect_uri;
  if (
    redirectUri &&
    ((code.redirectUri !== null && redirectUri !== code.redirectUri) ||
      !redirectUriAllowed(redirectUri, app.callbackUrl))
  ) {
    return failure(
      'redirect_uri_mismatch',
      'The redirect_uri MUST match the registered callback URL for this application.',
    );
  }
  if (code.codeChallenge !== null) {
    const verifier = params.code_verifier;
    // A failed PKCE check burns the code, so a verifier cannot be guessed by retrying.
    if (!verifier) {
      state.codes.delete(code.code);
      return failure(
        'bad_verification_code',
        'The code_verifier is required because a code_challenge was sent with the authorization request.',
      );
    }
    if (!verifierMatches(verifier, code.codeChallenge)) {
      state.codes.delete(code.code);
      return failure(
        'bad_verification_code',
        'The code_verifier does not match the code_challenge (SHA-256) sent with the authorization request.',
      );
    }
  }
  state.codes.delete(code.code);
  const record = issueToken(state, code.login, code.scopes, app.clientId);
  return { access_token: record.token, scope: record.scopes.join(','), token_type: 'bearer' };
}

/**
 * POST /login/oauth/access_token. Parameters may come in the query string, a form body or JSON.
 * Errors are answered with HTTP 200 like GitHub; JSON when Accept asks for it, otherwise form-encoded.
 */
export async function accessToken(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  state: EmulatorState,
  nowMs: number,
): Promise<void> {
  const params: Record<string, string> = {
    ...Object.fromEntries(url.searchParams),
    ...parseParams(req.headers['content-type'], await readBody(req)),
  };
  const answer = exchange(params, state, nowMs);
  const headers = {
    'cache-control': 'no-store',
    'x-github-request-id': `OAUTH:${Date.now().toString(16).toUpperCase()}`,
  };
  if ((req.headers.accept ?? '').includes('json')) {
    send(res, 200, { ...headers, 'content-type': 'application/json; charset=utf-8' }, JSON.stringify(answer));
  } else {
    send(
      res,
      200,
      { ...headers, 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      new URLSearchParams(answer).toString(),
    );
  }
}
