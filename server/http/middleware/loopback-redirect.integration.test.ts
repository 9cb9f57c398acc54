import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app';
import { loadConfig } from '../../config/config';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../testing/databases';

describeEachDatabase('demo mode: the other loopback spelling', (engine) => {
  let database: TestDatabase;
  let built: BuiltApp;
  let workDir: string;

  beforeAll(async () => {
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-loopback-'));
    database = await createTestDatabase(engine);
    const config = loadConfig({
      PORT: '3000',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'silent',
      DATA_DIR: workDir,
      CLIENT_DIST_DIR: workDir,
      SESSION_SECRET: 'test-secret-test-secret-test-secret-000',
    });
    expect(config.github.mode).toBe('emulated');
    built = await buildApp(config, { database, logger: pino({ level: 'silent' }) });
    await built.app.ready();
  });

  afterAll(async () => {
    await built.close();
    await database.destroy().catch(() => undefined);
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  const get = (url: string, host: string, method: 'GET' | 'HEAD' | 'POST' = 'GET') =>
    built.app.inject({ method, url, headers: { host } });

  it('sends page loads at 127.0.0.1 or [::1] to PUBLIC_URL, path and query kept', async () => {
    for (const host of ['127.0.0.1:3000', '[::1]:3000']) {
      const response = await get('/chat/abc?x=1', host);
      expect(response.statusCode, host).toBe(302);
      expect(response.headers.location).toBe('http://localhost:3000/chat/abc?x=1');
    }
    expect((await get('/', '127.0.0.1:3000', 'HEAD')).headers.location).toBe('http://localhost:3000/');
  });

  it('leaves the public host, other ports and hosts, API calls, the emulator and non-GET requests alone', async () => {
    expect((await get('/', 'localhost:3000')).statusCode).not.toBe(302);
    expect((await get('/', '127.0.0.1:4000')).statusCode).not.toBe(302);
    expect((await get('/', 'rooms.example')).statusCode).not.toBe(302);
    expect((await get('/api/health', '127.0.0.1:3000')).statusCode).toBe(200);
    expect((await get('/_emulator/login/oauth/authorize', '127.0.0.1:3000')).statusCode).not.toBe(302);
    expect((await get('/chat/abc', '127.0.0.1:3000', 'POST')).statusCode).not.toBe(302);
  });
});
