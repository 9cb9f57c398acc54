import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrator';
import { sessionsRepository } from './db/repositories/sessions.repository';
import { createSessionsService } from './services/sessions.service';
import { buildUser } from './testing/builders';

const started: ChildProcess[] = [];
const tempDirs: string[] = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function startServer(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, server: { output: () => string }): Promise<Response> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    try {
      return await fetch(url);
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`server never answered: ${server.output()}`);
}

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-main-'));
  tempDirs.push(dir);
  return dir;
}

describe('server start-up', () => {
  it('refuses a bad PORT with a message naming it', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: tempDir() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
  });

  it('refuses a DATABASE_URL with an unknown scheme, naming it', async () => {
    const server = startServer({ DATABASE_URL: 'mysql://localhost/x', DATA_DIR: tempDir() });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/DATABASE_URL/);
  });

  it('stops when the database cannot be reached, naming DATABASE_URL', async () => {
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/nowhere',
      DATA_DIR: tempDir(),
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/DATABASE_URL/);
  });

  it('stops when the port is taken, naming PORT', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    const dir = tempDir();
    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${dir}/db.sqlite`,
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT/);
    blocker.close();
  });

  it('announces one address to open and, with stdout not a terminal, logs requests as JSON lines', async () => {
    const dir = tempDir();
    const port = await freePort();
    const server = startServer({
      PORT: String(port),
      HOST: '0.0.0.0',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`,
      LOG_LEVEL: 'info',
    });
    expect((await waitForHealth(`http://127.0.0.1:${port}/api/health`, server)).status).toBe(200);
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('"msg":"request"');

    const lines = server.output().split('\n');
    expect(lines.filter((line) => line.startsWith('Open '))).toEqual([`Open http://localhost:${port}`]);
    // Fastify's own line per bound address (every interface for 0.0.0.0) is not written.
    expect(server.output()).not.toContain('Server listening at');
    const request = JSON.parse(lines.find((line) => line.includes('"msg":"request"')) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(request).toMatchObject({ level: 30, method: 'GET', url: '/api/health', status: 200 });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it('serves health, then on SIGTERM closes sockets with 1001 and exits 0', async () => {
    const dir = tempDir();
    const port = await freePort();
    const databaseUrl = `sqlite:${path.join(dir, 'db.sqlite')}`;
    // A user with a session, created directly, so a WebSocket can connect.
    const handle = await openDatabase(databaseUrl);
    await migrateToLatest(handle);
    const user = await buildUser(handle.db);
    const { token } = await createSessionsService(sessionsRepository(handle.db)).create(user.id);
    await handle.close();

    const server = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dir,
      DATABASE_URL: databaseUrl,
    });
    const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, server);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(server.output()).toContain(`http://localhost:${port}`);

    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, {
      headers: { cookie: `rr_session=${token}`, origin: `http://localhost:${port}` },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await closed).toBe(1001);
    expect(await server.exited).toBe(0);
    // The session secret was generated once into the data directory.
    expect(fs.readFileSync(path.join(dir, 'session-secret'), 'utf8').trim().length).toBeGreaterThanOrEqual(32);
  });

  it('with METRICS_PORT, serves /metrics and the detailed health on that port, not on PORT', async () => {
    const dir = tempDir();
    const port = await freePort();
    const metricsPort = await freePort();
    const server = startServer({
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dir,
      DATABASE_URL: `sqlite:${path.join(dir, 'db.sqlite')}`,
    });
    expect((await waitForHealth(`http://127.0.0.1:${port}/api/health`, server)).status).toBe(200);
    const detailed = await waitForHealth(`http://127.0.0.1:${metricsPort}/health`, server);
    expect(await detailed.json()).toMatchObject({ status: 'ok', database: { ok: true, engine: 'sqlite' } });
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(text).toContain(
      'reporooms_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}',
    );
    // On the public port /metrics is just another client-side page path, never the metrics.
    expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).not.toContain('reporooms_');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
