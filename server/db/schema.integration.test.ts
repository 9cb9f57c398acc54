import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildRoom, buildUser } from '../testing/builders';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../testing/databases';
import { sessionsRepository } from './repositories/sessions.repository';
import { toBool } from './schema';

describeEachDatabase('schema', (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('keeps usernames unique whatever their case', async () => {
    await buildUser(database.db, { username: 'CaseUser' });
    await expect(buildUser(database.db, { username: 'caseuser' })).rejects.toThrow();
  });

  it('allows one membership per room and user', async () => {
    const user = await buildUser(database.db);
    const room = await buildRoom(database.db, user.id);
    const member = { room_id: room.id, user_id: user.id, joined_at: new Date().toISOString(), left_at: null };
    await database.db
      .insertInto('chat_members')
      .values({ id: randomUUID(), ...member })
      .execute();
    await expect(
      database.db
        .insertInto('chat_members')
        .values({ id: randomUUID(), ...member })
        .execute(),
    ).rejects.toThrow();
  });

  it('allows one reaction per message, user and emoji', async () => {
    const user = await buildUser(database.db);
    const room = await buildRoom(database.db, user.id);
    const messageId = randomUUID();
    const now = new Date().toISOString();
    await database.db
      .insertInto('messages')
      .values({
        id: messageId,
        room_id: room.id,
        user_id: user.id,
        client_id: randomUUID(),
        content: 'hi',
        created_at: now,
        edited_at: null,
      })
      .execute();
    const reaction = { message_id: messageId, room_id: room.id, user_id: user.id, emoji: '👍', created_at: now };
    await database.db
      .insertInto('message_reactions')
      .values({ id: randomUUID(), ...reaction })
      .execute();
    await expect(
      database.db
        .insertInto('message_reactions')
        .values({ id: randomUUID(), ...reaction })
        .execute(),
    ).rejects.toThrow();
  });

  it('keeps one room per repository whatever the spelling', async () => {
    const user = await buildUser(database.db);
    await buildRoom(database.db, user.id, { repo_full_name: 'Acme/Widget', repo_key: 'acme/widget' });
    await expect(
      buildRoom(database.db, user.id, { repo_full_name: 'acme/widget', repo_key: 'acme/widget' }),
    ).rejects.toThrow();
  });

  it('public_profiles hides private profiles and fields the owner hid', async () => {
    const open = await buildUser(database.db, { location: 'Paris', company: 'Acme', followers: 7 });
    const hidden = await buildUser(database.db, {
      location: 'Oslo',
      company: 'Initech',
      show_location: false,
      show_company: false,
      show_github_stats: false,
      followers: 9,
    });
    const secret = await buildUser(database.db, { profile_visibility: 'private' });
    const rows = await database.db
      .selectFrom('public_profiles')
      .selectAll()
      .where('id', 'in', [open.id, hidden.id, secret.id])
      .execute();
    expect(rows.map((r) => r.id).sort()).toEqual([open.id, hidden.id].sort());
    const openRow = rows.find((r) => r.id === open.id);
    const hiddenRow = rows.find((r) => r.id === hidden.id);
    expect(openRow).toMatchObject({ location: 'Paris', company: 'Acme', followers: 7 });
    expect(toBool(openRow?.show_github_stats)).toBe(true);
    expect(hiddenRow).toMatchObject({ location: null, company: null, followers: null });
    expect(toBool(hiddenRow?.show_github_stats)).toBe(false);
  });

  it('finds only unexpired sessions', async () => {
    const user = await buildUser(database.db);
    const repo = sessionsRepository(database.db);
    const now = new Date('2026-01-01T00:00:00Z').toISOString();
    await repo.insert({
      id: 'live',
      user_id: user.id,
      created_at: now,
      last_seen_at: now,
      expires_at: '2026-02-01T00:00:00.000Z',
    });
    await repo.insert({
      id: 'dead',
      user_id: user.id,
      created_at: now,
      last_seen_at: now,
      expires_at: '2025-12-01T00:00:00.000Z',
    });
    expect(await repo.findValid('live', now)).toBeDefined();
    expect(await repo.findValid('dead', now)).toBeUndefined();
    expect(await repo.deleteExpired(now)).toBe(1);
  });
});
