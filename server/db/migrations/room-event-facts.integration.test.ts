import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { roomEvent } from '../../../shared/realtime/protocol.schemas';
import type { RoomEvent } from '../../../shared/realtime/protocol';
import { decodeFact } from '../../services/room-events/room-event-facts';
import { presentRoomEvents } from '../../services/room-events/room-event.presenter';
import { buildRoom, buildUser } from '../../testing/builders';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../../testing/databases';
import { migrations } from './index';

const THIS_MIGRATION = '20261127_1600_room_event_facts';

describeEachDatabase('migration: room events stored as facts', (engine) => {
  let database: TestDatabase;
  let migrator: Migrator;
  const at = '2026-11-20T10:00:00.000Z';
  const ids = { ada: '', grace: '', room: '', original: randomUUID(), reply: randomUUID(), reaction: randomUUID() };
  const gone = randomUUID();
  const reference = { repo: 'octo/demo', number: 7, kind: 'issue', title: 'A bug', state: 'open' } as const;
  let ada: { id: string; username?: string | null; display_name?: string | null };
  let grace: { id: string; username?: string | null; display_name?: string | null };

  const summary = (user: typeof ada) => ({
    id: user.id,
    username: user.username ?? null,
    display_name: user.display_name ?? null,
    avatar_url: null,
  });
  const messageRow = (id: string, userId: string, content: string, replyTo: string | null) => ({
    id,
    room_id: ids.room,
    user_id: userId,
    client_id: `c-${id}`,
    content,
    created_at: at,
    edited_at: null,
    reply_to_id: replyTo,
  });

  /** The events as the code before facts logged them (older shapes: no moderator, no reactor). */
  const legacy = () => [
    { type: 'member.joined', member: { user: summary(ada), joined_at: at, moderator: true } },
    { type: 'member.joined', member: { user: summary(grace), joined_at: at } },
    {
      type: 'message.created',
      message: {
        ...messageRow(ids.original, ids.ada, 'see #7', null),
        deleted: false,
        author: summary(ada),
        reactions: [],
      },
    },
    { type: 'message.references', message_id: ids.original, references: [reference] },
    {
      type: 'message.created',
      message: {
        ...messageRow(ids.reply, ids.grace, 'thanks', ids.original),
        deleted: false,
        author: summary(grace),
        reactions: [],
        reply_to: {
          message_id: ids.original,
          user_id: ids.ada,
          author: summary(ada),
          excerpt: 'see #7',
          deleted: false,
        },
      },
    },
    {
      type: 'reaction.added',
      reaction: { id: ids.reaction, message_id: ids.original, user_id: ids.grace, emoji: '👍' },
    },
    { type: 'room.topic_changed', topic: 'Releases' },
    { type: 'message.deleted', message_id: gone, by_moderator: true },
  ];

  const stored = async () =>
    database.db
      .selectFrom('room_events')
      .select(['seq', 'type', 'payload'])
      .where('room_id', '=', ids.room)
      .orderBy('seq')
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase(engine, { migrate: false });
    migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
      ...(database.schema ? { migrationTableSchema: database.schema } : {}),
    });
    const names = Object.keys(migrations).sort();
    const before = names[names.indexOf(THIS_MIGRATION) - 1] as string;
    expect((await migrator.migrateTo(before)).error).toBeUndefined();

    const db = database.db;
    ada = await buildUser(db, { display_name: 'Ada', github_username: 'ada-gh' });
    grace = await buildUser(db, { display_name: 'Grace' });
    const room = await buildRoom(db, ada.id, { last_seq: 8 });
    Object.assign(ids, { ada: ada.id, grace: grace.id, room: room.id });
    await db
      .insertInto('messages')
      .values([
        messageRow(ids.original, ids.ada, 'see #7', null),
        messageRow(ids.reply, ids.grace, 'thanks', ids.original),
      ])
      .execute();
    await db
      .insertInto('message_reactions')
      .values({
        id: ids.reaction,
        message_id: ids.original,
        room_id: ids.room,
        user_id: ids.grace,
        emoji: '👍',
        created_at: at,
      })
      .execute();
    await db
      .insertInto('message_references')
      .values({ message_id: ids.original, room_id: ids.room, refs: JSON.stringify([reference]), checked_at: at })
      .execute();
    await db
      .insertInto('room_events')
      .values(
        legacy().map((event, i) => ({
          room_id: ids.room,
          seq: i + 1,
          type: event.type,
          payload: JSON.stringify(event),
          created_at: at,
          message_id: event.type === 'message.created' ? (event.message as { id: string }).id : null,
        })),
      )
      .execute();

    const result = await migrator.migrateTo(THIS_MIGRATION);
    expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([[THIS_MIGRATION, 'Success']]);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('stores each event as its facts with the version of its type', async () => {
    const message = (id: string, userId: string, content: string, replyTo: string | null) => ({
      id,
      room_id: ids.room,
      user_id: userId,
      client_id: `c-${id}`,
      content,
      reply_to_id: replyTo,
      created_at: at,
      edited_at: null,
    });
    expect((await stored()).map((row) => [Number(row.seq), row.type, JSON.parse(row.payload) as unknown])).toEqual([
      [1, 'member.joined', { v: 1, member: { user_id: ids.ada, joined_at: at, moderator: true } }],
      [2, 'member.joined', { v: 1, member: { user_id: ids.grace, joined_at: at } }],
      [3, 'message.created', { v: 1, message: message(ids.original, ids.ada, 'see #7', null) }],
      [4, 'message.references', { v: 1, message_id: ids.original }],
      [5, 'message.created', { v: 1, message: message(ids.reply, ids.grace, 'thanks', ids.original) }],
      [
        6,
        'reaction.added',
        { v: 1, reaction: { id: ids.reaction, message_id: ids.original, user_id: ids.grace, emoji: '👍' } },
      ],
      [7, 'room.topic_changed', { v: 1, topic: 'Releases' }],
      [8, 'message.deleted', { v: 1, message_id: gone, by_moderator: true }],
    ]);
  });

  it('presents the converted facts as the protocol’s events, with profiles, quotes and references as they are now', async () => {
    // Today's presenter reads today's schema: the later migrations (which keep the facts) run first.
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await stored();
    const events = await presentRoomEvents(
      database.db,
      rows.map((row) => decodeFact(row.type, row.payload)),
    );
    for (const event of events) expect(roomEvent.safeParse(event).error).toBeUndefined();
    const [, joined, original, references, reply, reaction] = events as [RoomEvent, ...RoomEvent[]];
    expect(joined).toMatchObject({ member: { user: { id: ids.grace, display_name: 'Grace' }, joined_at: at } });
    expect(original).toMatchObject({
      type: 'message.created',
      message: {
        id: ids.original,
        content: 'see #7',
        author: { id: ids.ada, display_name: 'Ada', github_login: 'ada-gh' },
        references: [reference],
        reactions: [{ id: ids.reaction, emoji: '👍', user: { id: ids.grace, display_name: 'Grace' } }],
      },
    });
    expect(references).toEqual({ type: 'message.references', message_id: ids.original, references: [reference] });
    expect(reply).toMatchObject({
      message: { reply_to: { message_id: ids.original, excerpt: 'see #7', author: { display_name: 'Ada' } } },
    });
    expect(reaction).toMatchObject({ reaction: { user: { id: ids.grace, display_name: 'Grace' } } });
    expect(events.slice(6)).toEqual([
      { type: 'room.topic_changed', topic: 'Releases' },
      { type: 'message.deleted', message_id: gone, by_moderator: true },
    ]);
  });

  it('turns the facts back into events the earlier code can send when migrated down, and up again', async () => {
    expect((await migrator.migrateTo(THIS_MIGRATION)).error).toBeUndefined();
    expect((await migrator.migrateDown()).error).toBeUndefined();
    const downgraded = (await stored()).map((row) => JSON.parse(row.payload) as { type: string });
    expect(downgraded.map((event) => event.type)).toEqual(legacy().map((event) => event.type));
    for (const event of downgraded) expect(roomEvent.safeParse(event).error).toBeUndefined();
    expect(downgraded[2]).toMatchObject({ message: { id: ids.original, author: { display_name: 'Ada' } } });

    expect((await migrator.migrateTo(THIS_MIGRATION)).error).toBeUndefined();
    const again = await stored();
    expect(JSON.parse(again[4]!.payload)).toMatchObject({ v: 1, message: { reply_to_id: ids.original } });
  });
});
