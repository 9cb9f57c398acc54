import { gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerAnswerCheck, type AnswerMismatch } from './answer-check';
import { contract, registerRouteContracts } from './route-contract';

const thing = z.strictObject({ id: z.string(), count: z.number().int() });

describe('the answer check of the test suites', () => {
  let app: FastifyInstance;
  let mismatches: AnswerMismatch[];
  afterEach(async () => {
    await app?.close();
  });

  async function appAnswering(answer: (reply: import('fastify').FastifyReply) => unknown): Promise<FastifyInstance> {
    mismatches = [];
    app = Fastify();
    registerRouteContracts(app);
    registerAnswerCheck(app, (mismatch) => mismatches.push(mismatch));
    const spec = contract({
      tag: 'Site',
      summary: 'A thing',
      answers: { 200: thing, 204: 'Nothing to say.' },
      errors: { 404: 'No such thing.' },
    });
    app.get('/api/thing', spec, async (_request, reply) => answer(reply));
    await app.ready();
    return app;
  }

  it('lets an answer that matches its contract through unchanged', async () => {
    await appAnswering(() => ({ id: 'a', count: 2 }));
    const response = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 'a', count: 2 });
    expect(mismatches).toEqual([]);
  });

  it('turns an answer with a field the contract does not have into a 500 saying which', async () => {
    await appAnswering(() => ({ id: 'a', count: 2, email: 'someone@example.com' }));
    const response = await app.inject({ method: 'GET', url: '/api/thing' });
    expect(response.statusCode).toBe(500);
    expect(response.json().error.message).toBe(
      'The 200 answer of GET /api/thing breaks its contract: (answer): Unrecognized key: "email"',
    );
    expect(response.body).not.toContain('someone@example.com');
    expect(mismatches).toEqual([
      { method: 'GET', url: '/api/thing', status: 200, problem: '(answer): Unrecognized key: "email"' },
    ]);
  });

  it('checks a wrong type, a missing field and a body where none is declared', async () => {
    await appAnswering(() => ({ id: 'a', count: 2.5 }));
    expect((await app.inject({ method: 'GET', url: '/api/thing' })).statusCode).toBe(500);
    expect(mismatches[0]?.problem).toMatch(/^count: /);
    await app.close();

    await appAnswering(() => ({ id: 'a' }));
    expect((await app.inject({ method: 'GET', url: '/api/thing' })).statusCode).toBe(500);
    expect(mismatches[0]?.problem).toMatch(/^count: /);
    await app.close();

    await appAnswering((reply) => reply.status(204).send('{}'));
    expect((await app.inject({ method: 'GET', url: '/api/thing' })).statusCode).toBe(500);
    expect(mismatches[0]?.problem).toBe('a body where none is declared');
  });

  it('checks errors against the shared error shape, declared or not', async () => {
    await appAnswering((reply) => reply.status(404).send({ error: { code: 'not_found', message: 'No such thing' } }));
    expect((await app.inject({ method: 'GET', url: '/api/thing' })).statusCode).toBe(404);
    await app.close();

    await appAnswering((reply) => reply.status(409).send({ message: 'not our shape' }));
    expect((await app.inject({ method: 'GET', url: '/api/thing' })).statusCode).toBe(500);
    expect(mismatches[0]).toMatchObject({
      status: 409,
      problem: expect.stringContaining('Unrecognized key: "message"'),
    });
  });

  it('reads a body that was compressed before it reached the check', async () => {
    await appAnswering((reply) =>
      reply
        .header('content-encoding', 'gzip')
        .type('application/json')
        .send(gzipSync(JSON.stringify({ id: 'a', count: 'two' }))),
    );
    expect((await app.inject({ method: 'GET', url: '/api/thing' })).statusCode).toBe(500);
    expect(mismatches[0]?.problem).toMatch(/^count: /);
  });
});
