import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Dataset } from '../dataset/index';
import { parseParams, readBody } from '../http/body';
import { redirect, sendHtml } from '../http/send';
import type { EmulatorState, OAuthApp } from '../state';
import { escapeHtml, page, pageHeaders } from './html';
import { validChallenge } from './pkce';
import { redirectUriAllowed, withParams } from './redirect-uri';

export const CODE_TTL_MS = 10 * 60_000;
const AUTH_ERRORS_DOC = 'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors';

export interface AuthorizeDeps {
  state: EmulatorState;
  dataset: Dataset;
  publicUrl: string;
  now(): number;
}

interface AuthorizeRequest {
  app: OAuthApp;
  /** Where to send the browser back to: redirect_uri when given, else the registered callback. */
  target: string;
  redirectUri: string | null;
  state: string | null;
  scope: string;
  challenge: string | null;
  method: string | null;
}

/** Validation outcome: a request to act on, or an answer to send right away. */
type Checked = { ok: AuthorizeRequest } | { html: string; status: number } | { redirectTo: string };

function check(params: Record<string, string | undefined>, deps: AuthorizeDeps): Checked {
  const app = params.client_id ? deps.state.apps.get(params.client_id) : undefined;
  if (!app) {
    return {
      status: 404,
      html: page(
        'Application not found',
        '<h1>Application not found</h1><p>The <code>client_id</code> is missing or does not belong to a registered OAuth application of this emulator.</p>',
      ),
    };
  }
  const stateParam = params.state ?? null;
  const redirectUri = params.redirect_uri || null;
  if (redirectUri && !redirectUriAllowed(redirectUri, app.callbackUrl)) {
    return {
      redirectTo: withParams(app.callbackUrl, {
        error: 'redirect_uri_mismatch',
        error_description: 'The redirect_uri MUST match the registered callback URL for this application.',
        error_uri: `${AUTH_ERRORS_DOC}#redirect-uri-mismatch`,
        state: stateParam,
      }),
    };
  }
  const target = redirectUri ?? app.callbackUrl;
  const challenge = params.code_challenge || null;
  const method = params.code_challenge_method || null;
  if (challenge || method) {
    // Only S256 is accepted; RFC 7636 makes "plain" the default when no method is given.
    const problem =
      (method ?? 'plain') !== 'S256'
        ? 'Only the S256 code_challenge_method is supported.'
        : !challenge || !validChallenge(challenge)
          ? 'The code_challenge must be 43-128 characters of base64url.'
          : null;
    if (problem)
      return {
        redirectTo: withParams(target, {
          error: 'invalid_request',
          error_description: problem,
          error_uri: AUTH_ERRORS_DOC,
          state: stateParam,
        }),
      };
  }
  const scope = (params.scope ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .join(' ');
  return { ok: { app, target, redirectUri, state: stateParam, scope, challenge, method } };
}

function consentPage(req: AuthorizeRequest, params: Record<string, string | undefined>, deps: AuthorizeDeps): string {
  const hidden = (name: string, value: string | null): string =>
    value === null ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const hint = params.login?.toLowerCase();
  const logins = deps.dataset.demoLogins();
  const ordered = hint && logins.includes(hint) ? [hint, ...logins.filter((l) => l !== hint)] : logins;
  const accounts = ordered
    .map((login) => {
      const account = deps.dataset.account(login);
      return (
        `<div class="account${login === hint ? ' suggested' : ''}"><img alt="" src="${escapeHtml(`${deps.publicUrl}/avatars/${login}`)}">` +
        `<div class="who"><div class="name">${escapeHtml(account?.name ?? login)}</div><div class="muted">@${escapeHtml(login)}</div></div>` +
        `<button type="submit" name="login" value="${escapeHtml(login)}">Sign in as ${escapeHtml(login)}</button></div>`
      );
    })
    .join('\n');
  const scopes = req.scope
    ? req.scope
        .split(' ')
        .map((s) => `<li><code>${escapeHtml(s)}</code></li>`)
        .join('')
    : '<li>Public information only</li>';
  const signup = params.allow_signup === 'false' ? '<p class="muted">Sign-up is disabled for this request.</p>' : '';
  return page(
    `Authorize ${req.app.clientId}`,
    `
<p class="banner">Offline GitHub emulator: choose a demo account. No password is needed.</p>
<h1>Authorize <strong>${escapeHtml(req.app.clientId)}</strong></h1>
<p>The application asks for:</p><ul class="scopes">${scopes}</ul>${signup}
<form method="post" action="${escapeHtml(`${deps.publicUrl}/login/oauth/authorize`)}">
${hidden('client_id', req.app.clientId)}${hidden('redirect_uri', req.redirectUri)}${hidden('state', req.state)}
${hidden('scope', req.scope)}${hidden('code_challenge', req.challenge)}${hidden('code_challenge_method', req.method)}
${accounts}
<button type="submit" class="secondary" name="cancel" value="1">Cancel</button>
</form>
<p class="muted">Authorizing redirects to ${escapeHtml(new URL(req.target).origin)}</p>`,
  );
}

function answer(res: ServerResponse, checked: Exclude<Checked, { ok: AuthorizeRequest }>, deps: AuthorizeDeps): void {
  if ('redirectTo' in checked) redirect(res, checked.redirectTo);
  else sendHtml(res, checked.status, checked.html, pageHeaders(deps.publicUrl));
}

/** GET /login/oauth/authorize: validates the request and shows the consent page. */
export function showAuthorize(res: ServerResponse, url: URL, deps: AuthorizeDeps): void {
  const params = Object.fromEntries(url.searchParams);
  const checked = check(params, deps);
  if (!('ok' in checked)) return answer(res, checked, deps);
  sendHtml(res, 200, consentPage(checked.ok, params, deps), pageHeaders(deps.publicUrl));
}

/** POST /login/oauth/authorize: the consent form. Grants at once (302 with code) or cancels (access_denied). */
export async function submitAuthorize(req: IncomingMessage, res: ServerResponse, deps: AuthorizeDeps): Promise<void> {
  const params = parseParams(req.headers['content-type'], await readBody(req));
  const checked = check(params, deps);
  if (!('ok' in checked)) return answer(res, checked, deps);
  const r = checked.ok;
  if (params.cancel) {
    redirect(
      res,
      withParams(r.target, {
        error: 'access_denied',
        error_description: 'The user has denied your application access.',
        error_uri: `${AUTH_ERRORS_DOC}#access-denied`,
        state: r.state,
      }),
    );
    return;
  }
  const login = (params.login ?? '').toLowerCase();
  if (!deps.dataset.demoLogins().includes(login)) {
    sendHtml(
      res,
      400,
      page('Unknown account', '<h1>Unknown account</h1><p>Only the listed demo accounts can sign in.</p>'),
      pageHeaders(deps.publicUrl),
    );
    return;
  }
  const code = randomBytes(10).toString('hex');
  deps.state.codes.set(code, {
    code,
    clientId: r.app.clientId,
    login,
    scopes: r.scope ? r.scope.split(' ') : [],
    redirectUri: r.redirectUri,
    codeChallenge: r.challenge,
    expiresMs: deps.now() + CODE_TTL_MS,
  });
  redirect(res, withParams(r.target, { code, state: r.state }));
}
