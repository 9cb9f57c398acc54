import { validate, compileErrors } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../../shared/api/errors';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { DOCS_CSP, DOCS_PATH, OPENAPI_PATH } from './openapi';

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  openapi: string;
  info: { title: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * Every route of the server as `METHOD /path`, read from Fastify's route tree (`printRoutes`): each
 * node's label continues its parent's path, and its methods follow it in parentheses.
 */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const pathAt: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (pathAt[depth - 1] ?? '') + (match[2] ?? '');
    pathAt[depth] = path;
    for (const method of (match[3] ?? '').split(', ')) if (METHODS.includes(method)) routes.push(`${method} ${path}`);
  }
  return routes;
}

/** `/api/rooms/:roomId` as OpenAPI writes it: `/api/rooms/{roomId}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the API reference', () => {
  let testApp: TestApp;
  let document: Document;
  beforeAll(async () => {
    // The document is made from the route declarations alone; one engine is enough.
    testApp = await createTestApp();
    const response = await testApp.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    document = response.json<Document>();
  });
  afterAll(async () => {
    await testApp?.destroy();
  });

  it('is a valid OpenAPI 3 document', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info.title).toBe('RepoRooms API');
    // The validator resolves references in place: it gets its own copy.
    const result = await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0]);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
  });

  it('documents every /api route the server registers, and no other', () => {
    const registered = registeredRoutes(testApp.app.printRoutes({ commonPrefix: false }))
      .filter((route) => route.includes(' /api/'))
      .filter((route) => !route.includes(` ${DOCS_PATH}`) && !route.endsWith(` ${OPENAPI_PATH}`))
      .map((route) => {
        const [method, path] = route.split(' ') as [string, string];
        return `${method} ${openApiPath(path)}`;
      });
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // Spot checks that the route tree was read whole: a nested path and a parameter deep inside it.
    expect(registered).toContain('DELETE /api/messages/{messageId}');
    expect(registered).toContain('POST /api/messages/{messageId}/reports/dismiss');
    expect(registered.length).toBeGreaterThan(40);
    expect([...documented].sort()).toEqual([...new Set(registered)].sort());
  });

  it('gives every operation a summary, a section, its success answers and the shared error shape', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, where).toBeTruthy();
        expect(operation.tags, where).toHaveLength(1);
        expect(
          Object.keys(operation.responses).some((status) => /^[23]/.test(status)),
          where,
        ).toBe(true);
        expect(operation.responses.default?.content?.['application/json']?.schema, where).toEqual({
          $ref: '#/components/schemas/ApiError',
        });
      }
    }
  });

  it("shows a route's parameters, body, answers and errors: sending a message", () => {
    const send = document.paths['/api/rooms/{roomId}/messages']?.post;
    expect(send).toBeDefined();
    expect(send?.parameters).toContainEqual(expect.objectContaining({ in: 'path', name: 'roomId', required: true }));
    const body = send?.requestBody?.content['application/json']?.schema;
    expect(Object.keys(body?.properties ?? {})).toEqual([
      'client_id',
      'content',
      'reply_to_id',
      'thread_root_id',
      'also_send_to_room',
      'attachment_ids',
    ]);
    expect(send?.security).toEqual([{ session: [] }]);
    expect(send?.responses['201']?.content?.['application/json']?.schema).toEqual({
      type: 'object',
      properties: { message: { $ref: '#/components/schemas/Message' } },
      required: ['message'],
      additionalProperties: false,
    });
    expect(send?.responses['200']?.description).toMatch(/client_id/);
    for (const status of ['400', '401', '403', '404', '409', '413', '415', '429']) {
      expect(send?.responses[status]?.content?.['application/json']?.schema, status).toEqual({
        $ref: '#/components/schemas/ApiError',
      });
    }
    expect(send?.responses['429']?.description).toMatch(/slow mode/);
  });

  it('shows an answer without a body as no content: deleting a message', () => {
    const remove = document.paths['/api/messages/{messageId}']?.delete;
    expect(remove?.responses['204']).toEqual({ description: 'Deleted.' });
    expect(remove?.requestBody).toBeUndefined();
  });

  it('describes the error shape of shared/api/errors.ts', () => {
    const error = document.components.schemas.ApiError?.properties?.error as {
      properties: { code: { enum: string[] }; message: unknown };
      required: string[];
    };
    expect(error.properties.code.enum).toEqual([...API_ERROR_CODES]);
    expect(error.required).toEqual(['code', 'message']);
  });
});

describe('the API reference page', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.destroy();
  });

  it('renders the document with files of this site only, under a policy of its own', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: DOCS_PATH });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>RepoRooms API</title>');
    const scripts = [...page.body.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.map(([, attributes]) => /src="([^"]+)"/.exec(attributes ?? '')?.[1])).toEqual([
      `${DOCS_PATH}/static/swagger-ui-bundle.js`,
      `${DOCS_PATH}/static/swagger-ui-standalone-preset.js`,
      `${DOCS_PATH}/static/swagger-initializer.js`,
    ]);
    // No inline script: the policy allows scripts from this origin only.
    expect(scripts.every(([, , inline]) => (inline ?? '').trim() === '')).toBe(true);
    expect(page.headers['content-security-policy']).toBe(DOCS_CSP);
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');

    for (const file of ['swagger-ui-bundle.js', 'swagger-initializer.js', 'swagger-ui.css']) {
      const asset = await testApp.app.inject({ method: 'GET', url: `${DOCS_PATH}/static/${file}` });
      expect(asset.statusCode, file).toBe(200);
      expect(asset.headers['content-security-policy'], file).toBe(DOCS_CSP);
    }
    const initializer = await testApp.app.inject({ method: 'GET', url: `${DOCS_PATH}/static/swagger-initializer.js` });
    expect(initializer.body).toContain("resolveUrl('./json')");
    const json = await testApp.app.inject({ method: 'GET', url: `${DOCS_PATH}/json` });
    expect(json.json<Document>().info.title).toBe('RepoRooms API');
  });

  it("keeps the site's own policy everywhere else", async () => {
    for (const url of ['/api/health', OPENAPI_PATH]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).not.toBe(DOCS_CSP);
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(response.headers['content-security-policy'], url).toContain('connect-src');
    }
  });
});
