import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinRoomResponse } from '../shared/api/rooms';
import { openDatabase, type DatabaseHandle } from './db/database';
import { sessionsRepository } from './db/repositories/sessions.repository';
import { anotherRepo } from './testing/room-test-kit';
import { openTestSocket, type TestSocket } from './testing/ws-test-client';
import { createSessionsService } from './services/sessions.service';
import { buildUser } from './testing/builders';
import { isPostgresReachable, TEST_DATABASE_URL } from './testing/databases';
import { interpolate, parseComposeYaml, type YamlValue } from './testing/deployment/compose-file';
import { parseDockerfile, type DockerStage } from './testing/deployment/dockerfile';
import { requireRedis, TEST_REDIS_URL } from './testing/redis';
import { spawnManaged, type ManagedChild } from './testing/services/child-process';
import { freePort, sleep } from './testing/services/free-port';
import { REPO_ROOT } from './testing/services/product-server';

/**
 * There is no Docker daemon on the build machines, so the deployment is run here the way Docker
 * and compose would run it: everything that decides how a container starts is read from the
 * Dockerfile and compose.yaml themselves (command, environment, working directory, files copied
 * into the image, health check, the services' settings, the proxy's upstreams), so these files
 * cannot drift from what this test proves. Only what Docker itself provides is substituted: the
 * service host names become the local PostgreSQL (a database created for this test) and Redis,
 * and each process gets its own port (each container has its own network).
 */

const dockerfile = parseDockerfile(read('Dockerfile'));
const compose = parseComposeYaml(read('compose.yaml'));
const runtime = dockerfile.at(-1)!;
const buildStage = dockerfile.find((stage) => stage.name !== undefined && stage.name !== runtime.name);
const services = mapOf(compose.services);
/** The services that run the product image (built from this directory). */
const appServices = Object.entries(services).filter(([, service]) => mapOf(service).build === '.');

describe('the Dockerfile and compose.yaml, as Docker runs them', () => {
  it('build a multi-stage image that runs as a non-root user with only production dependencies', () => {
    expect(buildStage).toBeDefined();
    expect(buildStage!.runs.join('\n')).toMatch(/npm ci\b/);
    expect(buildStage!.runs.join('\n')).toMatch(/npm run build/);
    expect(buildStage!.runs.join('\n')).toMatch(/npm prune --omit=dev/);
    // better-sqlite3's native build needs a compiler and Python in the stage that installs it.
    expect(buildStage!.runs.join('\n')).toMatch(/apt-get install[^\n]*\bpython3\b[^\n]*\bmake\b[^\n]*\bg\+\+/);
    expect(runtime.user).toBeDefined();
    expect(['root', '0']).not.toContain(runtime.user);
    expect(runtime.env.NODE_ENV).toBe('production');
    expect(runtime.copies.every((copy) => copy.from === buildStage!.name)).toBe(true);
    expect(runtime.cmd).toBeDefined();
    expect(runtime.healthcheck?.cmd.join(' ')).toContain('/api/health');
    expect(runtime.exposed).toContain(runtime.env.PORT);
  });

  it('build on a Node LTS line that every production dependency accepts; the code also runs on Node 20', () => {
    const text = read('Dockerfile');
    const major = Number(/^ARG NODE_IMAGE=node:(\d+)-/m.exec(text)?.[1]);
    expect([...text.matchAll(/^FROM (\S+)/gm)].map(([, image]) => image)).toEqual(['${NODE_IMAGE}', '${NODE_IMAGE}']);
    // Even majors are the LTS lines; 20 reached its end of life in April 2026.
    expect(major % 2).toBe(0);
    expect(major).toBeGreaterThan(20);
    // The image takes the newest release of its line.
    const imageNode = `${major}.99.0`;
    const lock = JSON.parse(read('package-lock.json')) as {
      packages: Record<string, { dev?: boolean; engines?: { node?: string } | string[]; os?: string[] }>;
    };
    const refused = Object.entries(lock.packages)
      // The image is Linux: a prebuilt binary for another system (sharp's Windows ones) is never installed there.
      .filter(([name, entry]) => name !== '' && !entry.dev && (entry.os?.includes('linux') ?? true))
      .map(([name, entry]) => [name, Array.isArray(entry.engines) ? undefined : entry.engines?.node] as const)
      .filter(([, range]) => range !== undefined && !semver.satisfies(imageNode, range))
      .map(([name, range]) => `${name} (${range})`);
    expect(refused).toEqual([]);
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    expect(semver.satisfies(imageNode, engines)).toBe(true);
    expect(semver.satisfies('20.19.0', engines)).toBe(true);
  });

  it('define PostgreSQL, Redis, two identical product processes and a WebSocket proxy in front of them', () => {
    expect(appServices.map(([name]) => name)).toHaveLength(2);
    const [first, second] = appServices.map(([, service]) => service);
    expect(second).toEqual(first);
    for (const [, service] of appServices) {
      // The image's own CMD is what runs (the test below runs that one).
      expect(Object.keys(mapOf(service))).not.toContain('command');
      expect(Object.keys(mapOf(service))).not.toContain('entrypoint');
      expect(Object.keys(mapOf(mapOf(service).depends_on)).sort()).toEqual(['minio-bucket', 'postgres', 'redis']);
      // Attachments go to the compose file's MinIO, its bucket made by the service it waits for.
      const env = envOf(service);
      expect(interpolate(env.S3_ENDPOINT ?? '', {})).toBe('http://minio:9000');
      expect(listOf(mapOf(services['minio-bucket']).command).join(' ')).toContain(`store/${env.S3_BUCKET}`);
    }

    const proxy = mapOf(services.proxy);
    const configMount = listOf(proxy.volumes).find((volume) => volume.startsWith('./'))!;
    const nginx = fs.readFileSync(path.join(REPO_ROOT, configMount.split(':')[0]!), 'utf8');
    const upstream = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(nginx);
    expect(upstream).not.toBeNull();
    const upstreamServers = [...upstream![2]!.matchAll(/^\s*server\s+([\w.-]+):(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`);
    expect(upstreamServers.sort()).toEqual(appServices.map(([name]) => `${name}:${runtime.env.PORT}`).sort());
    expect(nginx).toContain(`proxy_pass http://${upstream![1]};`);
    expect(nginx).toMatch(/proxy_http_version 1\.1;/);
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(nginx).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    // The Origin check compares against PUBLIC_URL, port included.
    expect(nginx).toMatch(/proxy_set_header Host \$http_host;/);
    expect(Object.keys(mapOf(proxy.depends_on)).sort()).toEqual(appServices.map(([name]) => name).sort());

    // By default the proxy publishes the port PUBLIC_URL names.
    const publicUrl = new URL(interpolate(envOf(appServices[0]![1]).PUBLIC_URL ?? '', {}));
    const published = interpolate(listOf(proxy.ports)[0] ?? '', {}).split(':')[0];
    expect(published).toBe(publicUrl.port);
  });
});

describe('the image and compose deployment, run outside Docker', async () => {
  const ready = (await requireRedis()) && (await postgresOrFail());
  if (!ready) {
    it.skip('needs PostgreSQL and Redis', () => undefined);
    return;
  }

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-image-'));
  /** The image's WORKDIR, here. */
  const appDir = path.join(workDir, 'app');
  const databaseName = `rr_image_${randomBytes(5).toString('hex')}`;
  const databaseUrl = TEST_DATABASE_URL.replace(/\/[^/]*$/, `/${databaseName}`);
  const processes: Array<{ name: string; port: number; env: NodeJS.ProcessEnv; child: ManagedChild }> = [];
  const sockets: TestSocket[] = [];
  let buildOutput = '';
  let fixture: DatabaseHandle | undefined;

  beforeAll(async () => {
    fs.mkdirSync(appDir, { recursive: true });
    layOutImage(runtime, buildStage!, appDir);
    // The build stage's `npm run build`, writing where the runtime stage's dist/ comes from.
    const build = spawnManaged('npm', ['run', 'build', '--', '--out-dir', buildOutput], { cwd: REPO_ROOT });
    await build.exited();
    if (build.child.exitCode !== 0) throw new Error(`npm run build failed:\n${build.output()}`);
    await adminQuery(`create database "${databaseName}"`);
    // One at a time, as compose would if one process came up first; the first one migrates.
    for (const [name, service] of appServices) {
      const port = await freePort();
      const env = containerEnv(service, port);
      const [command, ...args] = runtime.cmd!;
      const child = spawnManaged(command === 'node' ? process.execPath : command!, args, { cwd: appDir, env });
      processes.push({ name, port, env, child });
      await waitForHealth(port, child);
    }
    fixture = await openDatabase(databaseUrl, { poolSize: 2 });
  }, 400_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(processes.map(({ child }) => child.stop('SIGTERM', 15_000)));
    await fixture?.close();
    await adminQuery(`drop database if exists "${databaseName}" with (force)`);
    fs.rmSync(workDir, { recursive: true, force: true });
  }, 60_000);

  /** Lays out the runtime stage: every COPY --from=build, with dist/ made by the build stage's `npm run build`. */
  function layOutImage(stage: DockerStage, from: DockerStage, target: string): void {
    for (const copy of stage.copies) {
      for (const source of copy.sources) {
        const relative = path.posix.relative(from.workdir, source);
        const destination = path.join(
          target,
          path.posix.relative(stage.workdir, path.posix.join(stage.workdir, copy.destination)),
        );
        if (relative === 'dist') {
          buildOutput = destination;
          continue;
        }
        if (relative === 'node_modules') {
          // The repository's install (it also holds development dependencies, which the image prunes).
          fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), destination, 'dir');
          continue;
        }
        fs.cpSync(path.join(REPO_ROOT, relative), destination, { recursive: true });
      }
    }
    expect(buildOutput).not.toBe('');
  }

  function containerEnv(service: YamlValue, port: number): NodeJS.ProcessEnv {
    const postgres = envOf(services.postgres);
    const serviceEnv = Object.fromEntries(
      Object.entries(envOf(service)).map(([name, value]) => [name, interpolate(value, {})]),
    );
    // The compose values must point at the compose services; here those are the local servers.
    expect(serviceEnv.DATABASE_URL).toBe(
      `postgres://${postgres.POSTGRES_USER}:${postgres.POSTGRES_PASSWORD}@postgres:5432/${postgres.POSTGRES_DB}`,
    );
    expect(serviceEnv.REDIS_URL).toBe('redis://redis:6379');
    const imageEnv = Object.fromEntries(
      Object.entries(runtime.env).map(([name, value]) => [
        name,
        value.startsWith(`${runtime.workdir}/`) ? path.join(appDir, value.slice(runtime.workdir.length)) : value,
      ]),
    );
    // A container's environment is the image's plus the service's: nothing from this machine.
    return {
      PATH: process.env.PATH,
      ...imageEnv,
      ...serviceEnv,
      DATABASE_URL: databaseUrl,
      REDIS_URL: TEST_REDIS_URL,
      PORT: String(port),
    };
  }

  async function waitForHealth(port: number, child: ManagedChild): Promise<void> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (child.child.exitCode !== null) throw new Error(`the image's command exited:\n${child.output()}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`no healthy answer on port ${port}:\n${child.output()}`);
      await sleep(200);
    }
  }

  async function runHealthcheck(env: NodeJS.ProcessEnv): Promise<number | null> {
    const [command, ...args] = runtime.healthcheck!.cmd;
    const check = spawnManaged(command === 'node' ? process.execPath : command!, args, { cwd: appDir, env });
    await check.exited();
    return check.child.exitCode;
  }

  async function signedInUser(): Promise<{ id: string; cookie: string }> {
    const profile = await buildUser(fixture!.db);
    const { token } = await createSessionsService(sessionsRepository(fixture!.db)).create(profile.id);
    return { id: profile.id, cookie: `rr_session=${token}` };
  }

  it('builds with `npm run build`, and a start with unchanged sources skips the build', async () => {
    const stamp = fs.readFileSync(path.join(buildOutput, 'build-stamp.json'), 'utf8');
    expect(fs.existsSync(path.join(buildOutput, 'server/main.js'))).toBe(true);
    expect(fs.existsSync(path.join(buildOutput, 'client/index.html'))).toBe(true);
    // `npm start` is "build if stale, then run": its first step, pointed at this build.
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    const [buildIfStale, run] = scripts.start!.split(' && ');
    expect(run).toBe(runtime.cmd!.join(' '));
    const again = spawnManaged('sh', ['-c', `${buildIfStale} --out-dir "$OUT_DIR"`], {
      cwd: REPO_ROOT,
      env: { ...process.env, OUT_DIR: buildOutput },
    });
    await again.exited();
    expect(again.child.exitCode).toBe(0);
    expect(again.output()).not.toMatch(/Building/);
    expect(fs.readFileSync(path.join(buildOutput, 'build-stamp.json'), 'utf8')).toBe(stamp);
  }, 60_000);

  it("answers health on PostgreSQL and Redis, and the image's HEALTHCHECK passes", async () => {
    for (const { port, env } of processes) {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
      // Readiness: the PostgreSQL database and the Redis bus both answer.
      const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await runHealthcheck(env)).toBe(0);
    }
  });

  it('serves the site: a page and its script', async () => {
    const { port } = processes[0]!;
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`http://127.0.0.1:${port}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });

  it('delivers a message sent through one process to a socket on the other', async () => {
    const [a, b] = processes as [(typeof processes)[0], (typeof processes)[0]];
    // Browsers reach the processes through the proxy, so they send the public origin.
    const origin = String(a.env.PUBLIC_URL);
    const ada = await signedInUser();
    const grace = await signedInUser();
    const post = (port: number, user: { cookie: string }, url: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}${url}`, {
        method: 'POST',
        headers: { cookie: user.cookie, origin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // A repository of the embedded emulator's dataset: a first join checks that it exists.
    const repoFullName = anotherRepo();
    const joined = await post(a.port, ada, '/api/rooms/join', { repoFullName });
    expect(joined.status).toBe(200);
    const roomId = ((await joined.json()) as JoinRoomResponse).room.id;
    expect((await post(b.port, grace, '/api/rooms/join', { repoFullName })).status).toBe(200);

    const onB = await openTestSocket(`ws://127.0.0.1:${b.port}/ws`, { cookie: grace.cookie, origin });
    sockets.push(onB);
    onB.send({ type: 'room.subscribe', room_id: roomId, after_seq: 0 });
    await onB.waitFor('room.subscribed');

    const sent = await post(a.port, ada, `/api/rooms/${roomId}/messages`, { client_id: 'image-1', content: 'via A' });
    expect(sent.status).toBe(201);
    const delivered = await onB.waitFor('room.event', (frame) => frame.event.type === 'message.created', 10_000);
    expect(delivered).toMatchObject({
      room_id: roomId,
      event: { type: 'message.created', message: { content: 'via A' } },
    });

    // With NODE_ENV=production the processes log JSON lines.
    const requestLine = a.child
      .output()
      .split('\n')
      .find((line) => line.includes('"msg":"request"'));
    expect(JSON.parse(requestLine ?? '{}')).toMatchObject({ method: expect.any(String), status: expect.any(Number) });
  });

  it('fails the HEALTHCHECK once a process is gone', async () => {
    const last = processes.at(-1)!;
    await last.child.stop('SIGTERM', 15_000);
    expect(await runHealthcheck(last.env)).not.toBe(0);
  });
});

function read(file: string): string {
  return fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
}

function mapOf(value: YamlValue | undefined): { [key: string]: YamlValue } {
  if (typeof value !== 'object' || Array.isArray(value))
    throw new Error(`expected a mapping, got ${JSON.stringify(value)}`);
  return value;
}

function listOf(value: YamlValue | undefined): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error(`expected a list of strings, got ${JSON.stringify(value)}`);
  }
  return value;
}

function envOf(service: YamlValue | undefined): Record<string, string> {
  const env = mapOf(mapOf(service).environment);
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [name, String(value)]));
}

async function postgresOrFail(): Promise<boolean> {
  if (await isPostgresReachable()) return true;
  if (process.env.CI === 'true')
    throw new Error(`PostgreSQL is required under CI=true but ${TEST_DATABASE_URL} is unreachable`);
  console.warn(`\n!!! SKIPPING the image test: ${TEST_DATABASE_URL} is unreachable\n`);
  return false;
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
