import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig } from '../config/config';
import { createTestDatabase, type TestDatabase } from '../testing/databases';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let database: TestDatabase;
  let built: BuiltApp;
  let dataDir: string;
  let lines: Array<Record<string, unknown>>;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-reqid-'));
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
          lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const config = loadConfig({
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
    });
    built = await buildApp(config, { database, serveClient: false, logger: pino({ level: 'info' }, sink) });
    // A route that logs along the way, as handlers do when something goes wrong (this test's
    // own: kept out of the API reference, which would otherwise ask it for a contract).
    built.app.get('/api/test/logs-twice', { schema: { hide: true } }, async (request) => {
      request.log.info('first step');
      request.log.warn('second step');
      return { ok: true };
    });
    await built.app.ready();
  });
  beforeEach(() => {
    lines = [];
  });
  afterAll(async () => {
    await built?.close();
    await database?.destroy().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const linesOf = (id: string) => lines.filter((line) => line.reqId === id);

  it('a well-formed x-request-id is kept, echoed, and on every log line of the request', async () => {
    const id = 'edge-7f3a.9Z:trace/01=';
    const response = await built.app.inject({
      method: 'GET',
      url: '/api/test/logs-twice',
      headers: { 'x-request-id': id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe(id);
    expect(linesOf(id).map((line) => line.msg)).toEqual(['first step', 'second step', 'request']);
    expect(lines.filter((line) => line.msg !== undefined && line.reqId !== id)).toEqual([]);
  });

  it('without one, a fresh id is made, echoed and logged', async () => {
    const response = await built.app.inject({ method: 'GET', url: '/api/test/logs-twice' });
    const id = String(response.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(linesOf(id)).toHaveLength(3);
    const again = await built.app.inject({ method: 'GET', url: '/api/test/logs-twice' });
    expect(again.headers['x-request-id']).not.toBe(id);
  });

  it.each(['a'.repeat(129), 'two words', '<script>', 'quote"d', 'semi;colon', ''])(
    'an ill-formed x-request-id %j is replaced, not echoed or logged',
    async (given) => {
      const response = await built.app.inject({
        method: 'GET',
        url: '/api/test/logs-twice',
        headers: { 'x-request-id': given },
      });
      const id = String(response.headers['x-request-id']);
      expect(id).toMatch(UUID);
      expect(linesOf(id)).toHaveLength(3);
      expect(lines.filter((line) => line.reqId === given)).toEqual([]);
    },
  );

  it('errors and 404s carry the id too', async () => {
    const missing = await built.app.inject({
      method: 'GET',
      url: '/api/does-not-exist',
      headers: { 'x-request-id': 'lb-42' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('lb-42');
    const refused = await built.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'x-request-id': 'lb-43', origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['x-request-id']).toBe('lb-43');
    expect(linesOf('lb-43').some((line) => line.msg === 'request')).toBe(true);
  });
});
