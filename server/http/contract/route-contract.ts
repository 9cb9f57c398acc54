import type { FastifyInstance, FastifySchema } from 'fastify';
import { z } from 'zod';
import { apiErrorResponse } from '../../../shared/api/errors.schemas';

/**
 * What a route of the JSON API takes and answers, declared with the zod schemas of `shared/api/`.
 * The declaration is the route's entry in the OpenAPI document (`/api/openapi.json`) and, in the
 * test suites, what every answer of the route is checked against (`answer-check.ts`).
 *
 * Requests are still parsed in the handler (`parseInput`), not by Fastify before it: the handler
 * decides the order of the checks, so a signed-out caller hears 401 and an id that cannot exist
 * 404 before anything about the body, as the API always answered.
 */

/** The sections of the API reference. */
export const API_TAGS = {
  Health: 'Whether a process serves requests.',
  Site: 'Facts about this deployment and the whole site.',
  'Sign-in': 'Signing in with GitHub and signing out.',
  Profiles: "The caller's own profile and public profiles.",
  Discovery: "The home page's lists of GitHub repositories.",
  Repositories: 'A GitHub repository as a room shows it.',
  Rooms: 'Joining, leaving and reading rooms.',
  Messages: 'Reading and writing messages and reactions.',
  Moderation: "What a room's moderators do, reports of messages and ignored people.",
  'Read state': 'Read positions, unread counts, mentions and notification levels.',
  Threads: "Threads of messages, following them, their accepted answers and a room's questions.",
  Search: 'Searching messages.',
  Protection: "A room's protection from spam and the messages it holds for approval.",
} as const;
export type ApiTag = keyof typeof API_TAGS;

/** The security scheme of routes for signed-in callers (the session cookie). */
export const SESSION_SECURITY = 'session';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503;

export interface RouteContract {
  tag: ApiTag;
  summary: string;
  description?: string;
  /** Only for a signed-in caller: the session cookie is required, and 401 answers without it. */
  signedIn?: boolean;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /**
   * The answers that are not errors, by status: the schema of the JSON body (with what it means,
   * when the status does not say it), or what happened for an answer without a body.
   */
  answers: Record<number, z.ZodType | { body: z.ZodType; description: string } | string>;
  /** The errors this route answers, each with when (see `registerRouteContracts` for the ones all share). */
  errors?: Partial<Record<ErrorStatus, string>>;
}

/** A JSON answer of a route, as Fastify and @fastify/swagger read it. */
export interface ContractAnswer {
  description: string;
  content?: { 'application/json': { schema: z.ZodType } };
}

export type ContractSchema = FastifySchema & {
  tags: string[];
  summary: string;
  description?: string;
  security?: Array<Record<string, string[]>>;
  /** By status: a JSON answer, or a described zod `null` for one without a body (no content in the document). */
  response: Record<string, ContractAnswer | z.ZodType>;
};

const STATUS_DESCRIPTIONS: Record<number, string> = { 200: 'OK', 201: 'Created' };
const NOT_SIGNED_IN = 'Not signed in, or the session ended.';

const jsonAnswer = (schema: z.ZodType, description: string): ContractAnswer => ({
  description,
  content: { 'application/json': { schema } },
});

/** Route options declaring the contract: `app.get(url, contract({...}), handler)`. */
export function contract(spec: RouteContract): { schema: ContractSchema } {
  const response: ContractSchema['response'] = {};
  for (const [status, answer] of Object.entries(spec.answers)) {
    if (typeof answer === 'string') response[status] = z.null().describe(answer);
    else if ('body' in answer) response[status] = jsonAnswer(answer.body, answer.description);
    else response[status] = jsonAnswer(answer, STATUS_DESCRIPTIONS[Number(status)] ?? 'OK');
  }
  const errors: Partial<Record<ErrorStatus, string>> = {
    ...(spec.signedIn ? { 401: NOT_SIGNED_IN } : {}),
    ...spec.errors,
  };
  for (const [status, when] of Object.entries(errors)) response[status] = jsonAnswer(apiErrorResponse, when);
  return {
    schema: {
      tags: [spec.tag],
      summary: spec.summary,
      ...(spec.description ? { description: spec.description } : {}),
      ...(spec.signedIn ? { security: [{ [SESSION_SECURITY]: [] }] } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.querystring ? { querystring: spec.querystring } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      response,
    },
  };
}

/** A JSON Schema here would go unchecked (nothing compiles it): every route schema is zod. */
function onlyZod(schema: unknown, method: string, url: string): void {
  if (!(schema instanceof z.ZodType))
    throw new Error(`${method} ${url}: route schemas are zod schemas (route-contract.ts)`);
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CROSS_SITE = "a write from another site (its Origin header is not this site's)";

/**
 * Makes Fastify leave the declared schemas to the handlers and to plain JSON (it would compile
 * them as JSON Schema otherwise), refuses an /api route without a contract (unless hidden from the
 * reference, as the reference's own routes are), and adds to every contract the answers all
 * routes share: the refusals of the CSRF guard and body parser on writes, and the error shape for
 * the rest. Register before the routes.
 */
export function registerRouteContracts(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, method, url }) => {
    onlyZod(schema, method, url);
    return (value) => ({ value });
  });
  app.setSerializerCompiler(({ schema, method, url }) => {
    onlyZod(schema, method, url);
    return (data) => JSON.stringify(data);
  });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const schema = route.schema as (Partial<ContractSchema> & { hide?: boolean }) | undefined;
    if (schema?.hide) return;
    // Every route of the API is in its reference and has its answers checked by the tests.
    if (!schema?.response)
      throw new Error(`${String(route.method)} ${route.url} declares no contract (route-contract.ts)`);
    const response = schema.response;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((method) => WRITE_METHODS.has(method))) {
      const own = (response[403] as ContractAnswer | undefined)?.description;
      if (!own?.includes(CROSS_SITE)) {
        response[403] = jsonAnswer(apiErrorResponse, own ? `${own} Or ${CROSS_SITE}.` : `Refused: ${CROSS_SITE}.`);
      }
      response[413] = jsonAnswer(apiErrorResponse, 'The body is over 64 KiB.');
      response[415] = jsonAnswer(apiErrorResponse, 'A body that is not JSON (Content-Type: application/json).');
    }
    response.default = jsonAnswer(
      apiErrorResponse,
      'Any other failure, in the same shape: a malformed request (400), a dependency down (503, with Retry-After), an unexpected error (500).',
    );
  });
}
