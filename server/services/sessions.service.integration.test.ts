import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessionsRepository } from '../db/repositories/sessions.repository';
import { buildUser } from '../testing/builders';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../testing/databases';
import { createSessionsService, SESSION_CACHE_TTL_MS, SESSION_TTL_MS } from './sessions.service';

describeEachDatabase('sessions service', (engine) => {
  let handle: TestDatabase;
  let clock = Date.parse('2026-11-25T12:00:00Z');
  const now = () => clock;

  beforeAll(async () => {
    handle = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await handle?.destroy();
  });

  async function withSession() {
    const user = await buildUser(handle.db);
    const repo = sessionsRepository(handle.db);
    const sessions = createSessionsService(repo, now);
    const { token, session } = await sessions.create(user.id);
    return { user, repo, sessions, token, session };
  }

  it('answers a repeated resolve from memory, and forgets a session the moment it is ended', async () => {
    const { user, repo, sessions, token, session } = await withSession();
    expect(await sessions.resolve(token)).toEqual({ id: session.id, userId: user.id });
    // Deleted behind the service's back (another process signing out): memory still answers...
    await repo.delete(session.id);
    expect(await sessions.resolve(token)).toEqual({ id: session.id, userId: user.id });
    // ...until the sign-out is announced (sessions.forget), or the cache lifetime passes.
    sessions.forget(session.id);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('re-reads the database once the cache lifetime has passed', async () => {
    const { repo, sessions, token, session } = await withSession();
    expect(await sessions.resolve(token)).not.toBeNull();
    await repo.delete(session.id);
    clock += SESSION_CACHE_TTL_MS + 1;
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('destroy ends the session in memory and in the database', async () => {
    const { sessions, token, session } = await withSession();
    expect(await sessions.resolve(token)).not.toBeNull();
    await sessions.destroy(session.id);
    expect(await sessions.resolve(token)).toBeNull();
    expect(await sessions.activeAmong([session.id])).toEqual(new Set());
  });

  it('tells which of many sessions still exist in one read, leaving out ended and expired ones', async () => {
    const open = await Promise.all(Array.from({ length: 3 }, () => withSession()));
    const ended = await withSession();
    await ended.sessions.destroy(ended.session.id);
    const expiring = await withSession();
    await expiring.repo.touch(expiring.session.id, new Date(clock).toISOString(), new Date(clock - 1).toISOString());
    // More ids than one statement carries (500), most of them unknown.
    const unknown = Array.from({ length: 1200 }, (_, i) => `no-such-session-${i}`);
    const ids = [
      ...unknown.slice(0, 700),
      ...open.map((s) => s.session.id),
      ended.session.id,
      expiring.session.id,
      ...unknown.slice(700),
    ];
    expect(await open[0]!.sessions.activeAmong(ids)).toEqual(new Set(open.map((s) => s.session.id)));
    expect(await open[0]!.sessions.activeAmong([])).toEqual(new Set());
  });

  it('never answers an expired session from memory, and still slides the expiry as it is used', async () => {
    const { repo, sessions, token, session } = await withSession();
    expect(await sessions.resolve(token)).not.toBeNull();
    // Two hours later the stored last_seen_at is older than the touch interval: resolve writes it.
    clock += 2 * 60 * 60 * 1000;
    expect(await sessions.resolve(token)).not.toBeNull();
    const row = await repo.findValid(session.id, new Date(clock).toISOString());
    expect(Date.parse(row!.expires_at)).toBe(clock + SESSION_TTL_MS);
    // Past its expiry nothing answers, memory included.
    clock += SESSION_TTL_MS + 1;
    expect(await sessions.resolve(token)).toBeNull();
  });
});
