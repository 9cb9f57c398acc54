import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '../../../shared/limits';
import { REALTIME_PATH } from '../../../shared/realtime/protocol';
import { sessionCookieName } from '../../config/site-origin';
import type { RouteDeps } from '../route-deps';
import { API_TAGS, SESSION_SECURITY } from './route-contract';
import { tidyDocument } from './tidy-document';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * The docs page's own Content-Security-Policy, narrower than the site's (no WebSocket, no GitHub,
 * no forms): Swagger UI is served from this origin as files (scripts from 'self' only, nothing
 * inline) and fetches the document and any "Try it out" call from this origin. Inline styles, as
 * on the rest of the site, for the styles its components set at run time.
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const DESCRIPTION = `The JSON API of ${PRODUCT_NAME}, the API its own web client uses.

- **Signing in**: in a browser, \`GET /api/auth/github/start\`; the session is an HttpOnly cookie. Routes marked with a lock need it.
- **Writes** (POST, PUT, PATCH, DELETE) must carry this site's \`Origin\` header, and a body, when there is one, must be JSON (\`Content-Type: application/json\`). A write without a body needs no content type.
- **Errors** always answer \`{"error": {"code", "message"}}\`; the message is written for people, the code for programs. 429 answers say when to try again (\`retryAfterSeconds\` and the \`Retry-After\` header).
- **Live updates** come over the WebSocket at \`${REALTIME_PATH}\` (not described here): writes are HTTP calls, and the socket pushes what they changed.`;

/**
 * The OpenAPI 3.1 document of every /api route that declares a contract, generated from the same
 * zod schemas the server parses with, at /api/openapi.json, and a page rendering it at /api/docs.
 * Register before the routes: the document is built from the routes registered after it.
 */
export async function registerOpenApi(app: FastifyInstance, { config }: Pick<RouteDeps, 'config'>): Promise<void> {
  const transform = createJsonSchemaTransform({});
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${PRODUCT_NAME} API`, version: '1', description: DESCRIPTION },
      servers: [{ url: config.publicUrl }],
      tags: Object.entries(API_TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          [SESSION_SECURITY]: { type: 'apiKey', in: 'cookie', name: sessionCookieName(config) },
        },
      },
    },
    // Only the JSON API is documented: not the page, its files, the emulator or the docs themselves.
    transform: (route) =>
      route.url.startsWith('/api/') && !route.url.startsWith(DOCS_PATH) && route.url !== OPENAPI_PATH
        ? transform(route)
        : { schema: { hide: true }, url: route.url },
    transformObject: (document) => tidyDocument(jsonSchemaTransformObject(document)),
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    staticCSP: DOCS_CSP,
    theme: { title: `${PRODUCT_NAME} API` },
    // BaseLayout: the reference without Swagger UI's top bar (its logo and a box to load other documents).
    uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0 },
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return app.swagger();
  });
}
