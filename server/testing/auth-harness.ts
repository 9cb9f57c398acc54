import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { DEMO_OAUTH_APP } from '../../emulator/index';
import { startEmulatorServer, type StartedEmulator } from '../../emulator/server';
import { buildApp, type BuiltApp } from '../app';
import { loadConfig } from '../config/config';
import type { DatabaseEngine } from '../db/database';
import { createTestDatabase, type TestDatabase } from './databases';
import { apiClient } from './http';

export const PUBLIC_URL = 'http://localhost:3000';
export const CALLBACK_URL = `${PUBLIC_URL}/api/auth/github/callback`;

/** The real app against a standalone emulator, with every log line kept for inspection. */
export async function startAuthHarness(engine: DatabaseEngine) {
  const emulator: StartedEmulator = await startEmulatorServer({
    apps: [{ ...DEMO_OAUTH_APP, callbackUrl: CALLBACK_URL }],
  });
  const database: TestDatabase = await createTestDatabase(engine);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-auth-'));
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const config = loadConfig({
    PUBLIC_URL,
    LOG_LEVEL: 'trace',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'auth-test-secret-auth-test-secret-0000',
    GITHUB_API_URL: `${emulator.url}/api/v3`,
    GITHUB_WEB_URL: emulator.url,
  });
  const built: BuiltApp = await buildApp(config, {
    database,
    serveClient: false,
    logger: pino({ level: 'trace' }, sink),
  });
  await built.app.ready();
  const api = apiClient(built.app, PUBLIC_URL);

  /** Everything a test saw leave the server: bodies and headers (session cookies aside) and log lines. */
  const exposed: string[] = [];
  const record = (response: { body: string; headers: Record<string, unknown> }) => {
    exposed.push(response.body);
    const { 'set-cookie': _cookies, ...headers } = response.headers;
    exposed.push(JSON.stringify(headers));
  };

  return {
    emulator,
    database,
    config,
    app: built.app,
    ctx: built.ctx,
    api,
    logLines,
    exposed,
    record,
    async control(method: string, pathname: string, body?: unknown): Promise<unknown> {
      const response = await fetch(`${emulator.url}/__control${pathname}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return response.json();
    },
    async close() {
      await built.close();
      await database.destroy().catch(() => undefined);
      await emulator.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type AuthHarness = Awaited<ReturnType<typeof startAuthHarness>>;

export function cookieValue(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const cookie of all) {
    const [pair] = cookie.split(';');
    const [key, ...rest] = (pair ?? '').split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** GET /api/auth/github/start as a browser would: the authorize URL and the binding cookie. */
export async function startSignIn(h: AuthHarness, returnTo = '/', binding?: string) {
  const response = await h.api.get(`/api/auth/github/start?returnTo=${encodeURIComponent(returnTo)}`, {
    ...(binding ? { cookie: `rr_oauth=${binding}` } : {}),
  });
  h.record(response);
  if (response.statusCode !== 302) throw new Error(`start answered ${response.statusCode}`);
  const authorizeUrl = new URL(String(response.headers.location));
  return { authorizeUrl, binding: cookieValue(response.headers['set-cookie'], 'rr_oauth') ?? binding ?? '', response };
}

/** Submits the emulator's consent form (as the user clicking 'Sign in as …' or Cancel); returns the callback URL. */
export async function consent(
  h: AuthHarness,
  authorizeUrl: URL,
  choice: { login: string } | { cancel: true },
): Promise<URL> {
  const form = new URLSearchParams(authorizeUrl.searchParams);
  if ('login' in choice) form.set('login', choice.login);
  else form.set('cancel', '1');
  const response = await fetch(`${h.emulator.url}/login/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const location = response.headers.get('location');
  if (response.status !== 302 || !location) throw new Error(`consent answered ${response.status}`);
  return new URL(location);
}

/** Follows GitHub's redirect back to our callback with the browser's binding cookie. */
export async function callback(h: AuthHarness, callbackUrl: URL, binding: string | undefined) {
  const response = await h.api.get(`${callbackUrl.pathname}${callbackUrl.search}`, {
    ...(binding ? { cookie: `rr_oauth=${binding}` } : {}),
  });
  h.record(response);
  return {
    response,
    location: String(response.headers.location ?? ''),
    session: cookieValue(response.headers['set-cookie'], 'rr_session'),
  };
}

/** The whole happy path for a demo login; returns the session cookie header. */
export async function signInThroughGitHub(h: AuthHarness, login: string, returnTo = '/') {
  const started = await startSignIn(h, returnTo);
  const back = await consent(h, started.authorizeUrl, { login });
  const done = await callback(h, back, started.binding);
  if (!done.session) throw new Error(`sign-in failed: ${done.location}`);
  return {
    cookie: `rr_session=${done.session}`,
    token: done.session,
    location: done.location,
    callbackUrl: back,
    binding: started.binding,
  };
}
