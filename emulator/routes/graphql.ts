import type { ApiContext, ApiResult, Route } from '../api/context';
import { ApiError } from '../api/errors';
import { execute, GqlFieldError, type GqlError } from '../graphql/execute';
import { GqlSyntaxError, parseOperation } from '../graphql/parse';
import { queryRoot } from '../graphql/schema';

async function graphql(ctx: ApiContext): Promise<ApiResult> {
  if (!ctx.auth) {
    throw new ApiError(401, {
      message: 'This endpoint requires you to be authenticated.',
      documentation_url:
        'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql',
    });
  }
  let request: { query?: unknown; variables?: unknown };
  try {
    request = JSON.parse(await ctx.readBody()) as { query?: unknown; variables?: unknown };
  } catch {
    throw new ApiError(400, { message: 'Problems parsing JSON', documentation_url: 'https://docs.github.com/graphql' });
  }
  if (typeof request.query !== 'string') {
    return {
      status: 200,
      body: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] },
    };
  }
  try {
    const op = parseOperation(request.query);
    const given =
      request.variables && typeof request.variables === 'object' ? (request.variables as Record<string, unknown>) : {};
    const vars: Record<string, unknown> = { ...op.variableDefaults, ...given };
    const errors: GqlError[] = [];
    const data = execute(queryRoot(ctx.dataset, ctx.urls, ctx.nowMs, ctx.auth.login), op.selections, vars, errors);
    return { status: 200, body: errors.length > 0 ? { data, errors } : { data } };
  } catch (err) {
    if (err instanceof GqlSyntaxError) return { status: 200, body: { errors: [{ message: err.message }] } };
    if (err instanceof GqlFieldError)
      return { status: 200, body: { errors: [{ message: err.message, extensions: { code: err.type ?? 'invalid' } }] } };
    throw err;
  }
}

export const graphqlRoutes: Route[] = [{ method: 'POST', pattern: '/graphql', resource: 'graphql', handler: graphql }];
