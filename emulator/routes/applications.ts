import type { ApiContext, ApiResult, Route } from '../api/context';
import { ApiError, notFound, unprocessable } from '../api/errors';
import { parseBasic } from '../api/auth';
import { parseParams } from '../http/body';

/**
 * DELETE /applications/{client_id}/grant|token with Basic client_id:client_secret.
 * `token` revokes that one token; `grant` revokes every token the user gave the app.
 */
async function revoke(ctx: ApiContext, scope: 'grant' | 'token'): Promise<ApiResult> {
  const basic = parseBasic(ctx.headers.authorization);
  const app = ctx.state.apps.get(ctx.params.client_id ?? '');
  if (!basic || !app || basic.user !== app.clientId || basic.password !== app.clientSecret) {
    throw notFound('https://docs.github.com/rest/apps/oauth-applications#delete-an-app-token');
  }
  const params = parseParams(ctx.headers['content-type'], await ctx.readBody());
  const token = params.access_token;
  if (!token) {
    throw new ApiError(422, {
      message: 'Invalid request.\n\n"access_token" wasn\'t supplied.',
      documentation_url: 'https://docs.github.com/rest/apps/oauth-applications#delete-an-app-token',
      status: '422',
    });
  }
  const record = ctx.state.tokens.get(token);
  if (!record || record.clientId !== app.clientId) throw unprocessable('Invalid access token for this application');
  if (scope === 'token') {
    ctx.state.tokens.delete(token);
  } else {
    for (const [t, r] of ctx.state.tokens)
      if (r.clientId === app.clientId && r.login === record.login) ctx.state.tokens.delete(t);
  }
  return { status: 204 };
}

export const applicationRoutes: Route[] = [
  {
    method: 'DELETE',
    pattern: '/applications/:client_id/grant',
    resource: 'none',
    handler: (ctx) => revoke(ctx, 'grant'),
  },
  {
    method: 'DELETE',
    pattern: '/applications/:client_id/token',
    resource: 'none',
    handler: (ctx) => revoke(ctx, 'token'),
  },
];
