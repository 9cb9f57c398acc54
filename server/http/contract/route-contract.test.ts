import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contract, registerRouteContracts, type ContractAnswer } from './route-contract';

describe('route contracts', () => {
  let app: FastifyInstance;
  afterEach(async () => {
    await app?.close();
  });

  it('refuses an /api route that declares no contract', async () => {
    app = Fastify();
    registerRouteContracts(app);
    expect(() => app.get('/api/unknown', async () => ({}))).toThrow('GET /api/unknown declares no contract');
    // Hidden routes (the reference's own pages) and routes outside the API need none.
    app.get('/api/docs-like', { schema: { hide: true } }, async () => ({}));
    app.get('/page', async () => ({}));
    await app.ready();
  });

  it('refuses a JSON Schema, which nothing would check', async () => {
    app = Fastify();
    registerRouteContracts(app);
    app.post('/page', { schema: { body: { type: 'object', required: ['name'] } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow('POST /page: route schemas are zod schemas');
  });

  it('adds the answers every write shares, and the error shape for the rest', async () => {
    app = Fastify();
    registerRouteContracts(app);
    const spec = contract({
      tag: 'Messages',
      summary: 'Delete',
      signedIn: true,
      answers: { 204: 'Deleted.' },
      errors: { 403: 'Not yours.' },
    });
    app.delete('/api/thing', spec, async (_request, reply) => reply.status(204).send());
    await app.ready();
    const response = spec.schema.response as Record<string, ContractAnswer>;
    expect(Object.keys(response).sort()).toEqual(['204', '401', '403', '413', '415', 'default']);
    expect(response[403]?.description).toBe(
      "Not yours. Or a write from another site (its Origin header is not this site's).",
    );
    expect(response[401]?.content?.['application/json'].schema).toBe(
      response.default?.content?.['application/json'].schema,
    );
    expect(spec.schema.security).toEqual([{ session: [] }]);
    expect(response[204]).toBeInstanceOf(z.ZodNull);
  });
});
