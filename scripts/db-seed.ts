/**
 * Fills DATABASE_URL with demo users, rooms and messages so a fresh install has something to
 * look at. Safe to run twice: it does nothing when demo rooms already exist.
 */
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../server/config/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrator';
import { buildRoom, buildUser } from '../server/testing/builders';

const config = loadConfig();
const handle = await openDatabase(config.databaseUrl);
await migrateToLatest(handle);
const db = handle.db;

const existing = await db
  .selectFrom('profiles')
  .select('id')
  .where('github_username', '=', 'seed-ada')
  .executeTakeFirst();
if (existing) {
  process.stdout.write('Seed data already present\n');
} else {
  const people = await Promise.all(
    ['ada', 'grace', 'linus'].map((name, i) =>
      buildUser(db, {
        github_id: 90_000_000 + i,
        username: `seed-${name}`,
        github_username: `seed-${name}`,
        display_name: `${name[0]?.toUpperCase()}${name.slice(1)} (seed)`,
      }),
    ),
  );
  const [first] = people;
  if (!first) throw new Error('no seed users');
  const lines = ['Hello everyone!', 'Has anyone tried the latest release?', 'Yes, upgrading went smoothly here.'];
  for (const repo of ['facebook/react', 'microsoft/vscode', 'rust-lang/rust']) {
    const room = await buildRoom(db, first.id, { repo_full_name: repo, repo_key: repo.toLowerCase() });
    const start = Date.now() - 60 * 60_000;
    for (const [i, person] of people.entries()) {
      await db
        .insertInto('chat_members')
        .values({
          id: randomUUID(),
          room_id: room.id,
          user_id: person.id,
          joined_at: new Date(start).toISOString(),
          left_at: null,
        })
        .execute();
      await db
        .insertInto('messages')
        .values({
          id: randomUUID(),
          room_id: room.id,
          user_id: person.id,
          client_id: randomUUID(),
          content: lines[i] ?? 'Hi',
          created_at: new Date(start + (i + 1) * 60_000).toISOString(),
          edited_at: null,
        })
        .execute();
    }
  }
  process.stdout.write('Seeded 3 users and 3 rooms\n');
}
await handle.close();
