import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteStatsResponse } from '../../../shared/api/rooms';
import { createProductServer, type ProductServer } from '../../testing/services/product-server';
import { DEMO_CONVERSATIONS } from './conversations';

/** The real server (server/main.ts) in demo mode, as a newcomer finds it on first start. */
describe('a demo-mode server starts with content', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reporooms-demo-'));
  let server: ProductServer;

  beforeAll(async () => {
    server = await createProductServer({
      databaseUrl: `sqlite:${path.join(dir, 'demo.db')}`,
      sessionSecret: randomBytes(32).toString('hex'),
      env: { DEMO_CONTENT: 'true' },
    });
    await server.start();
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const stats = async () => (await (await fetch(`${server.origin}/api/stats`)).json()) as SiteStatsResponse;

  it('shows non-zero tiles and rooms under Active now', async () => {
    const tiles = await stats();
    expect(tiles.rooms).toBe(DEMO_CONVERSATIONS.length);
    expect(tiles.messages).toBeGreaterThan(50);
    expect(tiles.members).toBeGreaterThan(10);
    const active = await fetch(`${server.origin}/api/discovery/active`);
    expect(active.status).toBe(200);
    const body = await active.text();
    for (const script of DEMO_CONVERSATIONS) expect(body).toContain(script.repo);
  });

  it('does not add the content again on a restart', async () => {
    const before = await stats();
    await server.stop();
    await server.start();
    // The stats answer is cached for seconds per process; a new process counts afresh.
    expect(await stats()).toEqual(before);
  }, 120_000);
});
